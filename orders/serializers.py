"""What the order endpoints read: checkout and quote input (its refusal order: the docstring
of orders/checkout.py; its messages: orders/rules.py), a line's adjustment, a bulk action.
What they answer: orders/answer_serializers.py."""

import hashlib
import json
import re
from datetime import date
from typing import Any, NoReturn

from rest_framework import serializers

from accounts.birth import DATE_OF_BIRTH_INVALID
from common.contact import ZIP_INVALID, clean_phone
from common.errors import InvalidInput
from common.shoptime import shop_today
from orders.checkout import CheckoutInput
from orders.pricing import NEEDS_ADDRESS, NEEDS_APPOINTMENT, DeliveryOption
from orders.rules import (
    ADDRESS_MISSING,
    CART_EMPTY,
    DATE_MISSING,
    DATE_PAST,
    DELIVERY_OPTION_MISSING,
    NAME_MISSING,
    PHONE_MISSING,
    QUANTITY_TOO_LOW,
    STATE_MISSING,
    TIME_MISSING,
)
from orders.services import MAX_BULK_ORDERS
from shop.stock import CART_ITEMS_GONE, StockLine

AGE_CONFIRMED_INVALID = "ageConfirmed must be true or false."
TOO_MANY_LINES = "Your cart has too many items for one order."
MAX_CART_LINES = 200
MAX_LINE_QUANTITY = 10_000
LINE_QUANTITY_TOO_HIGH = "You can order at most 10,000 of one item."
# Ids beyond a 64-bit integer name no row; SQLite cannot even bind them (OverflowError, a 500).
MAX_ID = 2**63 - 1
_STATE = re.compile(r"[A-Z]{2}")
_ZIP = re.compile(r"\d{5}")


def _same(text: str) -> dict[str, Any]:
    return {
        key: text
        for key in (
            "required",
            "invalid",
            "null",
            "blank",
            "max_value",
            "min_value",
            "max_string_length",
        )
    }


def _optional_text(max_length: int) -> serializers.CharField:
    return serializers.CharField(
        required=False, allow_blank=True, allow_null=True, max_length=max_length
    )


class CartItemSerializer(serializers.Serializer):
    productId = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, error_messages=_same(CART_ITEMS_GONE)
    )
    productTypeId = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_ID,
        error_messages=_same(CART_ITEMS_GONE),
    )
    # No minimum here: "at least 1" is checked after the checkout fields (orders/checkout.py).
    quantity = serializers.IntegerField(
        max_value=MAX_LINE_QUANTITY,
        error_messages=_same(QUANTITY_TOO_LOW) | {"max_value": LINE_QUANTITY_TOO_HIGH},
    )


class CheckoutSerializer(serializers.Serializer):
    """Every field is optional at the field level so that validate() can report the first
    problem in the form's order (the refusal order: orders/checkout.py)."""

    cartItems = serializers.ListField(
        # A line that is not an object ({"productId", ...}) names nothing the shop sells.
        child=CartItemSerializer(
            error_messages={"null": CART_ITEMS_GONE, "invalid": CART_ITEMS_GONE}
        ),
        required=False,
        allow_null=True,
        max_length=MAX_CART_LINES,
        error_messages={"max_length": TOO_MANY_LINES, "not_a_list": CART_EMPTY},
    )
    customerName = _optional_text(150)
    deliveryOption = _optional_text(20)
    deliveryAddress = _optional_text(500)
    phoneNumber = _optional_text(40)
    deliveryDate = serializers.CharField(
        required=False, allow_blank=True, allow_null=True, max_length=40, help_text="YYYY-MM-DD"
    )
    deliveryTime = _optional_text(60)
    deliveryZip = serializers.CharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=20,
        error_messages={"max_length": ZIP_INVALID, "invalid": ZIP_INVALID},
        help_text="Local delivery: the 5-digit ZIP code, which must be in the delivery area.",
    )
    ageConfirmed = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=False,
        error_messages={"invalid": AGE_CONFIRMED_INVALID},
        help_text="The customer confirmed being 21 or older; needed when any line's category "
        "is age-restricted.",
    )
    dateOfBirth = serializers.DateField(
        required=False,
        allow_null=True,
        error_messages={"invalid": DATE_OF_BIRTH_INVALID, "datetime": DATE_OF_BIRTH_INVALID},
        help_text="YYYY-MM-DD: sets the customer's date of birth when none is on file yet (a "
        "different one than on file is a 400). A 21+ order needs one showing 21 or older.",
    )
    specialInstructions = _optional_text(2000)
    shippingState = serializers.CharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=2,
        error_messages={"max_length": STATE_MISSING},
        help_text="Shipping: the state shipped to, 2 letters (CA); its sales-tax rate applies.",
    )
    promoCode = serializers.CharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=40,
        help_text="A promotion's code; one per order. An unusable code is a 400 saying why.",
    )
    deliveryFee = serializers.DecimalField(
        max_digits=None,
        decimal_places=None,
        min_value=0,
        required=False,
        allow_null=True,
        help_text="Optional: the fee the shopper was shown; a different server fee is a 409.",
    )
    total = serializers.DecimalField(
        max_digits=None,
        decimal_places=None,
        min_value=0,
        required=False,
        allow_null=True,
        help_text="Optional: the total the shopper was shown; a different server total is a 409.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        items = attrs.get("cartItems") or []
        if not items:
            _refuse("cartItems", CART_EMPTY)
        option = attrs.get("deliveryOption") or ""
        if option not in DeliveryOption.values:
            _refuse("deliveryOption", DELIVERY_OPTION_MISSING)
        if not attrs.get("customerName"):
            _refuse("customerName", NAME_MISSING)
        if option in NEEDS_ADDRESS and not attrs.get("deliveryAddress"):
            _refuse("deliveryAddress", ADDRESS_MISSING)
        if option == DeliveryOption.SHIPPING:
            _shipping_address(attrs)
        delivery_date = _phone_and_date(attrs, option)
        if any(item["quantity"] < 1 for item in items):
            _refuse("cartItems", QUANTITY_TOO_LOW)
        attrs["parsedDeliveryDate"] = delivery_date
        return attrs

    def to_checkout(self, *, idempotency_key: str | None) -> CheckoutInput:
        """The validated request as order_checkout takes it: what the chosen option does not
        use is dropped (an address for pickup, an appointment for shipping)."""
        values = self.validated_data
        option = DeliveryOption(values["deliveryOption"])
        return CheckoutInput(
            lines=[
                StockLine(
                    product_id=item["productId"],
                    type_id=item.get("productTypeId"),
                    quantity=item["quantity"],
                )
                for item in values["cartItems"]
            ],
            customer_name=values["customerName"],
            delivery_option=option,
            **_where(values, option),
            phone_number=values.get("phoneNumber") or "",
            delivery_date=values["parsedDeliveryDate"],
            promo_code=(values.get("promoCode") or "").strip(),
            age_confirmed=values.get("ageConfirmed") is True,
            date_of_birth=values.get("dateOfBirth"),
            special_instructions=values.get("specialInstructions") or "",
            client_delivery_fee=values.get("deliveryFee"),
            client_total=values.get("total"),
            idempotency_key=idempotency_key or None,
            request_hash=request_fingerprint(self.initial_data),
        )


def _quote_where(attrs: dict[str, Any]) -> None:
    """A quote's option (pickup when none yet), shipping's state, delivery's ZIP code form."""
    attrs["deliveryOption"] = attrs.get("deliveryOption") or DeliveryOption.PICKUP
    if attrs["deliveryOption"] not in DeliveryOption.values:
        _refuse("deliveryOption", DELIVERY_OPTION_MISSING)
    # A shipment not yet given its state is quoted its fee and no sales tax (the delivery
    # options show each fee before the form asks the state); its checkout needs the state.
    if (
        attrs["deliveryOption"] == DeliveryOption.SHIPPING
        and (attrs.get("shippingState") or "").strip()
    ):
        _shipping_address(attrs)
    zip_code = (attrs.get("deliveryZip") or "").strip()
    if (
        attrs["deliveryOption"] == DeliveryOption.DELIVERY
        and zip_code
        and not _ZIP.fullmatch(zip_code)
    ):
        _refuse("deliveryZip", ZIP_INVALID)


def _where(values: dict[str, Any], option: DeliveryOption) -> dict[str, str]:
    """The address, ZIP, state and time the option uses; what it does not use is dropped."""
    address = option in NEEDS_ADDRESS
    return {
        "delivery_address": (values.get("deliveryAddress") or "") if address else "",
        "delivery_zip": (values.get("deliveryZip") or "") if address else "",
        "shipping_state": values.get("shippingState") or "",
        "delivery_time": (values.get("deliveryTime") or "") if option in NEEDS_APPOINTMENT else "",
    }


class QuoteSerializer(CheckoutSerializer):
    """The checkout body, of which a quote reads the lines, the option (pickup when none
    yet), the ZIP code, the shipping state and the promotion's code."""

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        items = attrs.get("cartItems") or []
        if not items:
            _refuse("cartItems", CART_EMPTY)
        _quote_where(attrs)
        if any(item["quantity"] < 1 for item in items):
            _refuse("cartItems", QUANTITY_TOO_LOW)
        attrs["customerName"] = attrs.get("customerName") or ""
        attrs["parsedDeliveryDate"] = None
        return attrs


def _refuse(field: str, message: str) -> NoReturn:
    raise serializers.ValidationError({field: [message]})


def _shipping_address(attrs: dict[str, Any]) -> None:
    """A shipment's state (2 letters) and, when given, its ZIP code (5 digits)."""
    state = (attrs.get("shippingState") or "").strip().upper()
    if not _STATE.fullmatch(state):
        _refuse("shippingState", STATE_MISSING)
    attrs["shippingState"] = state
    if attrs.get("deliveryZip") and not _ZIP.fullmatch(attrs["deliveryZip"].strip()):
        _refuse("deliveryZip", ZIP_INVALID)
    attrs["deliveryZip"] = (attrs.get("deliveryZip") or "").strip()


def _appointment_date(attrs: dict[str, Any]) -> date:
    """Local delivery's phone, date (not before the shop's today) and time; the date."""
    if not attrs.get("phoneNumber"):
        _refuse("phoneNumber", PHONE_MISSING)
    _phone_form(attrs)
    try:
        delivery_date = date.fromisoformat(attrs.get("deliveryDate") or "")
    except ValueError:
        _refuse("deliveryDate", DATE_MISSING)
    if delivery_date < shop_today():
        _refuse("deliveryDate", DATE_PAST)
    if not attrs.get("deliveryTime"):
        _refuse("deliveryTime", TIME_MISSING)
    return delivery_date


def _phone_and_date(attrs: dict[str, Any], option: str) -> date | None:
    """Local delivery's phone, date and time (its date); another option's phone when given
    (pickup asks for one, to text about the order), its form only."""
    if option in NEEDS_APPOINTMENT:
        return _appointment_date(attrs)
    if attrs.get("phoneNumber"):
        _phone_form(attrs)
    return None


def _phone_form(attrs: dict[str, Any]) -> None:
    """A phone given is checked in the form's order (before the date below it), by the rule
    the shop rules apply again (common.contact.clean_phone)."""
    try:
        clean_phone(attrs.get("phoneNumber") or "")
    except InvalidInput as refused:
        _refuse("phoneNumber", refused.message)


def request_fingerprint(data: Any) -> str:
    """A stable hash of a request body: the same cart sent again (keys in any order,
    other whitespace) matches; any changed value does not."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


ADJUST_QUANTITY = "quantity must be a whole number from 0 (remove the line) upwards."


class LineAdjustSerializer(serializers.Serializer):
    """PATCH /api/orders/{id}/items/{itemId}: the line's new, lower quantity (0 removes it);
    DELETE takes the reason alone."""

    quantity = serializers.IntegerField(
        min_value=0,
        max_value=MAX_LINE_QUANTITY,
        error_messages=_same(ADJUST_QUANTITY),
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=150,
        help_text="Why, for the ledger, the history and the customer's email "
        '("the last unit was damaged").',
    )


class LineRemoveSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=150)


BULK_ACTION_INVALID = "action must be complete or cancel."
BULK_IDS_INVALID = "ids must list from 1 to {most} order numbers."


class BulkOrderActionSerializer(serializers.Serializer):
    """POST /api/orders/bulk: what to do, and to which orders (orders.services.MAX_BULK_ORDERS)."""

    action = serializers.ChoiceField(
        choices=["complete", "cancel"],
        error_messages=dict.fromkeys(("required", "invalid_choice", "null"), BULK_ACTION_INVALID),
    )
    ids = serializers.ListField(
        child=serializers.IntegerField(
            min_value=1,
            max_value=MAX_ID,
            error_messages=_same("ids must hold order numbers only."),
        ),
        min_length=1,
        max_length=MAX_BULK_ORDERS,
        error_messages=dict.fromkeys(
            ("required", "null", "not_a_list", "empty", "min_length", "max_length"),
            BULK_IDS_INVALID.format(most=MAX_BULK_ORDERS),
        ),
    )
