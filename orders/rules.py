"""Checkout's shop rules in one call: units per line, what may be shipped, where and when
local delivery goes, the phone number's form and the 21+ confirmation. Everything here runs
before the order row is written, so a refusal stores nothing. Two rules need a lock: the
cap on pending orders is checked by orders.services.order_checkout once it holds the
customer's row, and the per-hour capacity is taken once the order row exists
(orders.delivery.delivery_slot_take)."""

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from rest_framework import serializers

from common.errors import BadRequest
from orders import age, delivery
from orders.pricing import DeliveryOption
from shop.models import ProductType
from shop.selectors import product_sale_rules

UNITS_PER_LINE = "You can order at most {most} of {label} per order."
UNITS_PER_LINES = "You can order at most {most} of each item per order: {labels}."
PENDING_ORDERS = (
    "You already have {orders} waiting to be completed. Please wait until one is "
    "completed or cancelled before placing another."
)


def limit(value):
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
    *, option, lines, age_confirmed, delivery_zip, phone_number, delivery_date, delivery_time
):
    """Refuse (400) a cart or appointment the shop cannot accept; else the cleaned values."""
    products = product_sale_rules(product_ids={line.product_id for line in lines})
    # Unknown ids are skipped here: the stock reservation refuses them with its own message.
    in_cart = [products[line.product_id] for line in lines if line.product_id in products]
    check_units_per_line(lines, names={pk: name for pk, (name, _, _) in products.items()})
    if option == DeliveryOption.SHIPPING:
        for name, _restricted, shippable in in_cart:
            if not shippable:
                message = delivery.not_shippable(name)
                raise BadRequest(message, errors={"deliveryOption": [message]})
    zip_code, moment = "", None
    if option == DeliveryOption.DELIVERY:
        zip_code = delivery.clean_zip(delivery_zip)
    phone = delivery.clean_phone(phone_number)
    if option == DeliveryOption.DELIVERY:
        moment, delivery_time = delivery.clean_appointment(delivery_date, delivery_time)
    restricted = any(item_restricted for _name, item_restricted, _ in in_cart)
    age.check_age(restricted=restricted, age_confirmed=age_confirmed)
    return CheckoutPlan(
        phone_number=phone,
        delivery_zip=zip_code,
        delivery_time=delivery_time,
        delivery_at=moment,
        id_check_required=restricted,
    )


def check_units_per_line(lines, *, names):
    """Refuse (400) more than MAX_UNITS_PER_LINE units of one product or type, naming every
    such line at once. Identical lines count together, as the stock reservation merges them,
    so splitting a line does not get around the limit. `names`: {product id: name}."""
    most = limit(settings.MAX_UNITS_PER_LINE)
    if most is None:
        return
    wanted = Counter()
    for line in lines:
        wanted[line.product_id, line.type_id] += line.quantity
    over = [key for key, units in wanted.items() if units > most and key[0] in names]
    if not over:
        return
    types = ProductType.objects.filter(pk__in={type_id for _, type_id in over if type_id})
    type_names = {(p, t): name for t, p, name in types.values_list("pk", "product_id", "name")}
    labels = [
        f"{names[product_id]} - {type_names[product_id, type_id]}" if type_id else names[product_id]
        for product_id, type_id in over
        # A type that is gone, or another product's, is refused by the stock reservation.
        if not type_id or (product_id, type_id) in type_names
    ]
    if not labels:
        return
    each = [UNITS_PER_LINE.format(most=most, label=label) for label in labels]
    message = (
        each[0] if len(each) == 1 else UNITS_PER_LINES.format(most=most, labels=", ".join(labels))
    )
    raise BadRequest(message, errors={"cartItems": each})


def check_pending_orders(pending):
    """Refuse (400) a checkout by a customer who already has MAX_PENDING_ORDERS pending."""
    most = limit(settings.MAX_PENDING_ORDERS)
    if most is not None and pending >= most:
        message = PENDING_ORDERS.format(orders=f"{most} order{'' if most == 1 else 's'}")
        raise BadRequest(message, errors={"cartItems": [message]})


def shop_rules():
    """Keys GET /api/shop/info adds: delivery area and hours, ID notices, low-stock mark,
    and the limits on units per line and pending orders (null: no limit)."""
    return {
        **delivery.delivery_rules(),
        "idNotices": age.id_notices(),
        "lowStockThreshold": settings.LOW_STOCK_THRESHOLD,
        "maxUnitsPerLine": limit(settings.MAX_UNITS_PER_LINE),
        "maxPendingOrders": limit(settings.MAX_PENDING_ORDERS),
    }


def shop_rules_schema():
    """Serializer fields describing shop_rules() in the OpenAPI ShopInfo answer."""
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
    }
