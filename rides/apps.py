from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.apps import AppConfig

if TYPE_CHECKING:
    from accounts.models import User


class RidesConfig(AppConfig):
    name = "rides"
    verbose_name = "Rides"

    def ready(self) -> None:
        from accounts.personal_data import person_erasing, person_exporting

        person_erasing.connect(_erase, dispatch_uid="rides-erase-person")
        person_exporting.connect(_export, dispatch_uid="rides-export-person")


def _erase(sender: object, *, user: User, **kwargs: object) -> None:
    from rides.services import rides_erase_for_user

    rides_erase_for_user(user=user)


def _export(sender: object, *, user: User, **kwargs: object) -> dict[str, Any]:
    from rides.selectors import rides_export

    return {"rideRequests": rides_export(user=user)}
