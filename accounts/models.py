from datetime import datetime
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.hashers import check_password as check_hashed
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.utils import timezone

from accounts.passwords import key_id, password_digest
from common.roles import ROLE_FLAGS, Role

__all__ = ["CLOSED_EMAIL_DOMAIN", "RegistrationCode", "Role", "User", "closed_accounts"]

# A closed account keeps its row (its orders stay in the books) under this reserved domain
# (RFC 2606, which no mailbox has), deactivated: accounts.people.user_erase.
CLOSED_EMAIL_DOMAIN = "deleted.invalid"


def closed_accounts() -> models.Q:
    """The rows of closed accounts: left out of the back office's lists and refused any write."""
    return models.Q(is_active=False, email__endswith=f"@{CLOSED_EMAIL_DOMAIN}")


def _role_of(fields: dict[str, Any]) -> str:
    """The role of a create call that names none: from the flags it gives (a superuser is an
    admin, is_staff alone staff), as createsuperuser and older callers pass them."""
    if fields.get("is_superuser"):
        return Role.ADMIN
    return Role.STAFF if fields.get("is_staff") else Role.CUSTOMER


class UserManager(BaseUserManager):
    use_in_migrations = True

    def _create(self, email: str, password: str | None, **fields: Any) -> "User":
        if not email:
            raise ValueError("An email is required.")
        # The caller that validated the password says so; set_password forgets the verdict.
        weak = fields.pop("password_weak", None)
        user: User = self.model(  # type: ignore[assignment]
            email=self.normalize_email(email).lower(), **fields
        )
        user.set_password(password)
        user.password_weak = weak
        user.save(using=self._db)
        from accounts.roles import role_group_sync  # the roles module reads this one

        role_group_sync(user)
        return user

    def create_user(self, email: str, password: str | None = None, **fields: Any) -> "User":
        fields.setdefault("role", _role_of(fields))
        return self._create(email, password, **fields)

    def create_superuser(self, email: str, password: str | None = None, **fields: Any) -> "User":
        fields["role"] = Role.ADMIN
        return self._create(email, password, **fields)


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField(unique=True)
    name = models.CharField(max_length=150, blank=True)
    # The customer's own details (PATCH /api/auth/me): they prefill checkout.
    phone = models.CharField(max_length=40, blank=True)
    delivery_address = models.CharField(max_length=500, blank=True)
    delivery_zip = models.CharField(max_length=5, blank=True)
    # What the person may do (common/roles.py); is_staff and is_superuser follow from it.
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.CUSTOMER)
    is_staff = models.BooleanField(
        "back office",
        default=False,
        editable=False,
        help_text="Admins and staff use this Django admin (set by the role).",
    )
    is_active = models.BooleanField(default=True)
    # Set once by the customer (accounts.birth), changed afterwards by an admin only; a 21+
    # order is accepted only when it shows 21 or older (orders.age).
    date_of_birth = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    # HMAC of the password (accounts.passwords): finds the user at password-only sign-in.
    password_digest = models.CharField(max_length=64, unique=True, null=True, editable=False)
    # Which key made it (accounts.passwords.key_id); empty for digests from before this was
    # kept. `manage.py digest_keys` counts users per key during a rotation.
    password_digest_key = models.CharField(max_length=12, blank=True, default="", editable=False)
    # Raised by every password change; tokens carry it as `pwv`, older ones are refused.
    password_version = models.PositiveIntegerField(default=0, editable=False)
    # Whether the password breaks today's rules (accounts.validators): judged when the
    # plaintext is at hand (a sign-in or a validated change); None = not judged since it was
    # set. `manage.py weak_passwords` lists the True ones.
    password_weak = models.BooleanField(null=True, default=None, editable=False)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["name"]

    class Meta:
        ordering = ["-created_at", "-id"]
        # The Users page's keyset pages (accounts.selectors.user_list); its search has
        # trigram indexes on PostgreSQL (migration 0007).
        indexes = [models.Index(fields=["-created_at", "-id"], name="user_newest")]

    def __str__(self) -> str:
        return self.email

    @property
    def is_closed(self) -> bool:
        return not self.is_active and self.email.endswith(f"@{CLOSED_EMAIL_DOMAIN}")

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The one place the Django flags follow the role: every path that saves a user (the
        # services, the Django admin, createsuperuser) comes through here.
        self.is_staff, self.is_superuser = ROLE_FLAGS[self.role]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "role" in update_fields:
            kwargs["update_fields"] = {*update_fields, "is_staff", "is_superuser"}
        super().save(*args, **kwargs)

    def set_password(self, raw_password: str | None, *, encoded: str | None = None) -> None:
        # Every path that changes a password (API, Django admin, createsuperuser,
        # changepassword) goes through here, so the digest and version never go stale.
        # `encoded`: the hash of raw_password, made beforehand (accounts.services).
        if encoded is None:
            super().set_password(raw_password)
        else:
            self.password, self._password = encoded, raw_password
        self.password_digest = password_digest(raw_password)
        self.password_digest_key = key_id()
        self.password_version += 1
        self.password_weak = None

    def check_password(self, raw_password: str | None) -> bool:
        def upgrade_hash(raw: str) -> None:
            # A hasher upgrade re-hashes the same password: not a password change, so it
            # must not raise the version and sign the user out.
            AbstractBaseUser.set_password(self, raw)
            self._password = None
            self.save(update_fields=["password"])

        return check_hashed(raw_password, self.password, upgrade_hash)

    def get_full_name(self) -> str:
        return self.name or self.email

    def get_short_name(self) -> str:
        return self.name or self.email


class RegistrationCode(models.Model):
    code = models.CharField(max_length=64, unique=True)
    note = models.CharField(max_length=200, blank=True, help_text="Who or what the code is for.")
    is_active = models.BooleanField(default=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    max_uses = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: unlimited.")
    use_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(max_uses__isnull=True)
                | models.Q(use_count__lte=models.F("max_uses")),
                name="registration_code_uses_within_max",
            )
        ]

    def __str__(self) -> str:
        return self.code

    def is_usable(self, now: datetime | None = None) -> bool:
        now = now or timezone.now()
        if not self.is_active:
            return False
        if self.expires_at is not None and self.expires_at <= now:
            return False
        return not (self.max_uses is not None and self.use_count >= self.max_uses)
