"""The shop's people as the admins manage them: accounts an admin adds, their roles and
access, and closing an account (the customer's own or an admin's delete), under the rule
that the shop keeps an active admin. Passwords, sign-in and registration are
accounts/services.py's."""

from datetime import date

from django.contrib.auth.hashers import make_password
from django.db import transaction

from accounts.birth import date_of_birth_check
from accounts.models import Role, User
from accounts.personal_data import erase_elsewhere
from accounts.roles import role_group_sync
from accounts.selectors import password_in_use
from accounts.services import (
    DELETED_EMAIL,
    PASSWORD_TAKEN,
    USER_NOT_FOUND,
    account_open_check,
    current_password_check,
    new_user_save,
    password_policy_check,
)
from activity.services import activity_forget_person
from common.errors import Conflict, InvalidInput, NotAllowed, NotFound
from common.services import model_update, unknown_fields_check
from common.shoptime import shop_today

LAST_ADMIN = "The shop must keep at least one active admin. Make another admin first."


def last_admin_check(user: User, *, keeps_role: bool, field: str = "") -> None:
    """Refuse (400) a change that would leave the shop with no active admin: closing the
    last one's account, or taking their role or their access (`keeps_role` False); `field`
    names the refused field in `errors`. Call inside the change's transaction: the admins'
    rows are locked in one order, so two admins removing each other at once take turns and
    the second is refused."""
    if keeps_role or not (user.is_active and user.role == Role.ADMIN):
        return
    admins = list(
        User.objects.select_for_update()
        .filter(is_active=True, role=Role.ADMIN)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if not [pk for pk in admins if pk != user.pk]:
        raise InvalidInput(LAST_ADMIN, errors={field: [LAST_ADMIN]} if field else None)


def user_erase(*, user_id: int) -> None:
    """Close an account (the customer's DELETE /api/auth/me, an admin's delete): the row
    stays, deactivated and nameless, so the orders it placed stay in the books as
    "Deleted customer" with no name, phone or address, its pending orders cancelled with
    their stock put back; ride requests are deleted. The last active admin is refused."""
    with transaction.atomic():
        found = User.objects.filter(pk=user_id).first()
        if found is None:
            raise NotFound(USER_NOT_FOUND)
        # The admins' rows first (in one order), then this one: erasures take turns.
        last_admin_check(found, keeps_role=False)
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            raise NotFound(USER_NOT_FOUND)
        # The orders anonymized, the ride requests deleted (accounts.personal_data).
        erase_elsewhere(user)
        user.groups.clear()
        user.user_permissions.clear()
        user.email = DELETED_EMAIL.format(pk=user.pk)
        user.name = user.phone = user.delivery_address = user.delivery_zip = ""
        user.date_of_birth = None
        user.is_active = False
        user.role = Role.CUSTOMER
        user.set_unusable_password()
        # No digest: nothing signs in as this row; the raised version voids every token.
        user.password_digest, user.password_digest_key = None, ""
        user.password_version += 1
        user.save()
        activity_forget_person(user_id=user.pk)


def user_close(*, user: User, password: str) -> None:
    """The customer closes their own account, confirming with their password."""
    current_password_check(user, password, field="password")
    user_erase(user_id=user.pk)


CANNOT_ERASE_SELF = "You cannot delete your own account here. Use My Account to close it."


def user_erase_by_admin(*, user_id: int, admin: User) -> None:
    # An admin who erased themselves could leave the shop with no admin at all.
    if user_id == admin.pk:
        raise InvalidInput(CANNOT_ERASE_SELF)
    found = User.objects.filter(pk=user_id).first()
    if found is not None:
        account_open_check(found)
    user_erase(user_id=user_id)


# Who outranks whom: nobody raises their own role (docs/api.md, Roles).
ROLE_RANK = {Role.CUSTOMER: 0, Role.STAFF: 1, Role.ADMIN: 2}
OWN_ROLE_RAISED = "You cannot raise your own role."


def user_create(*, email: str, name: str, password: str, role: str) -> User:
    """An admin adds a person (POST /api/auth/users): staff, admin or customer, with a
    password under the same rules as registration."""
    email = User.objects.normalize_email(email.strip()).lower()
    password_policy_check(password, User(email=email, name=name))
    encoded = make_password(password)  # outside the transaction, as in user_register
    with transaction.atomic():
        user = new_user_save(User(email=email, name=name.strip(), role=role), password, encoded)
        role_group_sync(user)
    return user


def admin_kept_check(user: User, *, role: str, active: bool) -> None:
    """The last-admin rule (`last_admin_check`) for a change of role or access; the Django
    admin's user form checks it too (accounts/admin.py)."""
    stays_admin = role == Role.ADMIN and active
    last_admin_check(user, keeps_role=stays_admin, field="role" if active else "active")


def user_update(
    *,
    user_id: int,
    actor: User,
    role: str | None = None,
    active: bool | None = None,
    **born: date | None,
) -> User:
    """An admin changes a person's role, disables/enables the account, or sets or clears
    their date of birth (`date_of_birth`, PATCH /api/auth/users/{id}). A disabled account's
    tokens are refused on the next request on every server (accounts.authentication reads
    the row each request)."""
    unknown_fields_check("user_update", born, {"date_of_birth"})
    new_birth = born.get("date_of_birth")
    if new_birth is not None:
        date_of_birth_check(new_birth, today=shop_today())
    with transaction.atomic():
        # The active admins first, in id order, then the user: the last-admin rule sees
        # every concurrent change to an admin in turn.
        list(
            User.objects.select_for_update()
            .filter(role=Role.ADMIN, is_active=True)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            raise NotFound(USER_NOT_FOUND)
        account_open_check(user)
        new_role = user.role if role is None else role
        new_active = user.is_active if active is None else active
        if user.pk == actor.pk and ROLE_RANK[Role(new_role)] > ROLE_RANK[Role(user.role)]:
            raise NotAllowed(OWN_ROLE_RAISED)
        admin_kept_check(user, role=new_role, active=new_active)
        changed = model_update(user, data={"role": new_role, "is_active": new_active, **born})
        if "role" in changed:
            role_group_sync(user)
    return user


ADMIN_FLAGS = {"role": Role.ADMIN, "is_active": True}


def admin_ensure(*, email: str, password: str, name: str = "Shop admin") -> tuple[User, bool]:
    """Create the admin, or make sure it is an admin with this password (idempotent)."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(email__iexact=email).first()
        candidate = user or User(email=email, name=name)
        # One hash check: it is the slow part of this command.
        keeps_password = user is not None and user.check_password(password)
        if not keeps_password:
            password_policy_check(password, candidate)
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
