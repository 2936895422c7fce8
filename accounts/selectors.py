from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import F, Q, QuerySet

from accounts.models import RegistrationCode, User, closed_accounts
from accounts.passwords import password_digests
from accounts.personal_data import exported_elsewhere
from common.pagination import NewestPosition


def _people(search: str, roles: Iterable[str]) -> QuerySet[User]:
    # Closed accounts are no one's any more. The search is icontains on both columns: on
    # PostgreSQL, UPPER(col) LIKE '%TEXT%', which the trigram indexes of migration 0007 serve.
    users = User.objects.exclude(closed_accounts())
    if search:
        users = users.filter(Q(name__icontains=search) | Q(email__icontains=search))
    if roles:
        users = users.filter(role__in=list(roles))
    return users


def user_list(
    *, search: str = "", roles: Sequence[str] = (), after: NewestPosition | None = None
) -> QuerySet[User]:
    """The people of the back office's Users page, newest first (ties by id, so pages never
    repeat a row); `search` in the name or email, any case; `roles`: only those; with
    `after`, those after it."""
    users = _people(search, roles)
    if after is not None:
        users = after.rows_after(users)
    if search:
        # The same order, written so that PostgreSQL cannot walk user_newest (NULLS LAST is
        # not that index's order; created_at is never null): walking it, a page of a rare
        # name filters the whole table. The search's trigram indexes give the few rows, then
        # they are sorted (as orders.selectors.order_list does).
        return users.order_by(F("created_at").desc(nulls_last=True), F("id").desc(nulls_last=True))
    return users.order_by("-created_at", "-id")


def user_count(*, search: str = "", roles: Sequence[str] = ()) -> int:
    return _people(search, roles).count()


def user_by_password(raw_password: str, *, email: str | None = None) -> User | None:
    """The active user this password belongs to, found by one indexed lookup, or None."""
    users = User.objects.filter(is_active=True)
    if email:
        return users.filter(email__iexact=email.strip()).first()
    # Under the current key or an older one (the sign-in re-keys it); password_in_use checks
    # every key, so at most one user matches.
    return users.filter(password_digest__in=password_digests(raw_password)).first()


def password_in_use(raw_password: str, *, exclude_user_id: int | None = None) -> bool:
    users = User.objects.filter(password_digest__in=password_digests(raw_password))
    if exclude_user_id is not None:
        users = users.exclude(pk=exclude_user_id)
    return users.exists()


def registration_code_list() -> QuerySet[RegistrationCode]:
    return RegistrationCode.objects.all()


def registration_code_exists(code: str) -> bool:
    return RegistrationCode.objects.filter(code=code).exists()


def user_by_id(user_id: int | None) -> User | None:
    return None if user_id is None else User.objects.filter(pk=user_id).first()


def user_for_reset(email: str) -> User | None:
    """The active account a reset request's email names, or None."""
    return User.objects.filter(is_active=True, email__iexact=email.strip()).first()


def user_export(user: User) -> dict[str, Any]:
    """Everything the shop keeps about a customer (GET /api/auth/me/export, CCPA's right
    to know): the profile, then what the other apps keep (the orders with their lines, the
    ride requests: accounts.personal_data)."""
    return {
        "profile": {
            "id": user.pk,
            "email": user.email,
            "name": user.name,
            "phone": user.phone,
            "deliveryAddress": user.delivery_address,
            "deliveryZip": user.delivery_zip,
            "dateOfBirth": user.date_of_birth.isoformat() if user.date_of_birth else None,
            "role": str(user.role),
            "createdAt": user.created_at.isoformat(),
        },
        **exported_elsewhere(user),
    }
