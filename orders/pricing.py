"""Delivery options and their fees (spec section 9), in one place.

The checkout service, the OpenAPI descriptions and the admin all read these names, so a fee
change is one edit here.
"""

from decimal import ROUND_HALF_UP, Decimal

from django.db import models

CENT = Decimal("0.01")


class DeliveryOption(models.TextChoices):
    PICKUP = "pickup", "Store pickup"
    SHIPPING = "shipping", "Standard shipping"
    DELIVERY = "delivery", "Local delivery"


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
