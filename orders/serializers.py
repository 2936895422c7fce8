"""Checkout input (its refusal order: the docstring of orders/checkout.py; its messages:
orders/rules.py) and the Order shape."""

import hashlib
import json
import re
from datetime import UTC, date
from typing import Any, NoReturn

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.birth import DATE_OF_BIRTH_INVALID
from common.contact import ZIP_INVALID, clean_phone
from common.errors import InvalidInput
from common.schema import KeysetPaginationSerializer
from common.shoptime import SHOP_TIME_ZONE, shop_today
from compliance.selectors import lines_answer
from compliance.serializers import RuleSnapshotSerializer
from orders.age import id_notice
from orders.checkout import CheckoutInput
from orders.checks import FIELDS, order_checks
from orders.handover_serializers import HandoverRecordSerializer
from orders.models import Order, OrderEvent, OrderLine
from orders.pricing import NEEDS_ADDRESS, NEEDS_APPOINTMENT, DeliveryOption
from orders.quote import Quote
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
from orders.status_emails import EMAIL_QUEUED
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


class QuoteLineSerializer(serializers.Serializer):
    productId = serializers.IntegerField()
    productTypeId = serializers.IntegerField(allow_null=True)
    quantity = serializers.IntegerField()
    unitPrice = serializers.DecimalField(max_digits=10, decimal_places=2)
    compareAtPrice = serializers.DecimalField(max_digits=10, decimal_places=2, allow_null=True)
    discount = serializers.DecimalField(max_digits=12, decimal_places=2)
    exciseTax = serializers.DecimalField(max_digits=12, decimal_places=2)
    lineTotal = serializers.DecimalField(
        max_digits=12, decimal_places=2, help_text="quantity x unitPrice - discount."
    )


class QuotePromoSerializer(serializers.Serializer):
    code = serializers.CharField()
    applied = serializers.BooleanField()
    message = serializers.CharField(help_text="Why the code does not apply, or what it gives.")


class QuoteBlockedSerializer(serializers.Serializer):
    productId = serializers.IntegerField()
    productTypeId = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()


class QuotePendingSerializer(serializers.Serializer):
    orders = serializers.IntegerField(help_text="The customer's orders waiting to be completed.")
    value = serializers.DecimalField(
        max_digits=12, decimal_places=2, help_text="The goods those orders hold together."
    )
    message = serializers.CharField(
        allow_blank=True,
        help_text="What checkout would refuse of this cart for the pending caps "
        "(maxPendingOrders, maxPendingUnits, maxPendingValue), in its words; '' when nothing.",
    )


class QuoteAnswerSerializer(serializers.Serializer):
    subtotal = serializers.DecimalField(max_digits=12, decimal_places=2)
    discount = serializers.DecimalField(max_digits=12, decimal_places=2)
    deliveryFee = serializers.DecimalField(max_digits=10, decimal_places=2)
    exciseTax = serializers.DecimalField(max_digits=12, decimal_places=2)
    salesTax = serializers.DecimalField(max_digits=12, decimal_places=2)
    salesTaxRate = serializers.DecimalField(max_digits=6, decimal_places=3)
    exciseTaxRate = serializers.DecimalField(max_digits=6, decimal_places=3)
    exciseTaxLabel = serializers.CharField()
    total = serializers.DecimalField(max_digits=12, decimal_places=2)
    lines = QuoteLineSerializer(many=True)
    promo = QuotePromoSerializer(allow_null=True, help_text="null when no code was sent.")
    blocked = QuoteBlockedSerializer(
        many=True,
        help_text="Lines the compliance rules would refuse for this delivery place "
        "(the checkout's 400), each with the rule's message.",
    )
    pending = QuotePendingSerializer()


def quote_answer(quote: Quote) -> dict[str, Any]:
    figures = quote.figures
    return {
        "subtotal": figures.subtotal,
        "discount": figures.discount,
        "deliveryFee": figures.delivery_fee,
        "exciseTax": figures.excise_tax,
        "salesTax": figures.sales_tax,
        "salesTaxRate": quote.rates.sales_tax_rate,
        "exciseTaxRate": quote.rates.excise_tax_rate,
        "exciseTaxLabel": quote.excise_tax_label,
        "total": figures.total,
        "lines": [
            {
                "productId": line.product_id,
                "productTypeId": line.type_id,
                "quantity": line.quantity,
                "unitPrice": line.unit_price,
                "compareAtPrice": line.compare_at_price,
                "discount": shares.discount,
                "exciseTax": shares.excise_tax,
                "lineTotal": shares.line_total,
            }
            for line, shares in zip(quote.lines, figures.lines, strict=True)
        ],
        "promo": (
            {
                "code": quote.promo_code,
                "applied": quote.promo_applied,
                "message": quote.promo_message,
            }
            if quote.promo_code
            else None
        ),
        "blocked": lines_answer(quote.blocked),
        "pending": {
            "orders": quote.held.orders,
            "value": quote.held.value,
            "message": quote.pending_message,
        },
    }


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


class OrderItemSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        help_text="The line's own id (PATCH/DELETE /api/orders/{id}/items/{itemId})."
    )
    productId = serializers.IntegerField(
        source="product_id", allow_null=True, help_text="Null once the product is deleted."
    )
    productTypeId = serializers.IntegerField(source="product_type_id", allow_null=True)
    productName = serializers.CharField(source="product_name")
    productTypeName = serializers.SerializerMethodField()
    quantity = serializers.IntegerField()
    price = serializers.DecimalField(
        source="unit_price", max_digits=10, decimal_places=2, help_text="Unit price at checkout."
    )
    regulatory = serializers.JSONField(
        help_text="The line's regulatory attributes at checkout (as a product's `regulatory`); "
        "{} for an order placed before they were kept."
    )
    subtotal = serializers.DecimalField(max_digits=12, decimal_places=2)
    compareAtPrice = serializers.DecimalField(
        source="compare_at_price",
        max_digits=10,
        decimal_places=2,
        allow_null=True,
        help_text="The sale's struck-through price at checkout; null when not on sale.",
    )
    discount = serializers.DecimalField(
        max_digits=12, decimal_places=2, help_text="The line's share of the order's discount."
    )
    exciseTax = serializers.DecimalField(
        source="excise_tax",
        max_digits=12,
        decimal_places=2,
        help_text="The line's share of the order's excise tax.",
    )

    def get_productTypeName(self, line: OrderLine) -> str | None:
        return line.product_type_name if line.sold_as_type else None


class OrderEventSerializer(serializers.Serializer):
    """One step of an order's status history. Who made it is never named (customers read this
    too): `byShop` says only whether a member of the shop's staff made it."""

    fromStatus = serializers.CharField(
        source="from_status", help_text='Empty for the order being placed ("" -> pending).'
    )
    toStatus = serializers.CharField(source="to_status")
    at = serializers.DateTimeField(source="created_at", default_timezone=UTC)
    note = serializers.CharField(
        help_text='What else the change set off, e.g. "Hold expired. Customer email queued: '
        '..."; may be empty.'
    )
    reason = serializers.SerializerMethodField(
        help_text='Why, in words for the customer ("Hold expired."); empty when the change '
        "needs no reason. The note without its back-office part."
    )
    byShop = serializers.SerializerMethodField(
        help_text="True when an admin or staff member made the change; false for the customer's own checkout "
        "and for the shop's scheduled jobs (a hold running out)."
    )

    def get_reason(self, event: OrderEvent) -> str:
        return event.note.split(EMAIL_QUEUED, 1)[0].strip()

    def get_byShop(self, event: OrderEvent) -> bool:
        return bool(event.actor is not None and event.actor.is_staff)


class HandoverChecksSerializer(serializers.Serializer):
    requiredFields = serializers.ListField(
        child=serializers.ChoiceField(choices=list(FIELDS)),
        help_text="What the handover must carry, e.g. "
        '["idType", "birthYear", "signature", "homeAddress"].',
    )
    messages = serializers.ListField(
        child=serializers.CharField(),
        help_text="What the person handing over reads first: the ID check, the rules' "
        "messages (an N2O warning).",
    )


class OrderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    userId = serializers.IntegerField(source="user_id")
    userEmail = serializers.EmailField(source="user.email")
    customerName = serializers.CharField(source="customer_name")
    createdAt = serializers.DateTimeField(source="created_at", default_timezone=UTC)
    status = serializers.CharField()
    deliveryOption = serializers.CharField(source="delivery_option")
    deliveryAddress = serializers.CharField(source="delivery_address")
    phoneNumber = serializers.CharField(source="phone_number")
    deliveryDate = serializers.DateField(source="delivery_date", allow_null=True)
    deliveryTime = serializers.CharField(source="delivery_time")
    deliveryZip = serializers.CharField(source="delivery_zip")
    deliveryAt = serializers.DateTimeField(
        source="delivery_at",
        allow_null=True,
        default_timezone=SHOP_TIME_ZONE,
        help_text="Local delivery: the booked moment in the shop's zone, with its offset "
        "(2026-11-26T11:00:00-08:00); null for pickup and shipping.",
    )
    specialInstructions = serializers.CharField(source="special_instructions")
    idCheckRequired = serializers.BooleanField(
        source="id_check_required", help_text="21+ goods: a photo ID is checked at handover."
    )
    ageConfirmedAt = serializers.DateTimeField(
        source="age_confirmed_at", allow_null=True, default_timezone=UTC
    )
    idNotice = serializers.SerializerMethodField(
        help_text='"Bring a valid photo ID (21+)" (pickup), "ID will be checked at delivery '
        '(21+)" (delivery, shipping), or null when no ID check is needed.'
    )
    subtotal = serializers.DecimalField(max_digits=12, decimal_places=2)
    deliveryFee = serializers.DecimalField(source="delivery_fee", max_digits=10, decimal_places=2)
    discount = serializers.DecimalField(max_digits=12, decimal_places=2)
    exciseTax = serializers.DecimalField(source="excise_tax", max_digits=12, decimal_places=2)
    salesTax = serializers.DecimalField(source="sales_tax", max_digits=12, decimal_places=2)
    salesTaxRate = serializers.DecimalField(
        source="sales_tax_rate",
        max_digits=6,
        decimal_places=3,
        help_text="The sales-tax percent charged (8.75), kept with the order.",
    )
    exciseTaxRate = serializers.DecimalField(
        source="excise_tax_rate",
        max_digits=6,
        decimal_places=3,
        help_text="The excise percent charged (12.5), kept with the order.",
    )
    exciseTaxLabel = serializers.CharField(source="excise_tax_label")
    taxPlace = serializers.CharField(
        source="tax_place",
        help_text='Where the sales tax is due: "Pickup", "ZIP 92840", "State NV".',
    )
    shippingState = serializers.CharField(source="shipping_state")
    promoCode = serializers.CharField(source="promo_code", help_text='"" when none.')
    total = serializers.DecimalField(
        max_digits=12,
        decimal_places=2,
        help_text="subtotal - discount + deliveryFee + exciseTax + salesTax.",
    )
    items = OrderItemSerializer(many=True)
    events = OrderEventSerializer(
        many=True, help_text="The status history, oldest first, the order being placed included."
    )
    readyAt = serializers.DateTimeField(
        source="ready_at",
        allow_null=True,
        default_timezone=UTC,
        help_text="When a pickup order was marked ready (its customer emailed); null if not.",
    )
    handedOverBy = serializers.SerializerMethodField(
        help_text="The name of who handed the order over; null until then."
    )
    handedOverAt = serializers.DateTimeField(
        source="handed_over_at", allow_null=True, default_timezone=UTC
    )
    checks = serializers.SerializerMethodField(
        help_text="What the person handing the order over must record (`requiredFields`, "
        "the handover's request names) and read (`messages`): the 21+ ID check and the "
        "order's id_at_handover and record rules; both empty for nothing."
    )
    signatureUrl = serializers.SerializerMethodField(
        help_text="Staff and admins: where the recipient's signature is served (image/png); "
        "null when there is none, and always null in a customer's answer."
    )
    handover = serializers.SerializerMethodField(
        help_text="Admins and staff: what was seen and recorded at the hand-over "
        '{"idType", "birthYear", "recipientName", "homeAddress"} (the signature is '
        "`signatureUrl`); null before it, and always null in a customer's answer."
    )
    complianceRules = serializers.SerializerMethodField(
        help_text="Admins and staff: the compliance rules the sale matched at checkout, as they "
        'were then: [{"id", "name", "action", "message", "requires", "source", "lines": '
        "[[productId, productTypeId], ...]}]; null in a customer's answer."
    )

    def get_idNotice(self, order: Order) -> str | None:
        return id_notice(order)

    def get_handedOverBy(self, order: Order) -> str | None:
        person = order.handed_over_by
        return None if person is None else person.get_full_name()

    @extend_schema_field(HandoverChecksSerializer)
    def get_checks(self, order: Order) -> dict[str, list[str]]:
        checks = order_checks(order)
        return {"requiredFields": checks.required_fields, "messages": checks.messages}

    def get_signatureUrl(self, order: Order) -> str | None:
        # The answer's reader, said by the view (orders.api): a customer never learns of it.
        signed = getattr(order, "has_signature", None)  # orders.selectors annotates it
        if signed is None:
            signed = order.handover_signature_png is not None
        if not self.context.get("staff") or not signed:
            return None
        return f"/api/orders/{order.pk}/signature"

    @extend_schema_field(HandoverRecordSerializer(allow_null=True))
    def get_handover(self, order: Order) -> dict[str, Any] | None:
        if not self.context.get("staff") or order.handed_over_at is None:
            return None
        return {
            "idType": order.handover_id_type,
            "birthYear": order.handover_birth_year,
            "recipientName": order.handover_recipient,
            "homeAddress": order.handover_home_address,
        }

    @extend_schema_field(RuleSnapshotSerializer(many=True, allow_null=True))
    def get_complianceRules(self, order: Order) -> list[dict[str, Any]] | None:
        return order.compliance_rules if self.context.get("staff") else None


class OrderAnswerSerializer(serializers.Serializer):
    message = serializers.CharField()
    order = OrderSerializer()


class OrderStatusCountsSerializer(serializers.Serializer):
    pending = serializers.IntegerField()
    completed = serializers.IntegerField()
    cancelled = serializers.IntegerField()


class OrderPageSerializer(serializers.Serializer):
    orders = OrderSerializer(many=True)
    pagination = KeysetPaginationSerializer()
    counts = OrderStatusCountsSerializer(
        help_text="Orders per status under every filter except `status`."
    )


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


class BulkResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    result = serializers.ChoiceField(choices=["done", "refused"])
    message = serializers.CharField(
        help_text="What happened: done, or why not (the single action's 404/409 sentence)."
    )
    status = serializers.CharField(
        allow_null=True,
        help_text="The order's status afterwards; null when there is no such order.",
    )


class BulkAnswerSerializer(serializers.Serializer):
    message = serializers.CharField()
    done = serializers.IntegerField()
    refused = serializers.IntegerField()
    results = BulkResultSerializer(many=True)


class DeliveriesSerializer(serializers.Serializer):
    date = serializers.DateField()
    orders = OrderSerializer(many=True, help_text="Local deliveries, in booked-time order.")
