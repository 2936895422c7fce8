import secrets
from collections.abc import Iterable
from datetime import datetime
from typing import Any, TypedDict

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import RegistrationCode, User
from accounts.passwords import key_id, password_digest
from accounts.selectors import password_in_use, user_by_password
from accounts.validators import PASSWORD_TOO_SHORT, password_problems, zxcvbn_score
from common.errors import BadRequest, Conflict, NotFound, Unauthorized
from common.services import model_update, unknown_fields_check

PASSWORD_TAKEN = "Please choose a different password."
INVALID_PASSWORD = "Invalid password"
INVALID_CODE = "Invalid registration code"
EMAIL_TAKEN = "An account with this email already exists"


def _check_password_policy(
    raw_password: str, user: User | None = None, *, field: str = "password"
) -> None:
    if len(raw_password) < settings.MIN_PASSWORD_LENGTH:
        raise BadRequest(PASSWORD_TOO_SHORT, errors={field: [PASSWORD_TOO_SHORT]})
    problems = password_problems(raw_password, user)
    if problems:
        raise BadRequest(problems[0], errors={field: problems})


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
        raise Unauthorized(INVALID_PASSWORD)
    if not user.check_password(password):
        raise Unauthorized(INVALID_PASSWORD)
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


def user_register(*, email: str, password: str, name: str, registration_code: str) -> User:
    email = User.objects.normalize_email(email.strip()).lower()
    code = RegistrationCode.objects.filter(code=registration_code.strip()).first()
    if code is None or not code.is_usable(timezone.now()):
        raise BadRequest(INVALID_CODE, errors={"registrationCode": [INVALID_CODE]})
    _check_password_policy(password, User(email=email, name=name))
    # Hashed before anyone's password is looked at, and outside the transaction: a taken
    # password takes as long as a new one, and the slow part holds no lock.
    encoded = make_password(password)
    with transaction.atomic():
        code = RegistrationCode.objects.select_for_update().filter(pk=code.pk).first()
        if code is None or not code.is_usable(timezone.now()):
            raise BadRequest(INVALID_CODE, errors={"registrationCode": [INVALID_CODE]})
        if User.objects.filter(email__iexact=email).exists():
            raise Conflict(EMAIL_TAKEN, errors={"email": [EMAIL_TAKEN]})
        if password_in_use(password):
            raise PasswordTaken(PASSWORD_TAKEN, errors={"password": [PASSWORD_TAKEN]})
        user = User(email=email, name=name.strip())
        user.set_password(password, encoded=encoded)
        user.password_weak = False
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError:
            # Lost a race with another registration for the same email or password.
            if User.objects.filter(email__iexact=email).exists():
                raise Conflict(EMAIL_TAKEN)
            raise PasswordTaken(PASSWORD_TAKEN)
        code.use_count += 1
        code.save(update_fields=["use_count"])
    return user


def user_change_password(*, user_id: int, new_password: str) -> User:
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        raise NotFound("User not found")
    _check_password_policy(new_password, user, field="newPassword")
    encoded = make_password(new_password)  # before the check, as in user_register
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            raise NotFound("User not found")
        if password_in_use(new_password, exclude_user_id=user.pk):
            raise PasswordTaken(PASSWORD_TAKEN, errors={"newPassword": [PASSWORD_TAKEN]})
        user.set_password(new_password, encoded=encoded)
        user.password_weak = False
        try:
            with transaction.atomic():
                user.save(
                    update_fields=[
                        "password",
                        "password_digest",
                        "password_digest_key",
                        "password_version",
                        "password_weak",
                    ]
                )
        except IntegrityError:
            raise PasswordTaken(PASSWORD_TAKEN, errors={"newPassword": [PASSWORD_TAKEN]})
    return user


def registration_code_create(
    *,
    code: str | None = None,
    note: str = "",
    expires_at: datetime | None = None,
    max_uses: int | None = None,
    is_active: bool = True,
) -> RegistrationCode:
    return RegistrationCode.objects.create(
        code=code or secrets.token_urlsafe(9),
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


ADMIN_FLAGS = {"is_staff": True, "is_superuser": True, "is_active": True}


def admin_ensure(*, email: str, password: str, name: str = "Shop admin") -> tuple[User, bool]:
    """Create the admin, or make sure it is an admin with this password (idempotent)."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(email__iexact=email).first()
        candidate = user or User(email=email, name=name)
        # One hash check: it is the slow part of this command.
        keeps_password = user is not None and user.check_password(password)
        if not keeps_password:
            _check_password_policy(password, candidate)
        if user is None:
            if password_in_use(password):
                raise Conflict(PASSWORD_TAKEN)
            user = User.objects.create_superuser(
                email=email, password=password, name=name, password_weak=False
            )
            return user, True
        if not keeps_password and password_in_use(password, exclude_user_id=user.pk):
            raise Conflict(PASSWORD_TAKEN)
        model_update(user, data=ADMIN_FLAGS)
        if not keeps_password:
            user.set_password(password)
            user.password_weak = False
            user.save()
        return user, False
