"""Reading settings from the environment: the helpers config/settings.py uses."""

import os


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_rate(name, default):
    # DRF rate strings ("20/min"); "none" switches a throttle off (load tests do).
    value = os.environ.get(name, default).strip()
    return None if value.lower() in {"", "none", "off"} else value


def redis_caches(url):
    """django-redis, because it can ignore a Redis that is down: throttles then fail open
    and every cache read is a miss, logged as a warning (common.logfilters), never a 500. Short
    timeouts: a cache that does not answer in half a second is treated as down."""
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
        }
    }
