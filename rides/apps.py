from django.apps import AppConfig


class RidesConfig(AppConfig):
    name = "rides"
    verbose_name = "Rides"

    def ready(self) -> None:
        from accounts.personal_data import person_erasing, person_exporting

        person_erasing.connect(_erase, dispatch_uid="rides-erase-person")
        person_exporting.connect(_export, dispatch_uid="rides-export-person")


def _erase(sender, *, user, **kwargs):
    from rides.services import rides_erase_for_user

    rides_erase_for_user(user=user)


def _export(sender, *, user, **kwargs):
    from rides.selectors import rides_export

    return {"rideRequests": rides_export(user=user)}
