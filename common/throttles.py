import time

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle


class ScopedThrottle(SimpleRateThrottle):
    """Per-client-address throttle whose rate is read from settings.THROTTLE_RATES on
    every request (DRF reads its rates once at import), so operators and tests can
    change it. A rate of None switches it off."""

    scope = None

    def __init__(self):
        pass

    def allow_request(self, request, view):
        self.rate = settings.THROTTLE_RATES.get(self.scope)
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class AuthThrottle(ScopedThrottle):
    scope = "auth"


class PasswordCheckThrottle(ScopedThrottle):
    scope = "password_check"


class AnonymousRideThrottle(ScopedThrottle):
    """Counts only requests without a signed-in user."""

    scope = "ride"

    def allow_request(self, request, view):
        if request.user is not None and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


FAILED_SIGN_INS_KEY = "failed-sign-ins:%d"
TOO_MANY_FAILED_SIGN_INS = (
    "Too many failed sign-ins on the shop right now. Please wait a minute and try again."
)


def _this_minute():
    return int(time.time() // 60)


def note_failed_sign_in():
    """Count one failed sign-in, from any address, in this minute's shared counter."""
    key = FAILED_SIGN_INS_KEY % _this_minute()
    cache.add(key, 0, timeout=120)
    try:
        cache.incr(key)
    except ValueError:
        # Expired between add and incr: this failure starts the count again.
        cache.add(key, 1, timeout=120)


def failed_sign_in_ceiling_reached():
    """Whether failed sign-ins this minute (all addresses together) reached the ceiling."""
    ceiling = settings.FAILED_SIGN_INS_PER_MINUTE
    if not ceiling:
        return False
    return (cache.get(FAILED_SIGN_INS_KEY % _this_minute()) or 0) >= ceiling


def seconds_until_the_ceiling_lifts():
    """The count is per clock minute: sign-ins open again when this one ends."""
    return 60 - int(time.time()) % 60


__all__ = [
    "failed_sign_in_ceiling_reached",
    "note_failed_sign_in",
    "seconds_until_the_ceiling_lifts",
    "AuthThrottle",
    "PasswordCheckThrottle",
    "AnonymousRideThrottle",
    "AnonRateThrottle",
]
