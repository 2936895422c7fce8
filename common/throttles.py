"""Throttles counted atomically in the shared cache, and never switched off by its outage.

`count(key, seconds)` adds one under a key and answers (count, seconds left); the window
starts with the key's first count and lasts `seconds`. One step per backend, each atomic
across every worker and server that shares the cache:

- Redis: SET NX EX, INCR and PTTL in one MULTI/EXEC, so the key cannot expire between them.
- The database cache (the default profile): the row is read and written in one transaction
  that holds its lock (SELECT ... FOR UPDATE on PostgreSQL; on SQLite every transaction
  takes the write lock at BEGIN, settings `transaction_mode`).
- Anything else (the tests' in-process cache): under a lock of this process.

When Redis does not answer, counts go on in the database's cache table (the
`throttle_fallback` cache, config/env.py), shared by every process and server like Redis,
so a limit stays one limit; one warning is logged and Redis is tried again every few
seconds. Counts made during the outage are not carried back to Redis: a window restarts
there at most once per outage. DRF's own SimpleRateThrottle keeps a history list with get and set, which loses
counts to concurrent requests (docs/security.md).
"""

import logging
import math
import threading
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.db import BaseDatabaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.db import connections, router, transaction
from rest_framework.throttling import BaseThrottle

from common.errors import THROTTLED_MESSAGE, TooManyAttempts

logger = logging.getLogger("shop.throttles")

RIDE_USER_THROTTLED = (
    "You have sent several ride requests in a short time. Please wait before sending "
    "another, or call the shop."
)
# Seconds between attempts to reach Redis again once it stopped answering.
REDIS_RETRY_SECONDS = 5

FALLBACK = "throttle_fallback"
# Only for a Redis profile that names no fallback cache (a test's own settings).
_in_process = LocMemCache("throttles-in-process", {"OPTIONS": {"MAX_ENTRIES": 100_000}})

_lock = threading.Lock()
_redis = {"down": False, "retry_at": 0.0}


def _shared() -> Any:
    return caches["default"]


def _fallback() -> Any:
    """Where counts go while Redis is down: the database's cache table (every settings
    profile with Redis names one); this process's memory only if none is configured."""
    if FALLBACK in settings.CACHES:
        return caches[FALLBACK]
    return _in_process


def _uses_redis(cache: Any) -> bool:
    return cache.__class__.__module__.startswith("django_redis")


def _redis_call(step: Callable[[], Any], fallback: Callable[[], Any]) -> Any:
    """step() against Redis, or fallback() while it does not answer."""
    from redis.exceptions import RedisError

    if _redis["down"] and time.monotonic() < _redis["retry_at"]:
        return fallback()
    try:
        result = step()
    except RedisError as error:
        with _lock:
            if not _redis["down"]:
                logger.warning(
                    "shared cache unreachable: throttles count in the database until it is back",
                    extra={"error": error.__class__.__name__},
                )
            _redis.update(down=True, retry_at=time.monotonic() + REDIS_RETRY_SECONDS)
        return fallback()
    if _redis["down"]:
        with _lock:
            if _redis["down"]:
                logger.warning("shared cache reachable again: throttles count there")
            _redis["down"] = False
    return result


def _count_in_redis(cache: Any, key: str, seconds: int) -> tuple[int, float]:
    client = cache.client.get_client(write=True)
    name = cache.make_key(key)
    pipe = client.pipeline()
    pipe.set(name, 0, ex=seconds, nx=True)
    pipe.incr(name)
    pipe.pttl(name)
    _, number, left_ms = pipe.execute()
    return number, max(left_ms, 0) / 1000


def _peek_in_redis(cache: Any, key: str) -> int:
    value = cache.client.get_client(write=False).get(cache.make_key(key))
    return int(value or 0)


def _count_in_table(cache: Any, key: str, seconds: int) -> tuple[int, float]:
    db = router.db_for_write(cache.cache_model_class)
    connection = connections[db]
    table = connection.ops.quote_name(cache._table)
    name = cache.make_and_validate_key(key)
    while True:
        with transaction.atomic(using=db):
            locked = True
            if connection.features.has_select_for_update:
                with connection.cursor() as cursor:
                    cursor.execute(
                        f"SELECT cache_key FROM {table} WHERE cache_key = %s FOR UPDATE", [name]
                    )
                    locked = cursor.fetchone() is not None
            now = time.time()
            current = cache.get(key)
            if current is not None:
                if not locked:
                    continue  # inserted since the lock was asked for: lock it first
                number, ends = (
                    (current[0] + 1, current[1]) if current[1] > now else (1, now + seconds)
                )
                # The table keeps whole seconds: one more keeps the row to the window's end.
                cache.set(key, (number, ends), ends - now + 1)
                return number, ends - now
            if cache.add(key, (1, now + seconds), seconds + 1):
                return 1, seconds
        # Another request inserted the row first: count again, under its lock.


def _count_in(store: Any, key: str, seconds: int) -> tuple[int, float]:
    with _lock:
        now = time.time()
        current = store.get(key)
        if current is None or current[1] <= now:
            current = (0, now + seconds)
        number, ends = current[0] + 1, current[1]
        store.set(key, (number, ends), ends - now + 1)
    return number, ends - now


def _peek_in(store: Any, key: str) -> int:
    current = store.get(key)
    return current[0] if current and current[1] > time.time() else 0


def _count_in_store(cache: Any, key: str, seconds: int) -> tuple[int, float]:
    if isinstance(cache, BaseDatabaseCache):
        return _count_in_table(cache, key, seconds)
    return _count_in(cache, key, seconds)


def count(key: str, seconds: int) -> tuple[int, float]:
    """Add one under key; (count, seconds left in the window its first count started)."""
    cache = _shared()
    if _uses_redis(cache):
        return _redis_call(
            lambda: _count_in_redis(cache, key, seconds),
            lambda: _count_in_store(_fallback(), key, seconds),
        )
    return _count_in_store(cache, key, seconds)


def peek(key: str) -> int:
    """The count under key in its current window (0 when none)."""
    cache = _shared()
    if _uses_redis(cache):
        return _redis_call(lambda: _peek_in_redis(cache, key), lambda: _peek_in(_fallback(), key))
    return _peek_in(cache, key)


def forget_in_process_counts() -> None:
    """Forget that Redis was away, and any counts kept in memory (tests start from nothing)."""
    _in_process.clear()
    _redis.update(down=False, retry_at=0.0)


def client_ip(request: Any) -> str:
    """The client address exactly as the API's throttles see it: REMOTE_ADDR, or the right
    X-Forwarded-For entry when NUM_PROXIES proxies stand in front (a client cannot pick
    its own address by sending the header)."""
    return BaseThrottle().get_ident(request)


def parse_rate(rate: str) -> tuple[int, int]:
    """DRF's rate strings: "20/min" -> (20, 60)."""
    number, period = rate.split("/")
    return int(number), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


class ScopedThrottle(BaseThrottle):
    """Per-client-address throttle whose rate is read from settings.THROTTLE_RATES on
    every request (DRF reads its rates once at import), so operators and tests can
    change it. A rate of None switches it off. Every request counts, refused ones too;
    a refusal is a 429 with `message` and Retry-After."""

    scope: str | None = None
    message = THROTTLED_MESSAGE

    def ident(self, request: Any) -> str | None:
        return self.get_ident(request)

    def allow_request(self, request: Any, view: Any) -> bool:
        rate = settings.THROTTLE_RATES.get(self.scope or "")
        if rate is None:
            return True
        limit, seconds = parse_rate(rate)
        number, left = count(f"throttle:{self.scope}:{self.ident(request)}", seconds)
        if number > limit:
            raise TooManyAttempts(self.message, retry_after=max(1, math.ceil(left)))
        return True


class AnonymousRideThrottle(ScopedThrottle):
    """Counts only requests without a signed-in user."""

    scope = "ride"

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.user is not None and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


class RideUserThrottle(ScopedThrottle):
    """Counts a signed-in user's requests, from whatever address: each one emails the shop."""

    scope = "ride_user"
    message = RIDE_USER_THROTTLED

    def ident(self, request: Any) -> str | None:
        return f"user-{request.user.pk}"

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.user is None or not request.user.is_authenticated:
            return True
        return super().allow_request(request, view)
