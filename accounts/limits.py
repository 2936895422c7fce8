"""Sign-in limits that count the guesser, not the victims (docs/security.md, "Sign-in limits").

- Per client address, every sign-in and registration attempt counts (AuthThrottle,
  AUTH_THROTTLE_RATE): one address gets a few guesses a minute.
- Shop-wide, the failed sign-ins of the current clock minute, all addresses together, close
  untrusted sign-in and registration at FAILED_SIGN_INS_PER_MINUTE: a guesser rotating
  addresses is slowed. Each address adds at most FAILED_SIGN_IN_SHARE_PER_ADDRESS failures
  a minute to that count, and attempts refused by a throttle or a lock add none, so one
  address can never close sign-in for everybody else.
- A browser that signed in before carries a device cookie (OWASP's "Slow down online
  guessing attacks with device cookies"): signed, HttpOnly, naming the user. A sign-in whose
  password is that user's (the Django admin: whose email is that user's) is trusted: no
  address throttle, no ceiling, no django-axes lock. Its failures count against the cookie
  alone, which stops being trusted after DEVICE_COOKIE_FAILURE_LIMIT of them in an hour.
  A cookie opens nothing by itself: the password is checked as always.
"""

import hashlib
import hmac
import math
import secrets
import time
from typing import Any, TypeVar

from django.conf import settings
from django.core import signing
from django.http import HttpResponse

from accounts.selectors import user_by_password
from common import metrics
from common.errors import THROTTLED_MESSAGE, TooManyAttempts
from common.throttles import ScopedThrottle, client_ip, count, parse_rate, peek

R = TypeVar("R", bound=HttpResponse)

TOO_MANY_FAILED_SIGN_INS = (
    "Too many failed sign-ins on the shop right now. Please wait a minute and try again."
)
CEILING_KEY = "sign-in-failures:%d"
SHARE_KEY = "sign-in-failures:%s:%d"
DEVICE_FAILURES_KEY = "device-failures:%s"
DEVICE_COOKIE = "shop_device"
DEVICE_SALT = "accounts.limits.device"
DEVICE_FAILURE_SECONDS = 3600
# The minute's counts outlive it a little, so the last failures of a minute are not lost.
MINUTE_KEY_SECONDS = 120


class AuthThrottle(ScopedThrottle):
    """Every sign-in and registration attempt (and admin password change) of an address."""

    scope = "auth"


class PasswordCheckThrottle(ScopedThrottle):
    scope = "password_check"


def _this_minute() -> int:
    return int(time.time() // 60)


def seconds_until_the_ceiling_lifts() -> int:
    """The count is per clock minute: sign-ins open again when this one ends."""
    return 60 - int(time.time()) % 60


def ceiling_reached() -> bool:
    ceiling = settings.FAILED_SIGN_INS_PER_MINUTE
    return bool(ceiling) and peek(CEILING_KEY % _this_minute()) >= ceiling


def _device(request: Any) -> Any:
    """(email, nonce) of a well-signed, unexpired device cookie, or None."""
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value:
        return None
    try:
        email, nonce = signing.loads(
            value, salt=DEVICE_SALT, max_age=settings.DEVICE_COOKIE_DAYS * 86400
        )
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return email, nonce


def trusted_device_email(request: Any) -> str | None:
    """The email the browser's device cookie names, while that cookie is still trusted."""
    device = _device(request)
    if device is None:
        return None
    email, nonce = device
    if peek(DEVICE_FAILURES_KEY % nonce) >= settings.DEVICE_COOKIE_FAILURE_LIMIT:
        return None
    return email


def remember_device(response: R, user: Any) -> R:
    """Issue a fresh device cookie (new nonce, so its failure count starts at zero)."""
    value = signing.dumps([user.email.lower(), secrets.token_urlsafe(12)], salt=DEVICE_SALT)
    response.set_cookie(
        DEVICE_COOKIE,
        value,
        max_age=settings.DEVICE_COOKIE_DAYS * 86400,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
        samesite="Lax",
    )
    return response


def refuse_untrusted(request: Any) -> None:
    """The address throttle (counts this attempt) and the ceiling: 429 past either."""
    AuthThrottle().allow_request(request, None)
    if ceiling_reached():
        raise TooManyAttempts(
            TOO_MANY_FAILED_SIGN_INS, retry_after=seconds_until_the_ceiling_lifts()
        )


def admit_sign_in(request: Any, *, password: str, email: str | None = None) -> None:
    """Before the password is checked: trusted if the device cookie names the user this
    password (or email) finds; otherwise the address throttle and the ceiling apply."""
    device_email = trusted_device_email(request)
    if device_email is not None:
        user = user_by_password(password, email=email)
        request.sign_in_trusted = user is not None and user.email.lower() == device_email
    if not getattr(request, "sign_in_trusted", False):
        refuse_untrusted(request)


def admit_admin_sign_in(request: Any, username: str | None) -> None:
    """The Django admin's form names its account, so the cookie's email is compared."""
    device_email = trusted_device_email(request)
    request.sign_in_trusted = device_email is not None and device_email == username
    if not request.sign_in_trusted:
        refuse_untrusted(request)


def trusted_by_axes(request: Any, credentials: Any) -> bool:
    """AXES_WHITELIST_CALLABLE: a trusted device is neither locked nor counted by django-axes."""
    return getattr(request, "sign_in_trusted", False)


def note_failed_sign_in(request: Any) -> None:
    """One failed sign-in (or a taken password answered): against the device cookie when
    trusted, otherwise against the address's share of the shop-wide count."""
    metrics.failed_sign_in()
    device = _device(request)
    if device is not None:
        count(DEVICE_FAILURES_KEY % device[1], DEVICE_FAILURE_SECONDS)
    if getattr(request, "sign_in_trusted", False) or not settings.FAILED_SIGN_INS_PER_MINUTE:
        return
    minute = _this_minute()
    failures, _ = count(SHARE_KEY % (client_ip(request), minute), MINUTE_KEY_SECONDS)
    if failures <= settings.FAILED_SIGN_IN_SHARE_PER_ADDRESS:
        count(CEILING_KEY % minute, MINUTE_KEY_SECONDS)


# Password resets: a few per email an hour, counted under a keyed hash of the address
# whether or not it has an account, so a 429 tells nothing about who has one (rates:
# settings.THROTTLE_RATES).
def _limit(scope: str, ident: str | int) -> None:
    rate = settings.THROTTLE_RATES[scope]
    if rate is None:
        return
    number, seconds = parse_rate(rate)
    used, left = count(f"throttle:{scope}:{ident}", seconds)
    if used > number:
        raise TooManyAttempts(THROTTLED_MESSAGE, retry_after=max(1, math.ceil(left)))


def admit_reset_request(request: Any, email: str) -> None:
    """POST /api/auth/password-reset: the address throttle (AuthThrottle) and the email's."""
    AuthThrottle().allow_request(request, None)
    digest = hmac.new(
        settings.SECRET_KEY.encode(), email.strip().lower().encode(), hashlib.sha256
    ).hexdigest()
    _limit("password_reset_email", digest)


def admit_reset_confirm(request: Any, user_id: int | None) -> None:
    """POST /api/auth/password-reset/confirm: the address throttle, then the account's
    (only a well-signed link names one, so a forger cannot use up a customer's)."""
    AuthThrottle().allow_request(request, None)
    if user_id is not None:
        _limit("password_reset_account", user_id)
