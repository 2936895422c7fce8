from django.conf import settings
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


class AnonymousRideThrottle(ScopedThrottle):
    """Counts only requests without a signed-in user."""

    scope = "ride"

    def allow_request(self, request, view):
        if request.user is not None and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


__all__ = ["AuthThrottle", "AnonymousRideThrottle", "AnonRateThrottle"]
