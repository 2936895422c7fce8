"""Delivery options and their fees, in one place (served to the app by GET /api/shop/info).

FEES and FREE_FROM_SUBTOTAL are the spec's figures (the first-run settings of
storesettings.selectors), the ones the OpenAPI descriptions quote. Once an admin saves the back office's settings, the fees in
force are theirs (storesettings.selectors.shop_config, read on every call).
"""

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db import models

from storesettings.selectors import (
    FIRST_RUN_DELIVERY_FEE,
    FIRST_RUN_FREE_FROM,
    FIRST_RUN_SHIPPING_FEE,
    ShopConfig,
    shop_config,
)

CENT = Decimal("0.01")


class DeliveryOption(models.TextChoices):
    # The labels are the words customers read (the React app shows them as served).
    PICKUP = "pickup", "Store Pickup"
    SHIPPING = "shipping", "Standard Shipping"
    DELIVERY = "delivery", "Local Delivery"


# Fee per option, and the subtotal from which it is waived (None: never charged).
FEES = {
    DeliveryOption.PICKUP: Decimal("0.00"),
    DeliveryOption.SHIPPING: FIRST_RUN_SHIPPING_FEE,
    DeliveryOption.DELIVERY: FIRST_RUN_DELIVERY_FEE,
}
FREE_FROM_SUBTOTAL = {
    DeliveryOption.SHIPPING: FIRST_RUN_FREE_FROM,
    DeliveryOption.DELIVERY: FIRST_RUN_FREE_FROM,
}
# Options that need an address; local delivery also needs phone, date and time.
NEEDS_ADDRESS = {DeliveryOption.SHIPPING, DeliveryOption.DELIVERY}
NEEDS_APPOINTMENT = {DeliveryOption.DELIVERY}


def money(value: Decimal | int | str) -> Decimal:
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def _fee_and_free_from(
    option: DeliveryOption, config: ShopConfig
) -> tuple[Decimal, Decimal | None]:
    """(fee, subtotal from which it is waived or None) in force."""
    if option == DeliveryOption.SHIPPING:
        return config.shipping_fee, config.shipping_free_from
    if option == DeliveryOption.DELIVERY:
        return config.delivery_fee, config.delivery_free_from
    return FEES[option], None


def delivery_fee(option: str, subtotal: Decimal, config: ShopConfig | None = None) -> Decimal:
    fee, free_from = _fee_and_free_from(DeliveryOption(option), config or shop_config())
    if free_from is not None and subtotal >= free_from:
        return money(0)
    return money(fee)


def _describe(option: DeliveryOption) -> str:
    fee = FEES[option]
    if not fee:
        return f"`{option.value}` ({option.label.lower()}): free"
    text = f"`{option.value}` ({option.label.lower()}): {fee:.2f}"
    free_from = FREE_FROM_SUBTOTAL.get(option)
    if free_from is not None:
        text += f", free from a subtotal of {free_from:.2f}"
    return text


DELIVERY_OPTIONS_TEXT = "; ".join(_describe(option) for option in DeliveryOption) + "."


def _customer_description(option: DeliveryOption, config: ShopConfig) -> str:
    # The line under each option in the checkout drawer; the operator's details fill it in.
    if option == DeliveryOption.PICKUP:
        where = config.pickup_location
        return f"Pick up at {where}" if where else "Pick up at our store"
    if option == DeliveryOption.DELIVERY:
        area = config.delivery_area
        return f"Local delivery in {area} only" if area else "Local delivery"
    return "Standard shipping, 3-5 business days"


def delivery_options_info() -> list[dict[str, Any]]:
    """Every option as the client shows and prices it: the client keeps no copy of a fee."""
    config = shop_config()
    options = []
    for option in DeliveryOption:
        fee, free_from = _fee_and_free_from(option, config)
        options.append(
            {
                "id": option.value,
                "label": option.label,
                "fee": float(fee),
                "freeFrom": None if free_from is None else float(free_from),
                "description": _customer_description(option, config),
                "needsAddress": option in NEEDS_ADDRESS,
                "needsAppointment": option in NEEDS_APPOINTMENT,
            }
        )
    return options
