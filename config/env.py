"""Reading settings from the environment: the helpers config/settings/ uses."""

import os
from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from dotenv import dotenv_values

BASE_DIR = Path(__file__).resolve().parent.parent


def env_file_path() -> Path | None:
    """ENV_FILE, or the local profile's VAR_DIR/env (written by `make`); None when ENV_FILE is
    set empty."""
    if "ENV_FILE" in os.environ:
        return Path(os.environ["ENV_FILE"]) if os.environ["ENV_FILE"] else None
    return Path(os.environ.get("VAR_DIR") or BASE_DIR / "var") / "env"


def load_env_file() -> Path | None:
    """Put the env file's variables into os.environ, where the real environment does not set
    them already: every manage.py command, gunicorn, the worker and cron read the same file.

    No ${...} expansion, as systemd's EnvironmentFile= reads the same file without it. A file
    named by ENV_FILE must exist (a typo would otherwise start a shop on defaults); the
    local default may be missing (a fresh checkout before `make`)."""
    path = env_file_path()
    if path is None:
        return None
    if not path.is_file():
        if "ENV_FILE" in os.environ:
            raise ImproperlyConfigured(f"ENV_FILE names {path}, which does not exist.")
        return None
    for name, value in dotenv_values(path, interpolate=False).items():
        if value is not None:
            os.environ.setdefault(name, value)
    return path


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_rate(name: str, default: str) -> str | None:
    # DRF rate strings ("20/min"); "none" switches a throttle off (load tests do).
    value = os.environ.get(name, default).strip()
    return None if value.lower() in {"", "none", "off"} else value


def redis_caches(url: str) -> dict[str, Any]:
    """django-redis, because it can ignore a Redis that is down: throttles then count in the
    database's cache table, `throttle_fallback`, shared by every process (common.throttles),
    and every cache read is a miss, logged as a warning (common.logfilters), never a 500.
    Short timeouts: a cache that does not answer in half a second is treated as down."""
    timeout = float(os.environ.get("CACHE_TIMEOUT", "0.5"))
    return {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "shop",
            "OPTIONS": {
                "SOCKET_CONNECT_TIMEOUT": timeout,
                "SOCKET_TIMEOUT": timeout,
                "IGNORE_EXCEPTIONS": True,
            },
        },
        # `createcachetable` makes its table, the same one the profile without Redis uses.
        "throttle_fallback": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "shop_cache",
            "OPTIONS": {"MAX_ENTRIES": 50_000},
        },
    }
