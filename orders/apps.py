from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.apps import AppConfig

if TYPE_CHECKING:
    from accounts.models import User


class OrdersConfig(AppConfig):
    name = "orders"
    verbose_name = "Orders"

    def ready(self) -> None:
        from accounts.personal_data import person_erasing, person_exporting

        person_erasing.connect(_anonymize, dispatch_uid="orders-erase-person")
        person_exporting.connect(_export, dispatch_uid="orders-export-person")


def _anonymize(sender: object, *, user: User, **kwargs: object) -> None:
    from orders.services import orders_anonymize_for_user

    orders_anonymize_for_user(user=user)


def _export(sender: object, *, user: User, **kwargs: object) -> dict[str, Any]:
    from orders.models import Order
    from orders.records import records_export
    from orders.selectors import orders_export

    return {
        "orders": orders_export(user=user),
        # What the law keeps even once the account is closed, why and until when.
        "complianceRecords": records_export(Order.objects.filter(user=user)),
    }
