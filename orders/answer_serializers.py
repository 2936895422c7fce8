"""What the order endpoints answer: an order as its customer or the shop's staff reads it
(staff see more: OrderSerializer's context "staff"), a list's page, a quote's figures, a bulk
action's results. The request bodies they read: orders/serializers.py."""

from datetime import UTC
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.schema import KeysetPaginationSerializer
from common.shoptime import SHOP_TIME_ZONE
from compliance.selectors import lines_answer
from compliance.serializers import RuleSnapshotSerializer
from orders.age import id_notice
from orders.checks import FIELDS, order_checks
from orders.handover_serializers import HandoverRecordSerializer
from orders.models import Order, OrderEvent, OrderLine
from orders.quote import Quote
from orders.status_emails import EMAIL_QUEUED


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
