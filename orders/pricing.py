"""Delivery options and their fees, in one place (served to the app by GET /api/shop/info).

FEES and FREE_FROM_SUBTOTAL are the spec's figures (the first-run settings of
storesettings.selectors), the ones the OpenAPI descriptions quote. Once an admin saves the back office's settings, the fees in
force are theirs (storesettings.selectors.shop_config, read on every call).
"""

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from typing import Any

from django.db import models

from promotions.models import PromotionKind
from storesettings.selectors import (
    FIRST_RUN_DELIVERY_FEE,
    FIRST_RUN_FREE_FROM,
    FIRST_RUN_SHIPPING_FEE,
    ShopConfig,
    shop_config,
    state_tax_table,
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


# How and when an order is paid: the shop takes no payment online, so each option says when
# (served as each option's `payment`; the confirmation and My Orders show it).
PAYMENT = {
    DeliveryOption.PICKUP: "You pay at pickup, when you collect your order.",
    DeliveryOption.DELIVERY: "You pay on delivery, when your order reaches you.",
    DeliveryOption.SHIPPING: "We contact you to arrange payment before your order ships.",
}


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
                "payment": PAYMENT[option],
                "needsAddress": option in NEEDS_ADDRESS,
                "needsAppointment": option in NEEDS_APPOINTMENT,
            }
        )
    return options


# --- Taxes and discounts ------------------------------------------------------------------
#
# The one place an order's money is computed (checkout, the quote and an admin's adjustment
# call `price_order`). Rounding, written once: each tax is computed on the order's whole
# base and rounded half up to the cent (per tax per order, never per line, as CDTFA's
# example does); a discount, and each tax's share shown per line, are allocated to the lines
# in proportion, each share rounded down to the cent and the cents left over given to the
# largest line, so the lines always add up to the order's figure.
#
# The excise (CECET) is charged on an excise line's price after its discount and is itself
# not subject to sales tax. Sales tax is charged on the subtotal less the discount; the
# delivery fee is not taxed: in California a delivery charge stated apart from the goods'
# price is not part of the taxable sale (CDTFA Regulation 1628; an owner charging more
# than the delivery's cost should check it with CDTFA).

RATE_PERCENT = Decimal(100)


@dataclass(frozen=True)
class PriceLine:
    unit_price: Decimal
    quantity: int
    excise: bool = False
    # The promotion applies to this line.
    discountable: bool = False


@dataclass(frozen=True)
class Offer:
    """A promotion's terms, as an order keeps them (kind, value)."""

    kind: str
    value: Decimal


@dataclass(frozen=True)
class TaxRates:
    """The rates an order is charged (percents) and where the sales tax is due."""

    sales_tax_rate: Decimal
    excise_tax_rate: Decimal
    place: str


@dataclass(frozen=True)
class LineFigures:
    subtotal: Decimal
    discount: Decimal
    excise_tax: Decimal
    excise: bool = False
    discountable: bool = False

    @property
    def line_total(self) -> Decimal:
        """What the line costs before the sales tax: its price less its discount."""
        return self.subtotal - self.discount


@dataclass(frozen=True)
class Figures:
    subtotal: Decimal
    discount: Decimal
    delivery_fee: Decimal
    excise_tax: Decimal
    sales_tax: Decimal
    total: Decimal
    lines: tuple[LineFigures, ...]

    @property
    def taxable(self) -> Decimal:
        return self.subtotal - self.discount

    @property
    def excise_base(self) -> Decimal:
        return sum((line.line_total for line in self.lines if line.excise), money(0))


def tax(base: Decimal, rate: Decimal) -> Decimal:
    """One tax on one order's base (or a percent off), half up, to the cent."""
    return money(base * rate / RATE_PERCENT)


def allocate(amount: Decimal, weights: list[Decimal]) -> list[Decimal]:
    """`amount` shared by `weights`, each share rounded down to the cent, the cents left
    over to the largest weight (the first of equals). Zero weights get nothing."""
    whole = sum(weights, Decimal(0))
    if not whole or not amount:
        return [money(0)] * len(weights)
    shares = [(amount * w / whole).quantize(CENT, rounding=ROUND_DOWN) for w in weights]
    largest = max(range(len(weights)), key=lambda i: (weights[i], -i))
    shares[largest] += amount - sum(shares, Decimal(0))
    return shares


def offer_discount(offer: Offer | None, eligible: Decimal) -> Decimal:
    """What an offer takes off `eligible` (the subtotal of the lines it applies to)."""
    if offer is None or offer.kind == PromotionKind.FREE_DELIVERY:
        return money(0)
    if offer.kind == PromotionKind.PERCENT:
        return min(tax(eligible, offer.value), eligible)
    return min(money(offer.value), eligible)


def price_order(
    lines: list[PriceLine], *, delivery_fee: Decimal, rates: TaxRates, offer: Offer | None
) -> Figures:
    """Every figure of an order from its lines, its delivery fee as the shop charges it
    today, the rates it is charged and the promotion it carries (the rules above)."""
    subtotals = [money(line.unit_price * line.quantity) for line in lines]
    subtotal = sum(subtotals, money(0))
    eligible = [
        s if line.discountable else Decimal(0) for s, line in zip(subtotals, lines, strict=True)
    ]
    discount = offer_discount(offer, sum(eligible, Decimal(0)))
    discounts = allocate(discount, eligible)
    excise_bases = [
        s - d if line.excise else Decimal(0)
        for s, d, line in zip(subtotals, discounts, lines, strict=True)
    ]
    excise = tax(sum(excise_bases, Decimal(0)), rates.excise_tax_rate)
    excises = allocate(excise, excise_bases)
    fee = (
        money(0)
        if offer is not None and offer.kind == PromotionKind.FREE_DELIVERY
        else delivery_fee
    )
    sales_tax = tax(subtotal - discount, rates.sales_tax_rate)
    return Figures(
        subtotal=subtotal,
        discount=discount,
        delivery_fee=fee,
        excise_tax=excise,
        sales_tax=sales_tax,
        total=subtotal - discount + fee + excise + sales_tax,
        lines=tuple(
            LineFigures(
                subtotal=s,
                discount=d,
                excise_tax=e,
                excise=line.excise,
                discountable=line.discountable,
            )
            for s, d, e, line in zip(subtotals, discounts, excises, lines, strict=True)
        ),
    )


def excise_rate_on(day: date, config: ShopConfig) -> Decimal:
    """The excise rate in force on `day` (the latest row from on or before it; 0 before
    the first)."""
    in_force = [row for row in config.excise_rates if date.fromisoformat(row["from"]) <= day]
    if not in_force:
        return Decimal(0)
    return Decimal(max(in_force, key=lambda row: row["from"])["rate"])


def tax_rates(
    option: str, *, delivery_zip: str, shipping_state: str, day: date, config: ShopConfig
) -> TaxRates:
    """The rates an order placed on `day` is charged: pickup at the shop's rate, local
    delivery at its ZIP's (the shop's when not listed), shipping at its state's (0 when not
    listed)."""
    excise = excise_rate_on(day, config)
    if option == DeliveryOption.DELIVERY:
        rates = {row["zip"]: row["rate"] for row in config.delivery_tax_rates}
        rate = Decimal(rates.get(delivery_zip, config.sales_tax_rate))
        return TaxRates(rate, excise, f"ZIP {delivery_zip}")
    if option == DeliveryOption.SHIPPING:
        states = {row["state"]: row["rate"] for row in state_tax_table(config)}
        return TaxRates(Decimal(states.get(shipping_state, 0)), excise, f"State {shipping_state}")
    return TaxRates(config.sales_tax_rate, excise, "Pickup")
