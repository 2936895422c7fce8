"""Age-restricted (21+) goods: the confirmation checkout needs and the ID notice an order
carries for the people who hand it over."""

from common.errors import InvalidInput
from orders.models import Order
from orders.pricing import DeliveryOption

AGE_NOT_CONFIRMED = "Please confirm you are 21 or older to order age-restricted products."
PICKUP_ID_NOTICE = "Bring a valid photo ID (21+)"
DELIVERY_ID_NOTICE = "ID will be checked at delivery (21+)"


def check_age(*, restricted: bool, age_confirmed: bool) -> None:
    if restricted and age_confirmed is not True:
        raise InvalidInput(AGE_NOT_CONFIRMED, errors={"ageConfirmed": [AGE_NOT_CONFIRMED]})


def id_notice(order: Order) -> str | None:
    """The sentence the confirmation page, emails, order card and pick list show, or None.
    A shipped parcel is handed over by the carrier, who checks ID at the door as well."""
    if not order.id_check_required:
        return None
    if order.delivery_option == DeliveryOption.PICKUP:
        return PICKUP_ID_NOTICE
    return DELIVERY_ID_NOTICE


def id_notices() -> dict[str, str]:
    return {"pickup": PICKUP_ID_NOTICE, "delivery": DELIVERY_ID_NOTICE}
