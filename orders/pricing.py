"""Delivery options and their fees, in one place (served to the app by GET /api/shop/info).

The checkout service, the OpenAPI descriptions and the admin all read these names, so a fee
change is one edit here.
"""

from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.db import models

CENT = Decimal("0.01")


class DeliveryOption(models.TextChoices):
    # The labels are the words customers read (the React app shows them as served).
    PICKUP = "pickup", "Store Pickup"
    SHIPPING = "shipping", "Standard Shipping"
    DELIVERY = "delivery", "Local Delivery"


# Fee per option, and the subtotal from which it is waived (None: never charged).
FEES = {
    DeliveryOption.PICKUP: Decimal("0.00"),
    DeliveryOption.SHIPPING: Decimal("8.00"),
    DeliveryOption.DELIVERY: Decimal("20.00"),
}
FREE_FROM_SUBTOTAL = {
    DeliveryOption.SHIPPING: Decimal("60.00"),
    DeliveryOption.DELIVERY: Decimal("60.00"),
}
# Options that need an address; local delivery also needs phone, date and time.
NEEDS_ADDRESS = {DeliveryOption.SHIPPING, DeliveryOption.DELIVERY}
NEEDS_APPOINTMENT = {DeliveryOption.DELIVERY}


def money(value):
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def delivery_fee(option, subtotal):
    option = DeliveryOption(option)
    free_from = FREE_FROM_SUBTOTAL.get(option)
    if free_from is not None and subtotal >= free_from:
        return money(0)
    return money(FEES[option])


def _describe(option):
    fee = FEES[option]
    if not fee:
        return f"`{option.value}` ({option.label.lower()}): free"
    text = f"`{option.value}` ({option.label.lower()}): {fee:.2f}"
    free_from = FREE_FROM_SUBTOTAL.get(option)
    if free_from is not None:
        text += f", free from a subtotal of {free_from:.2f}"
    return text


DELIVERY_OPTIONS_TEXT = "; ".join(_describe(option) for option in DeliveryOption) + "."


def _customer_description(option):
    # The line under each option in the checkout drawer; the operator's details fill it in.
    if option == DeliveryOption.PICKUP:
        where = settings.SHOP_PICKUP_LOCATION
        return f"Pick up at {where}" if where else "Pick up at our store"
    if option == DeliveryOption.DELIVERY:
        area = settings.SHOP_DELIVERY_AREA
        return f"Local delivery in {area} only" if area else "Local delivery"
    return "Standard shipping, 3-5 business days"


def delivery_options_info():
    """Every option as the client shows and prices it: the client keeps no copy of a fee."""
    options = []
    for option in DeliveryOption:
        free_from = FREE_FROM_SUBTOTAL.get(option)
        options.append(
            {
                "id": option.value,
                "label": option.label,
                "fee": float(FEES[option]),
                "freeFrom": None if free_from is None else float(free_from),
                "description": _customer_description(option),
                "needsAddress": option in NEEDS_ADDRESS,
                "needsAppointment": option in NEEDS_APPOINTMENT,
            }
        )
    return options
