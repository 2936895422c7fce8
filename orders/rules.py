"""Checkout's rules, written once: the form's messages (checked by
orders.serializers.CheckoutSerializer), the shop rules of checkout_plan (units per line, what
may be shipped, where and when local delivery goes, the phone number's form and the 21+
confirmation), the cap on pending orders, and checkout_rules(), which serves them to the
client through GET /api/shop/info. When each one is checked: the refusal order in the
docstring of orders/checkout.py.

checkout_plan and check_pending_orders run inside the checkout's transaction, once it holds
the customer's row lock (so parallel checkouts cannot together pass the pending cap) and
before the order row is written; a refusal rolls the transaction back, so nothing is stored.
The per-hour delivery capacity is taken later, once the order row exists
(orders.delivery.delivery_slot_take)."""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.template.defaultfilters import pluralize
from rest_framework import serializers

from common.contact import PHONE_INVALID, clean_phone
from common.errors import InvalidInput
from common.shoptime import shop_today
from orders import age, delivery
from orders.pricing import DeliveryOption
from shop import stock
from shop.models import ProductType
from shop.selectors import product_sale_rules
from shop.stock import StockLine
from storesettings.selectors import ShopConfig, shop_config

# The checkout form's messages, in the form's order (served as checkoutMessages).
CART_EMPTY = "Your cart is empty"
DELIVERY_OPTION_MISSING = "Please select a delivery option"
NAME_MISSING = "Please enter your name for the order"
ADDRESS_MISSING = "Please enter your delivery address"
STATE_MISSING = "Please choose the state to ship to"
PHONE_MISSING = "Please enter your phone number for delivery"
DATE_MISSING = "Please select a delivery date"
DATE_PAST = "Delivery date cannot be earlier than today"
TIME_MISSING = "Please select a delivery time"
QUANTITY_TOO_LOW = "Quantity must be at least 1"

UNITS_PER_LINE = "You can order at most {most} of {label} per order."
UNITS_PER_LINES = "You can order at most {most} of each item per order: {labels}."
PENDING_UNITS = (
    "You can hold at most {most} of {label} across your orders waiting to be completed "
    "({held} already)."
)
PENDING_VALUE = (
    "Your orders waiting to be completed can hold at most {most} of goods together "
    "({held} already). Please wait until one is completed or cancelled."
)
PENDING_ORDERS = (
    "You already have {orders} waiting to be completed. Please wait until one is "
    "completed or cancelled before placing another."
)


def limit(value: int) -> int | None:
    """A MAX_* setting as a limit: None when 0 (or less) turns it off."""
    return value if value > 0 else None


@dataclass(frozen=True)
class CheckoutPlan:
    phone_number: str
    delivery_zip: str
    delivery_time: str
    delivery_at: datetime | None
    id_check_required: bool


def checkout_plan(
    *,
    option: DeliveryOption,
    lines: Sequence[StockLine],
    age_confirmed: bool,
    delivery_zip: str,
    phone_number: str,
    delivery_date: date | None,
    delivery_time: str,
    config: ShopConfig,
    held_units: dict[tuple[int, int | None], int] | None = None,
) -> CheckoutPlan:
    """Refuse (400) a cart or appointment the shop cannot accept under `config` (the
    settings the checkout read once); else the cleaned values. `held_units`: what the
    customer's pending orders hold already (check_pending_units)."""
    products = product_sale_rules(product_ids={line.product_id for line in lines})
    # Unknown ids are skipped here: the stock reservation refuses them with its own message.
    in_cart = [products[line.product_id] for line in lines if line.product_id in products]
    names = {pk: name for pk, (name, _, _) in products.items()}
    check_units_per_line(lines, names=names, config=config)
    check_pending_units(lines, held_units or {}, names=names, config=config)
    if option == DeliveryOption.SHIPPING:
        _check_shippable(in_cart)
    zip_code, moment = "", None
    if option == DeliveryOption.DELIVERY:
        zip_code = delivery.clean_zip(delivery_zip, config)
    phone = clean_phone(phone_number)
    if option == DeliveryOption.DELIVERY:
        if delivery_date is None:  # the serializer asks first; a caller of the service may not
            raise InvalidInput(DATE_MISSING, errors={"deliveryDate": [DATE_MISSING]})
        moment, delivery_time = delivery.clean_appointment(delivery_date, delivery_time, config)
    restricted = any(item_restricted for _name, item_restricted, _ in in_cart)
    age.check_age(restricted=restricted, age_confirmed=age_confirmed)
    return CheckoutPlan(
        phone_number=phone,
        delivery_zip=zip_code,
        delivery_time=delivery_time,
        delivery_at=moment,
        id_check_required=restricted,
    )


def _check_shippable(in_cart: Iterable[tuple[str, bool, bool]]) -> None:
    for name, _restricted, shippable in in_cart:
        if not shippable:
            message = delivery.not_shippable(name)
            raise InvalidInput(message, errors={"deliveryOption": [message]})


def check_units_per_line(
    lines: Sequence[StockLine], *, names: dict[int, str], config: ShopConfig
) -> None:
    """Refuse (400) more than MAX_UNITS_PER_LINE units of one product or type, naming every
    such line at once. Identical lines count together, as the stock reservation merges them,
    so splitting a line does not get around the limit. `names`: {product id: name}."""
    most = limit(config.max_units_per_line)
    if most is None:
        return
    labels = _labels(_over(lines, most=most, names=names), names=names)
    if not labels:
        return
    each = [UNITS_PER_LINE.format(most=most, label=label) for label in labels]
    message = (
        each[0] if len(each) == 1 else UNITS_PER_LINES.format(most=most, labels=", ".join(labels))
    )
    raise InvalidInput(message, errors={"cartItems": each})


def _over(
    lines: Sequence[StockLine], *, most: int, names: dict[int, str]
) -> list[tuple[int, int | None]]:
    """(product id, type id) of the known products with more than `most` units."""
    wanted: Counter[tuple[int, int | None]] = Counter()
    for line in lines:
        wanted[line.product_id, line.type_id] += line.quantity
    return [key for key, units in wanted.items() if units > most and key[0] in names]


def _labels(over: list[tuple[int, int | None]], *, names: dict[int, str]) -> list[str]:
    """ "Name" or "Name - Type" for each line of `over` whose type belongs to its product."""
    return list(_label_map(over, names=names).values())


def _label_map(
    over: list[tuple[int, int | None]], *, names: dict[int, str]
) -> dict[tuple[int, int | None], str]:
    if not over:
        return {}
    types = ProductType.objects.filter(pk__in={type_id for _, type_id in over if type_id})
    type_names = {(p, t): name for t, p, name in types.values_list("pk", "product_id", "name")}
    return {
        (product_id, type_id): f"{names[product_id]} - {type_names[product_id, type_id]}"
        if type_id
        else names[product_id]
        for product_id, type_id in over
        # A type that is gone, or another product's, is refused by the stock reservation.
        if not type_id or (product_id, type_id) in type_names
    }


def check_pending_orders(pending: int, *, config: ShopConfig) -> None:
    """Refuse (400) a checkout by a customer who already has MAX_PENDING_ORDERS pending."""
    most = limit(config.max_pending_orders)
    if most is not None and pending >= most:
        message = PENDING_ORDERS.format(orders=f"{most} order{pluralize(most)}")
        raise InvalidInput(message, errors={"cartItems": [message]})


def check_pending_units(
    lines: Sequence[StockLine],
    held: dict[tuple[int, int | None], int],
    *,
    names: dict[int, str],
    config: ShopConfig,
) -> None:
    """Refuse (400) a cart that would bring the customer's pending orders (`held`, from
    orders.selectors.order_pending_holdings) past MAX_PENDING_UNITS of one product or
    type, naming every such line; so no account can take a product off sale by spreading
    it over orders. `names`: {product id: name}."""
    most = limit(config.max_pending_units)
    if most is None:
        return
    wanted: Counter[tuple[int, int | None]] = Counter()
    for line in lines:
        wanted[line.product_id, line.type_id] += line.quantity
    over = [
        key for key, units in wanted.items() if units + held.get(key, 0) > most and key[0] in names
    ]
    labels = _label_map(over, names=names)
    each = [
        PENDING_UNITS.format(most=most, label=labels[key], held=held.get(key, 0))
        for key in over
        if key in labels
    ]
    if each:
        raise InvalidInput(each[0], errors={"cartItems": each})


def check_pending_value(value: Decimal, held: Decimal, *, config: ShopConfig) -> None:
    """Refuse (400) an order whose goods (`value`) with those of the customer's pending
    orders (`held`) pass MAX_PENDING_VALUE."""
    if config.max_pending_value <= 0 or value + held <= config.max_pending_value:
        return
    message = PENDING_VALUE.format(most=f"${config.max_pending_value:,.2f}", held=f"${held:,.2f}")
    raise InvalidInput(message, errors={"cartItems": [message]})


def pending_refusal(
    lines: Sequence[StockLine],
    *,
    orders: int,
    units: dict[tuple[int, int | None], int],
    value: Decimal,
    held_value: Decimal,
    config: ShopConfig,
) -> str:
    """What checkout would refuse of this cart for the customer's pending caps (orders, then
    units, then value: the refusal order), or ''; the quote serves it so the cart says it
    before the form is filled. `value`: the cart's goods; the rest: what pending orders hold."""
    try:
        check_pending_orders(orders, config=config)
        products = product_sale_rules(product_ids={line.product_id for line in lines})
        names = {pk: name for pk, (name, _, _) in products.items()}
        check_pending_units(lines, units, names=names, config=config)
        check_pending_value(value, held_value, config=config)
    except InvalidInput as refused:
        return refused.message
    return ""


def checkout_messages() -> dict[str, str]:
    """The checkout form's refusals, worded as the server answers them (the same constants).
    `dateTooFar` names today's last bookable date."""
    config = shop_config()
    return {
        "cartEmpty": CART_EMPTY,
        "option": DELIVERY_OPTION_MISSING,
        "name": NAME_MISSING,
        "address": ADDRESS_MISSING,
        "state": STATE_MISSING,
        "phone": PHONE_MISSING,
        "date": DATE_MISSING,
        "datePast": DATE_PAST,
        "time": TIME_MISSING,
        "phoneInvalid": PHONE_INVALID,
        "dateTooFar": delivery.too_far_message(
            config, delivery.latest_delivery_date(config=config)
        ),
    }


def phone_check(raw: str) -> dict[str, Any]:
    """GET /api/shop/phone-check: {phone, valid, message} by checkout's own rule
    (clean_phone): the number as it would be stored, or the refusal. Empty: 400."""
    typed = (raw or "").strip()
    if not typed:
        raise InvalidInput(PHONE_MISSING, errors={"phone": [PHONE_MISSING]})
    try:
        return {"phone": clean_phone(typed), "valid": True, "message": ""}
    except InvalidInput as refusal:
        return {"phone": typed, "valid": False, "message": refusal.message}


def delivery_times(day: date) -> dict[str, Any]:
    """GET /api/shop/delivery-times: {date, times, message}: the times checkout would accept
    on `day` (hours, lead time, horizon, hours at capacity), or none and why."""
    times: list[str]
    if day < shop_today():
        times, message = [], DATE_PAST
    else:
        times, message = delivery.offered_times(day)
    return {"date": day.isoformat(), "times": times, "message": message}


def checkout_rules() -> dict[str, Any]:
    """Keys GET /api/shop/info adds: delivery area and hours, ID notices, low-stock mark,
    the limits on units per line and pending orders (null: no limit), the checkout form's
    messages and the not-shippable sentence, so the client words them as the server does."""
    config = shop_config()
    return {
        **delivery.delivery_rules(config),
        "idNotices": age.id_notices(),
        "lowStockThreshold": config.low_stock_threshold,
        "maxUnitsPerLine": limit(config.max_units_per_line),
        "maxPendingOrders": limit(config.max_pending_orders),
        "maxPendingUnits": limit(config.max_pending_units),
        "maxPendingValue": config.max_pending_value if config.max_pending_value > 0 else None,
        "checkoutMessages": checkout_messages(),
        "notShippable": delivery.NOT_SHIPPABLE,
        "cartLineMessages": {
            "notForSale": stock.NOT_FOR_SALE,
            "noPrice": stock.NO_PRICE,
            "review": stock.CART_ITEMS_GONE,
        },
    }


def checkout_rules_schema() -> dict[str, serializers.Field]:
    """Serializer fields describing checkout_rules() in the OpenAPI ShopInfo answer."""
    hours = serializers.DictField(
        child=serializers.CharField(), help_text='{"start": "10:00", "end": "20:00"}'
    )
    return {
        "deliveryZipCodes": serializers.ListField(
            child=serializers.CharField(), help_text="ZIP codes local delivery serves."
        ),
        "deliveryHours": hours,
        "deliveryLeadMinutes": serializers.IntegerField(),
        "deliveryMaxDaysAhead": serializers.IntegerField(),
        "deliveryEarliest": serializers.CharField(
            help_text="The first bookable delivery moment, ISO 8601 with the shop's offset."
        ),
        "deliveryLatestDate": serializers.DateField(),
        "deliveryHourlyCapacity": serializers.IntegerField(
            allow_null=True, help_text="Deliveries per hour; null: no limit."
        ),
        "timeZone": serializers.CharField(),
        "idNotices": serializers.DictField(child=serializers.CharField()),
        "lowStockThreshold": serializers.IntegerField(),
        "maxUnitsPerLine": serializers.IntegerField(
            allow_null=True,
            help_text="Units of one product (or of one type) an order may hold; null: no limit.",
        ),
        "maxPendingOrders": serializers.IntegerField(
            allow_null=True,
            help_text="Pending orders a customer may have at once; null: no limit.",
        ),
        "maxPendingUnits": serializers.IntegerField(
            allow_null=True,
            help_text="Units of one product (or type) a customer's pending orders may hold "
            "together; null: no limit.",
        ),
        "maxPendingValue": serializers.DecimalField(
            max_digits=12,
            decimal_places=2,
            allow_null=True,
            help_text="Goods a customer's pending orders may hold together, in dollars; null: "
            "no limit. What the customer holds, and the refusal, come with the quote "
            "(`pending`).",
        ),
        "checkoutMessages": serializers.DictField(
            child=serializers.CharField(),
            help_text="The checkout form's refusals as the server words them: cartEmpty, "
            "option, name, address, state (shipping's), phone, date, datePast, time, phoneInvalid, dateTooFar "
            "(naming the last bookable date).",
        ),
        "cartLineMessages": serializers.DictField(
            child=serializers.CharField(),
            help_text="Why a cart line cannot be ordered, as checkout refuses it: notForSale "
            "(unavailable), noPrice ({name} stands for the product and type name), and review "
            "(the whole cart's sentence).",
        ),
        "notShippable": serializers.CharField(
            help_text="The sentence for a product that cannot be shipped; {name} stands for "
            "the product's name."
        ),
    }
