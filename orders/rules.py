"""Checkout's shop rules in one call: what may be shipped, where and when local delivery
goes, the phone number's form and the 21+ confirmation. Everything here runs before the
order's transaction, so a refusal stores nothing; the per-hour capacity needs the lock and
is taken inside it (orders.delivery.delivery_slot_take)."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from rest_framework import serializers

from common.errors import BadRequest
from orders import age, delivery
from orders.pricing import DeliveryOption
from shop.selectors import product_sale_rules


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


def shop_rules():
    """Keys GET /api/shop/info adds: delivery area and hours, ID notices, low-stock mark."""
    return {
        **delivery.delivery_rules(),
        "idNotices": age.id_notices(),
        "lowStockThreshold": settings.LOW_STOCK_THRESHOLD,
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
    }
