"""Permission mixes used by more than one app (docs/api.md, Permissions)."""

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAdminUser, IsAuthenticated


def request_method(view: Any) -> str | None:
    # The schema generator asks a view for its permissions before any request exists.
    return getattr(getattr(view, "request", None), "method", None)


class ReadForUsersWriteForAdmins:
    """A view mixin: GET (and HEAD, OPTIONS) for any signed-in user, every write for admins."""

    def get_permissions(self) -> list[BasePermission]:
        if request_method(self) in SAFE_METHODS:
            return [IsAuthenticated()]
        return [IsAdminUser()]
