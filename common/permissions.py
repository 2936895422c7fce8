"""Permission classes of the API, each a capability of common/roles.py (docs/api.md,
Permissions and Roles): written once there, checked here."""

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request

from common.errors import NotAllowed
from common.roles import STOCK_FIELDS, Capability, role_may


def request_method(view: Any) -> str | None:
    # The schema generator asks a view for its permissions before any request exists.
    return getattr(getattr(view, "request", None), "method", None)


class HasCapability(BasePermission):
    """Signed in with a role that holds `capability` (anonymous: 401, others: 403)."""

    capability: Capability = Capability.MANAGE
    message = "You do not have permission to perform this action."

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        return bool(
            user is not None
            and user.is_authenticated
            and role_may(getattr(user, "role", None), self.capability)
        )


class IsAdmin(HasCapability):
    """Admins only: prices, settings, promotions, reports, users, activity, hero images."""

    capability = Capability.MANAGE
    message = "Only an admin can do this."


class CanHandleOrders(HasCapability):
    capability = Capability.ORDERS


class CanHandleRides(HasCapability):
    capability = Capability.RIDES


STOCK_ONLY = "Staff can change only a product's stock count and availability; ask an admin."


class CanChangeStock(HasCapability):
    """Admins change anything of a product; staff read it (its stock ledger too) and change
    only STOCK_FIELDS: a write naming any other field, or a delete, is a 403 with
    STOCK_ONLY."""

    capability = Capability.STOCK

    def has_permission(self, request: Request, view: Any) -> bool:
        if not super().has_permission(request, view):
            return False
        if request.method in SAFE_METHODS or role_may(
            getattr(request.user, "role", None), Capability.MANAGE
        ):
            return True
        if request.method not in ("PUT", "PATCH") or not set(request.data) <= STOCK_FIELDS:
            raise NotAllowed(STOCK_ONLY)
        return True


class ReadForUsersWriteForAdmins:
    """A view mixin: GET (and HEAD, OPTIONS) for any signed-in user, every write for admins
    (`write_permission` names another rule for a view's writes)."""

    write_permission: type[BasePermission] = IsAdmin

    def get_permissions(self) -> list[BasePermission]:
        if request_method(self) in SAFE_METHODS:
            return [IsAuthenticated()]
        return [self.write_permission()]
