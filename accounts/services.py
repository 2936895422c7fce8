"""Accounts' writes about passwords: sign-in, registration, password changes and resets, the
registration codes, and a person's own profile. The admins' management of people (roles,
access, closing accounts) is accounts/people.py."""

import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any, TypedDict

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.birth import own_date_of_birth
from accounts.models import CLOSED_EMAIL_DOMAIN, RegistrationCode, User
from accounts.passwords import key_id, password_digest
from accounts.selectors import password_in_use, user_by_password, user_for_reset
from accounts.tokens import reset_token_claims
from accounts.validators import PASSWORD_TOO_SHORT, password_problems, zxcvbn_score
from activity.services import activity_merge_own_edits
from common.errors import Conflict, DomainError, InvalidInput, NotFound, SignInRefused
from common.mail import send_email_later
from common.services import model_update, unknown_fields_check
from common.shoptime import shop_today

PASSWORD_TAKEN = "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
INVALID_PASSWORD = "Invalid password"
INVALID_CODE = "Invalid registration code"
EMAIL_TAKEN = "An account with this email already exists"


def password_policy_check(
    raw_password: str, user: User | None = None, *, field: str = "password"
) -> None:
    if len(raw_password) < settings.MIN_PASSWORD_LENGTH:
        raise InvalidInput(PASSWORD_TOO_SHORT, errors={field: [PASSWORD_TOO_SHORT]})
    problems = password_problems(raw_password, user)
    if problems:
        raise InvalidInput(problems[0], errors={field: problems})


class PasswordCheck(TypedDict):
    ok: bool
    score: int
    messages: list[str]


def password_check(*, password: str, email: str = "", name: str = "") -> PasswordCheck:
    """The sign-up form's hint: the same rules as registration, without saying whether the
    password is taken (that would tell a stranger that someone signs in with it)."""
    user = User(email=email or "", name=name or "")
    problems = password_problems(password, user)
    return {"ok": not problems, "score": zxcvbn_score(password, user), "messages": problems}


def note_password_strength(user: User, raw_password: str) -> None:
    """Judge a password that just signed in against today's rules (the only moment its
    plaintext is known) and remember the verdict for `manage.py weak_passwords`."""
    if user.password_weak is False:
        return
    weak = bool(password_problems(raw_password, user))
    if weak != user.password_weak:
        User.objects.filter(pk=user.pk).update(password_weak=weak)
        user.password_weak = weak


def user_login(*, password: str, email: str | None = None) -> User:
    user = user_by_password(password, email=email)
    if user is None:
        # Spend the time a real check takes, so timing does not tell whether a password
        # belongs to anybody.
        make_password(password)
        raise SignInRefused(INVALID_PASSWORD)
    if not user.check_password(password):
        raise SignInRefused(INVALID_PASSWORD)
    if user.password_digest_key != key_id() or user.password_digest != password_digest(password):
        # Found under an older key: store the digest under the current one.
        User.objects.filter(pk=user.pk).update(
            password_digest=password_digest(password), password_digest_key=key_id()
        )
    # Existing weak passwords keep working; they are only noted.
    note_password_strength(user, password)
    return user


class PasswordTaken(Conflict):
    """Another account signs in with this password: answered like a failed sign-in."""

    code = "password_taken"


def new_user_save(user: User, password: str, encoded: str) -> User:
    """`user`, new, saved with `password` (already hashed as `encoded`), in the caller's
    transaction: refused when its email or password is taken, also by another request a
    moment before (the unique indexes)."""
    if User.objects.filter(email__iexact=user.email).exists():
        raise Conflict(EMAIL_TAKEN, errors={"email": [EMAIL_TAKEN]}, code="email_taken")
    if password_in_use(password):
        raise PasswordTaken(PASSWORD_TAKEN, errors={"password": [PASSWORD_TAKEN]})
    user.set_password(password, encoded=encoded)
    user.password_weak = False
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        # Lost a race with another registration for the same email or password.
        if User.objects.filter(email__iexact=user.email).exists():
            raise Conflict(EMAIL_TAKEN, code="email_taken")
        raise PasswordTaken(PASSWORD_TAKEN)
    return user


def user_register(*, email: str, password: str, name: str, registration_code: str) -> User:
    email = User.objects.normalize_email(email.strip()).lower()
    code = RegistrationCode.objects.filter(code=registration_code.strip()).first()
    if code is None or not code.is_usable(timezone.now()):
        raise InvalidInput(INVALID_CODE, errors={"registrationCode": [INVALID_CODE]})
    password_policy_check(password, User(email=email, name=name))
    # Hashed before anyone's password is looked at, and outside the transaction: a taken
    # password takes as long as a new one, and the slow part holds no lock.
    encoded = make_password(password)
    with transaction.atomic():
        code = RegistrationCode.objects.select_for_update().filter(pk=code.pk).first()
        if code is None or not code.is_usable(timezone.now()):
            raise InvalidInput(INVALID_CODE, errors={"registrationCode": [INVALID_CODE]})
        user = new_user_save(User(email=email, name=name.strip()), password, encoded)
        code.use_count += 1
        code.save(update_fields=["use_count"])
    return user


PASSWORD_FIELDS = [
    "password",
    "password_digest",
    "password_digest_key",
    "password_version",
    "password_weak",
]


USER_NOT_FOUND = "User not found"


def _store_new_password(
    user_id: int,
    new_password: str,
    *,
    version: int | None = None,
    refusal: DomainError | None = None,
) -> User:
    """Check the rules, then set the password under the row's lock. `version`: the password
    version the caller saw (a reset link's, the session's); if it changed since or the account
    was closed, `refusal` is raised. A missing user: `refusal`, or 404."""
    refused = refusal or NotFound(USER_NOT_FOUND)
    found = User.objects.filter(pk=user_id).first()
    if found is None or _stale(found, version):
        raise refused
    account_open_check(found)
    password_policy_check(new_password, found, field="newPassword")
    encoded = make_password(new_password)  # before the check, as in user_register
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None or _stale(user, version):
            raise refused
        account_open_check(user)
        if password_in_use(new_password, exclude_user_id=user.pk):
            raise PasswordTaken(PASSWORD_TAKEN, errors={"newPassword": [PASSWORD_TAKEN]})
        user.set_password(new_password, encoded=encoded)
        user.password_weak = False
        try:
            with transaction.atomic():
                user.save(update_fields=PASSWORD_FIELDS)
        except IntegrityError:
            raise PasswordTaken(PASSWORD_TAKEN, errors={"newPassword": [PASSWORD_TAKEN]})
    return user


def _stale(user: User, version: int | None) -> bool:
    return version is not None and (user.password_version != version or not user.is_active)


def user_change_password(*, user_id: int, new_password: str) -> User:
    return _store_new_password(user_id, new_password)


# Codes are read out and typed by people: no 0/O or 1/I/L to confuse, and never a leading
# "-" that `manage.py registration_codes disable CODE` would take for an option. 14 of 31
# symbols: 69 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 14


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def registration_code_create(
    *,
    code: str | None = None,
    note: str = "",
    expires_at: datetime | None = None,
    max_uses: int | None = None,
    is_active: bool = True,
) -> RegistrationCode:
    return RegistrationCode.objects.create(
        code=code or _new_code(),
        note=note,
        expires_at=expires_at,
        max_uses=max_uses,
        is_active=is_active,
    )


CODE_FIELDS = {"note", "expires_at", "max_uses", "is_active"}


def registration_code_update(*, code_id: int, **changes: Any) -> RegistrationCode:
    """Change the fields given of one code (the Django admin's page)."""
    unknown_fields_check("registration_code_update", changes, CODE_FIELDS)
    with transaction.atomic():
        code = RegistrationCode.objects.select_for_update().filter(pk=code_id).first()
        if code is None:
            raise NotFound(CODE_NOT_FOUND.format(code=code_id))
        model_update(code, data=changes)
    return code


CODE_NOT_FOUND = "No registration code {code}"
CODE_DISABLED = "Disabled {code}."
CODES_DISABLED = "Disabled {count} registration code(s)."


def registration_code_disable(*, code: str) -> None:
    if not registration_codes_disable(codes=[code]):
        raise NotFound(CODE_NOT_FOUND.format(code=code))


def registration_codes_disable(*, codes: Iterable[str]) -> int:
    """Disable the named codes (those already disabled stay so); return how many exist."""
    with transaction.atomic():
        rows = list(
            RegistrationCode.objects.select_for_update()
            .filter(code__in=list(codes))
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        RegistrationCode.objects.filter(pk__in=rows, is_active=True).update(is_active=False)
    return len(rows)


RESET_LINK_REFUSED = "This reset link has expired or was already used. Ask for a new one."
RESET_EMAIL = "accounts.notifications.password_reset_email"


def password_reset_request(*, email: str, origin: str) -> None:
    """Queue the reset email. The same steps whether or not the email has an account (one
    lookup, one task queued), so neither the answer nor its time tells which: the task
    sends nothing for nobody (accounts.notifications)."""
    user = user_for_reset(email)
    with transaction.atomic():
        send_email_later(RESET_EMAIL, user.pk if user is not None else None, origin)


def password_reset_user_id(token: str) -> int | None:
    """The user a well-signed, unexpired reset token names (its per-account throttle)."""
    claims = reset_token_claims(token)
    return claims[0] if claims else None


def password_reset_link_check(token: str) -> str:
    """'' while a reset link may still set a password, else the refusal its confirm would
    give (expired, used, or its account closed): the page says it when it opens."""
    claims = reset_token_claims(token)
    if claims is not None:
        user = User.objects.filter(pk=claims[0]).first()
        if user is not None and not _stale(user, claims[1]):
            return ""
    return RESET_LINK_REFUSED


def password_reset_confirm(*, token: str, new_password: str) -> User:
    """Set the password a reset link allows: once, within the hour, under today's rules.
    The new version signs out every session and voids the link."""
    refusal = InvalidInput(RESET_LINK_REFUSED, errors={"token": [RESET_LINK_REFUSED]})
    claims = reset_token_claims(token)
    if claims is None:
        raise refusal
    user_id, version = claims
    return _store_new_password(user_id, new_password, version=version, refusal=refusal)


WRONG_CURRENT_PASSWORD = "Your current password is not correct."


class WrongPassword(InvalidInput):
    """The signed-in user's own password was wrong: counted like a failed sign-in."""

    code = "wrong_password"


def current_password_check(user: User, password: str, *, field: str) -> None:
    if not user.check_password(password):
        raise WrongPassword(WRONG_CURRENT_PASSWORD, errors={field: [WRONG_CURRENT_PASSWORD]})


def own_password_change(*, user: User, current_password: str, new_password: str) -> User:
    """A customer changes their own password: every other session is signed out (the
    caller hands this one a fresh token)."""
    current_password_check(user, current_password, field="currentPassword")
    return _store_new_password(user.pk, new_password, version=user.password_version)


PROFILE_FIELDS = {"name", "phone", "delivery_address", "delivery_zip", "date_of_birth"}
NAME_REQUIRED = "Name is required"
# A person's own profile saves this close together are one history entry.
PROFILE_MERGE_WINDOW = timedelta(minutes=5)


def profile_update(*, user: User, **changes: Any) -> User:
    """The customer's own details (validated by accounts.serializers.ProfileSerializer);
    their edits within PROFILE_MERGE_WINDOW make one history entry. The date of birth is
    set once (accounts.birth)."""
    unknown_fields_check("profile_update", changes, PROFILE_FIELDS)
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if "date_of_birth" in changes:
            born = own_date_of_birth(
                locked.date_of_birth, changes.pop("date_of_birth"), today=shop_today()
            )
            if born is not None:
                changes["date_of_birth"] = born
        model_update(locked, data=changes)
        activity_merge_own_edits(locked, person_id=user.pk, within=PROFILE_MERGE_WINDOW)
    return locked


DELETED_EMAIL = "deleted-{pk}@" + CLOSED_EMAIL_DOMAIN
ACCOUNT_CLOSED = "This account was closed: it can no longer be changed."


def account_open_check(user: User) -> None:
    """Refuse (409) an admin's write to a closed account: it signs nobody in, so a new
    password, role or access would do nothing."""
    if user.is_closed:
        raise Conflict(ACCOUNT_CLOSED, code="account_closed")
