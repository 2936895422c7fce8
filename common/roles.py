"""Who may do what in the back office: the one rule (docs/architecture.md, "Where each rule
lives"). The API's permission classes (common/permissions.py) read CAPABILITIES; the Django
admin's "Staff" group is made from STAFF_MODEL_PERMISSIONS of the same capabilities
(accounts/roles.py, after every migrate); a user's is_staff and is_superuser follow from
their role by ROLE_FLAGS (accounts.models.User.save).

Plain data, so `common` can hold it without importing any app: model permissions are named
by their "app_label.codename" strings.
"""

from enum import StrEnum

from django.db import models


class Role(models.TextChoices):
    ADMIN = "admin", "Admin"
    STAFF = "staff", "Staff"
    CUSTOMER = "customer", "Customer"


class Capability(StrEnum):
    # Every order: see, mark ready, hand over, complete, cancel, adjust, print and export.
    ORDERS = "orders"
    # Every ride request: see, change its status.
    RIDES = "rides"
    # Products and types: see them with their stock, change stock counts and availability.
    STOCK = "stock"
    # Everything else of the back office: prices and the rest of the catalog, settings,
    # promotions, reports, users, activity, hero images, compliance rules.
    MANAGE = "manage"


CAPABILITIES: dict[str, frozenset[Capability]] = {
    Role.ADMIN: frozenset(Capability),
    Role.STAFF: frozenset({Capability.ORDERS, Capability.RIDES, Capability.STOCK}),
    Role.CUSTOMER: frozenset(),
}

# The product and type fields a STOCK capability changes; any other field needs MANAGE.
STOCK_FIELDS = frozenset({"quantity", "availability"})

# (is_staff, is_superuser) of each role: staff and admins use the Django admin, admins with
# every permission; staff by the "Staff" group's.
ROLE_FLAGS: dict[str, tuple[bool, bool]] = {
    Role.ADMIN: (True, True),
    Role.STAFF: (True, False),
    Role.CUSTOMER: (False, False),
}

# The Django admin's model permissions of each capability a non-admin role may hold (admins
# are superusers and need none). In the Django admin, staff change a product's stock and
# availability in the product list's editable columns; its page is read-only to them
# (shop/admin.py, ProductAdmin.has_change_permission).
MODEL_PERMISSIONS: dict[Capability, tuple[str, ...]] = {
    Capability.ORDERS: (
        "orders.view_order",
        "orders.change_order",
        "orders.view_orderline",
        "orders.view_orderevent",
    ),
    Capability.RIDES: ("rides.view_ride", "rides.change_ride", "rides.view_rideevent"),
    Capability.STOCK: (
        "shop.view_category",
        "shop.view_product",
        "shop.change_product",
        "shop.view_producttype",
        "shop.change_producttype",
        "shop.view_productimage",
        "shop.view_stockmove",
    ),
}
STAFF_GROUP = "Staff"


def role_may(role: str | None, capability: Capability) -> bool:
    return role is not None and capability in CAPABILITIES.get(role, frozenset())


def group_permissions(role: str) -> list[str]:
    """The model permissions of a role's group, "app_label.codename" (none for customers)."""
    return sorted(
        {
            name
            for capability in CAPABILITIES[role]
            for name in MODEL_PERMISSIONS.get(capability, ())
        }
    )
