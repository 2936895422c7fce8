"""What must be checked when an order is handed over: one function, `order_checks`, that the
order answer serves as `checks`, the hand-over requires (orders/handover.py) and the plain
complete refuses (orders.services.order_complete), so a check is never skipped by completing
instead. The compliance rules will add kinds of check here."""

from common.errors import InvalidInput
from orders.models import Order
from orders.pricing import DeliveryOption

# The fields each check needs at handover (the request's names).
CHECK_FIELDS: dict[str, tuple[str, ...]] = {"id": ("idType", "birthYear")}
FIELD_LABELS = {"idType": "The ID type", "birthYear": "The birth year on the ID"}
# Who hands an order over: the counter (pickup) and the driver (local delivery); a shipped
# parcel is handed over by the carrier, who checks ID at the door itself.
HANDED_OVER_BY_SHOP = (DeliveryOption.PICKUP, DeliveryOption.DELIVERY)


def order_checks(order: Order) -> list[str]:
    """What the person handing `order` over must check, e.g. ["id"]; [] for none."""
    checks = []
    if order.id_check_required and order.delivery_option in HANDED_OVER_BY_SHOP:
        checks.append("id")
    return checks


NEEDS_CHECK = (
    "This order needs an ID check at handover: use Hand over, which records it, instead of "
    "Complete."
)


def refuse_unchecked_complete(order: Order) -> None:
    """The plain complete's refusal of an order that needs a check (400)."""
    if order_checks(order):
        raise InvalidInput(NEEDS_CHECK, code="check_required")
