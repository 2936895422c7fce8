from django.conf import settings
from django.contrib.auth import password_validation
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import RegistrationCode, User
from accounts.selectors import password_in_use, user_by_password
from common.errors import BadRequest, Conflict, NotFound, Unauthorized

PASSWORD_TOO_SHORT = "Password must be at least 6 characters long"
PASSWORD_TAKEN = "Please choose a different password."
INVALID_PASSWORD = "Invalid password"
INVALID_CODE = "Invalid registration code"
EMAIL_TAKEN = "An account with this email already exists"


def _check_password_policy(raw_password, user=None):
    if len(raw_password) < settings.MIN_PASSWORD_LENGTH:
        raise BadRequest(PASSWORD_TOO_SHORT, errors={"password": [PASSWORD_TOO_SHORT]})
    try:
        password_validation.validate_password(raw_password, user=user)
    except ValidationError as exc:
        raise BadRequest(exc.messages[0], errors={"password": exc.messages})


def user_login(*, password, email=None):
    user = user_by_password(password, email=email)
    if user is None:
        # Spend the time a real check takes, so timing does not tell whether a password
        # belongs to anybody.
        make_password(password)
        raise Unauthorized(INVALID_PASSWORD)
    if not user.check_password(password):
        raise Unauthorized(INVALID_PASSWORD)
    return user


def user_register(*, email, password, name, registration_code):
    email = User.objects.normalize_email(email.strip()).lower()
    with transaction.atomic():
        code = (
            RegistrationCode.objects.select_for_update()
            .filter(code=registration_code.strip())
            .first()
        )
        if code is None or not code.is_usable(timezone.now()):
            raise BadRequest(INVALID_CODE, errors={"registrationCode": [INVALID_CODE]})
        _check_password_policy(password, User(email=email, name=name))
        if User.objects.filter(email__iexact=email).exists():
            raise Conflict(EMAIL_TAKEN, errors={"email": [EMAIL_TAKEN]})
        if password_in_use(password):
            raise Conflict(PASSWORD_TAKEN, errors={"password": [PASSWORD_TAKEN]})
        try:
            with transaction.atomic():
                user = User.objects.create_user(email=email, password=password, name=name.strip())
        except IntegrityError:
            # Lost a race with another registration for the same email or password.
            raise Conflict(EMAIL_TAKEN if User.objects.filter(email__iexact=email).exists() else PASSWORD_TAKEN)
        code.use_count += 1
        code.save(update_fields=["use_count"])
    return user


def user_change_password(*, user_id, new_password):
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            raise NotFound("User not found")
        _check_password_policy(new_password, user)
        if password_in_use(new_password, exclude_user_id=user.pk):
            raise Conflict(PASSWORD_TAKEN, errors={"newPassword": [PASSWORD_TAKEN]})
        user.set_password(new_password)
        try:
            with transaction.atomic():
                user.save(update_fields=["password", "password_digest", "password_version"])
        except IntegrityError:
            raise Conflict(PASSWORD_TAKEN, errors={"newPassword": [PASSWORD_TAKEN]})
    return user


def registration_code_create(*, code=None, note="", expires_at=None, max_uses=None):
    import secrets

    return RegistrationCode.objects.create(
        code=code or secrets.token_urlsafe(9),
        note=note,
        expires_at=expires_at,
        max_uses=max_uses,
    )


def registration_code_disable(*, code):
    updated = RegistrationCode.objects.filter(code=code).update(is_active=False)
    if not updated:
        raise NotFound(f"No registration code {code}")


def admin_ensure(*, email, password, name="Shop admin"):
    """Create the admin, or make sure it is an admin with this password (idempotent)."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(email__iexact=email).first()
        if user is None:
            _check_password_policy(password)
            if password_in_use(password):
                raise Conflict(PASSWORD_TAKEN)
            return User.objects.create_superuser(email=email, password=password, name=name), True
        changed = False
        if not (user.is_staff and user.is_superuser and user.is_active):
            user.is_staff = user.is_superuser = user.is_active = True
            changed = True
        if not user.check_password(password):
            if password_in_use(password, exclude_user_id=user.pk):
                raise Conflict(PASSWORD_TAKEN)
            user.set_password(password)
            changed = True
        if changed:
            user.save()
        return user, False
