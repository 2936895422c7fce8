"""Sign-in limits that count the guesser, not the victims (docs/security.md, "Sign-in limits").

- Per client address, every sign-in and registration attempt that may check a password
  counts (AuthThrottle, AUTH_THROTTLE_RATE): one address gets a few guesses a minute.
- Shop-wide, the failed sign-ins of the current clock minute, all addresses together, put
  the shop under attack at FAILED_SIGN_INS_PER_MINUTE: a guesser rotating addresses is
  slowed. Each address adds at most FAILED_SIGN_IN_SHARE_PER_ADDRESS a minute to that count,
  and attempts refused by a throttle or a lock add none, so one address can never put the
  shop under attack alone.
- A browser that signed in before carries a device cookie (OWASP's "Slow down online
  guessing attacks with device cookies"): signed, HttpOnly, naming the user. A sign-in whose
  password is that user's (the Django admin: whose email is that user's) is trusted: no
  address throttle, no ceiling, no django-axes lock. Its failures count against the cookie
  alone, which stops being trusted after DEVICE_COOKIE_FAILURE_LIMIT of them in an hour.
  A cookie opens nothing by itself: the password is checked as always.
- Under attack (the ceiling reached this clock minute or the one before) an untrusted
  attempt is not refused but challenged: it passes once it carries the solution of a
  proof-of-work challenge (ALTCHA, self-hosted: GET /api/auth/challenge), each solution good
  once. A person's browser solves one in a second or so; a guesser pays that CPU for every
  guess (docs/security.md). So is an untrusted attempt that finds no password-hashing seat
  free at once (accounts/hashers.py), instead of a 503 or a wait behind the flood. Both
  challenges count toward the ceiling like failures (each address its share) until it is
  reached, so the shop stays in challenge mode while an attack goes on and leaves it a
  minute after.
- Password hashing runs in a lane per kind of caller (accounts/hashers.py): known device,
  solved challenge, anyone else.
- Every answer that can tell whether a password is in use (registration, a password change,
  an admin setting one, a reset confirmation) is admitted like a sign-in (the address
  throttle, the ceiling or its challenge), is counted per account, and a taken password
  counts as a failed sign-in: it is a guess like any other.
"""

import base64
import hashlib
import hmac
import json
import math
import secrets
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import altcha
from django.conf import settings
from django.core import signing
from django.http import HttpResponse

from accounts import hashers
from accounts.selectors import user_by_password
from common import metrics
from common.errors import THROTTLED_MESSAGE, TooManyAttempts
from common.throttles import ScopedThrottle, client_ip, count, parse_rate, peek

R = TypeVar("R", bound=HttpResponse)

TOO_MANY_FAILED_SIGN_INS = (
    "Too many failed sign-ins on the shop right now. Please wait a minute and try again."
)
CHALLENGE_REQUIRED = (
    "Many failed sign-ins on the shop right now: your browser must solve a short puzzle first."
)
CHALLENGE_KEY_SALT = "accounts.limits.challenge"
CHALLENGE_USED_KEY = "challenge-used:%s"
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


class ChallengeRequired(TooManyAttempts):
    """The ceiling is reached: solve GET /api/auth/challenge and send it as `altcha`."""

    code = "challenge_required"


def _this_minute() -> int:
    return int(time.time() // 60)


def _reached(minute: int) -> bool:
    return peek(CEILING_KEY % minute) >= settings.FAILED_SIGN_INS_PER_MINUTE


def under_attack() -> bool:
    """The ceiling reached in this clock minute or the one before: an attack that goes on
    keeps challenging untrusted sign-ins; one that stopped lets them be within two minutes."""
    if not settings.FAILED_SIGN_INS_PER_MINUTE:
        return False
    minute = _this_minute()
    return _reached(minute) or _reached(minute - 1)


def seconds_until_the_ceiling_lifts() -> int:
    """The counts are per clock minute: the end of this one, or of the next when this one
    reached the ceiling too."""
    left = 60 - int(time.time()) % 60
    return left + 60 if _reached(_this_minute()) else left


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


def refuse_untrusted(request: Any, *, challenge: bool = True) -> None:
    """Under attack, an attempt without a solved challenge is refused before anything is
    counted but the attack itself: 429 `challenge_required` (a form that cannot carry one,
    the Django admin's: a plain 429); it checks no password, so the address throttle need
    not count it, and a flood of them costs the shop no write. Otherwise the address
    throttle counts this attempt (429 past it)."""
    challenge = challenge and challenges_on()
    request.sign_in_proven = challenge and _solved_challenge(request)
    if not request.sign_in_proven and under_attack():
        if not challenge:
            raise TooManyAttempts(
                TOO_MANY_FAILED_SIGN_INS, retry_after=seconds_until_the_ceiling_lifts()
            )
        raise _challenge_instead(request)
    AuthThrottle().allow_request(request, None)


def _challenge_instead(request: Any) -> ChallengeRequired:
    """Ask for a solved challenge; the asking counts toward the ceiling, like a failure,
    until this minute reached it (past that, a count changes nothing: spare the writes)."""
    if not (settings.FAILED_SIGN_INS_PER_MINUTE and _reached(_this_minute())):
        _count_toward_the_ceiling(request)
    return ChallengeRequired(CHALLENGE_REQUIRED, retry_after=seconds_until_the_ceiling_lifts())


@contextmanager
def hashing_lane(request: Any) -> Iterator[None]:
    """Password hashing for an admitted request in its lane: known device, solved
    challenge, or anyone else; the last, when no seat is free at once, is asked to solve a
    challenge instead of waiting behind a flood."""
    if trusted(request):
        lane = hashers.lane(hashers.KNOWN)
    elif getattr(request, "sign_in_proven", False):
        lane = hashers.lane(hashers.PROVEN)
    else:
        lane = hashers.lane(hashers.OTHER, may_challenge=challenges_on())
    with lane:
        try:
            yield
        except hashers.NoSeatNow:
            raise _challenge_instead(request) from None


def challenges_on() -> bool:
    """SIGN_IN_CHALLENGE_MAX_NUMBER=0 turns the challenge off: under attack untrusted
    attempts get a plain 429, and strangers wait for a hashing seat (or a 503)."""
    return settings.SIGN_IN_CHALLENGE_MAX_NUMBER > 0


def _challenge_key() -> str:
    return hmac.new(
        settings.SECRET_KEY.encode(), CHALLENGE_KEY_SALT.encode(), hashlib.sha256
    ).hexdigest()


def new_challenge() -> dict[str, Any]:
    """An ALTCHA challenge (its v1 protocol: find the number n <= maxNumber whose
    SHA-256(salt + n) is `challenge`), signed with the server's key, expiring soon."""
    expires = datetime.now(UTC) + timedelta(seconds=settings.SIGN_IN_CHALLENGE_SECONDS)
    options = altcha.ChallengeOptionsV1(
        hmac_key=_challenge_key(),
        max_number=settings.SIGN_IN_CHALLENGE_MAX_NUMBER,
        expires=expires,
    )
    challenge = altcha.create_challenge_v1(options)
    return challenge.to_dict()


def _solved_challenge(request: Any) -> bool:
    """The request's `altcha` is a solution of one of our unexpired challenges, used once."""
    data = getattr(request, "data", None)
    payload = data.get("altcha") if isinstance(data, Mapping) else None
    if not isinstance(payload, str) or not payload or len(payload) > 2000:
        return False
    try:
        solved, _ = altcha.verify_solution_v1(payload, _challenge_key(), check_expires=True)
        challenge = json.loads(base64.b64decode(payload))["challenge"]
    except (ValueError, TypeError, KeyError):
        return False
    if not solved:
        return False
    used, _ = count(CHALLENGE_USED_KEY % challenge, settings.SIGN_IN_CHALLENGE_SECONDS + 60)
    return used == 1


def admit_sign_in(request: Any, *, password: str, email: str | None = None) -> None:
    """Before the password is checked: trusted if the device cookie names the user this
    password (or email) finds; otherwise the address throttle and the ceiling apply."""
    device_email = trusted_device_email(request)
    request.sign_in_trusted = False
    if device_email is not None:
        user = user_by_password(password, email=email)
        request.sign_in_trusted = user is not None and user.email.lower() == device_email
    if not request.sign_in_trusted:
        refuse_untrusted(request)


def admit_admin_sign_in(request: Any, username: str | None) -> None:
    """The Django admin's form names its account, so the cookie's email is compared."""
    device_email = trusted_device_email(request)
    request.sign_in_trusted = device_email is not None and device_email == username
    if not request.sign_in_trusted:
        refuse_untrusted(request, challenge=False)


def trusted(request: Any) -> bool:
    """Whether the admission above trusted this request's device cookie."""
    return bool(getattr(request, "sign_in_trusted", False))


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
    if not trusted(request):
        _count_toward_the_ceiling(request)


def _count_toward_the_ceiling(request: Any) -> None:
    """One more for the shop-wide count, within the address's share of it."""
    if not settings.FAILED_SIGN_INS_PER_MINUTE:
        return
    minute = _this_minute()
    failures, _ = count(SHARE_KEY % (client_ip(request), minute), MINUTE_KEY_SECONDS)
    if failures <= settings.FAILED_SIGN_IN_SHARE_PER_ADDRESS:
        count(CEILING_KEY % minute, MINUTE_KEY_SECONDS)


# Per-account and per-email limits: rates in settings.THROTTLE_RATES.
def _limit(scope: str, ident: str | int) -> None:
    rate = settings.THROTTLE_RATES[scope]
    if rate is None:
        return
    number, seconds = parse_rate(rate)
    used, left = count(f"throttle:{scope}:{ident}", seconds)
    if used > number:
        raise TooManyAttempts(THROTTLED_MESSAGE, retry_after=max(1, math.ceil(left)))


def _keyed(text: str) -> str:
    """A keyed hash of an email or a code: the cache never holds either in clear."""
    return hmac.new(
        settings.SECRET_KEY.encode(), text.strip().lower().encode(), hashlib.sha256
    ).hexdigest()


def admit_password_choice(
    request: Any, user: Any | None, scope: str = "password_account", *, challenge: bool = True
) -> None:
    """Before a chosen password is checked against the others (a password change, an admin
    setting one, a reset confirmation): a browser whose device cookie names `user` is
    trusted like at sign-in; anyone else meets the address throttle and the ceiling. Then
    `user`'s own count (the account that would learn the answer)."""
    device_email = trusted_device_email(request)
    request.sign_in_trusted = (
        user is not None and device_email is not None and device_email == user.email.lower()
    )
    if not request.sign_in_trusted:
        refuse_untrusted(request, challenge=challenge)
    if user is not None:
        _limit(scope, user.pk)


def admit_registration(request: Any, registration_code: str) -> None:
    """Registration answers whether its password is in use: the sign-in limits (already
    applied before validation, refuse_untrusted) and the code's own count."""
    _limit("registration_code", _keyed(registration_code))


def admit_reset_request(request: Any, email: str) -> None:
    """POST /api/auth/password-reset: the address throttle (AuthThrottle), then a few per
    email AND address an hour (counted whether or not the email has an account, so a 429
    tells nothing about who has one): strangers elsewhere cannot spend the customer's."""
    AuthThrottle().allow_request(request, None)
    _limit("password_reset_email", f"{_keyed(email)}:{client_ip(request)}")


def admit_reset_confirm(request: Any, user: Any | None) -> None:
    """POST /api/auth/password-reset/confirm: like any password choice, counted against the
    account (only a well-signed link names one, so a forger cannot use up a customer's)."""
    admit_password_choice(request, user, scope="password_reset_account")
