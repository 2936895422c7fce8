"""A proxy the shop was not told about, and who may read the shop's internals.

With NUM_PROXIES=0 (the default) behind a proxy on the same machine every visitor looks
like 127.0.0.1: they share one throttle bucket, and a /metrics or /readyz open to loopback
would be open to everyone. A loopback peer that sends X-Forwarded-For while NUM_PROXIES is
0 is that proxy: the first such request logs a warning (once per process) and /readyz
reports "degraded" with the fix for as long as the mark lasts in the shared cache (and in
this process, should the cache be down)."""

import hmac
import ipaddress
import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

logger = logging.getLogger("shop.security")

FORWARDING_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")
PROXY_FIX = (
    "Requests from 127.0.0.1 carry X-Forwarded-For but NUM_PROXIES is 0: every visitor "
    "shares one address. Set NUM_PROXIES to the number of proxies in front of the app "
    "(docs/deploy.md)."
)
# How long one sighting keeps /readyz degraded after the last such request.
PROXY_MARK_SECONDS = 60 * 60
_CACHE_KEY = "proxy-unconfigured"
_seen: dict[str, float] = {}


def _num_proxies() -> int:
    return int(settings.REST_FRAMEWORK.get("NUM_PROXIES") or 0)  # type: ignore[call-overload]


def _loopback_peer(request: HttpRequest) -> bool:
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


def note_unconfigured_proxy(request: HttpRequest) -> None:
    """Called for every request (common.middleware.RequestLogMiddleware)."""
    if "HTTP_X_FORWARDED_FOR" not in request.META or _num_proxies():
        return
    if not _loopback_peer(request):
        return
    now = time.time()
    if not _seen:
        logger.warning(PROXY_FIX)
    # At most one cache write a minute per process.
    if now - _seen.get("at", 0.0) > 60:
        _seen["at"] = now
        try:
            cache.set(_CACHE_KEY, True, PROXY_MARK_SECONDS)
        except Exception:
            pass


def unconfigured_proxy() -> str | None:
    """The fix to show when a proxy was seen that NUM_PROXIES does not count, else None."""
    if _num_proxies():
        return None
    recent = time.time() - _seen.get("at", 0.0) < PROXY_MARK_SECONDS
    try:
        shared = bool(cache.get(_CACHE_KEY))
    except Exception:
        shared = False
    return PROXY_FIX if recent or shared else None


def may_read_internals(request: HttpRequest) -> bool:
    """/metrics and the detail of /readyz: the metrics token, or a direct loopback client,
    one that no forwarding header names as a proxy's (whatever NUM_PROXIES says: a proxy on
    this machine would otherwise make every visitor one)."""
    token = settings.METRICS_TOKEN
    if token:
        given = request.headers.get("Authorization", "")
        # Constant time: how much of a guess was right must not show in the answer's timing.
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    if any(header in request.META for header in FORWARDING_HEADERS):
        return False
    return _loopback_peer(request)


def forget_for_tests() -> None:
    _seen.clear()
    cache.delete(_CACHE_KEY)
