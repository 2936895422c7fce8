from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q

from common.models import StatusEvent
from orders.pricing import DeliveryOption


class OrderStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    COMPLETED = "completed", "Completed"
    CANCELLED = "cancelled", "Cancelled"


# Where an order may go from each status: only a pending order is completed or cancelled.
# Enforced by common.status.transition (orders/services.py) and served as
# orderStatuses[].next (orders.selectors.order_rules).
ORDER_TRANSITIONS = {
    OrderStatus.PENDING: (OrderStatus.COMPLETED, OrderStatus.CANCELLED),
    OrderStatus.COMPLETED: (),
    OrderStatus.CANCELLED: (),
}


class Order(models.Model):
    # PROTECT: an order is a sales record; a customer who ordered cannot vanish from under it.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="orders"
    )
    customer_name = models.CharField(max_length=150)
    status = models.CharField(
        max_length=20, choices=OrderStatus.choices, default=OrderStatus.PENDING
    )
    delivery_option = models.CharField(max_length=20, choices=DeliveryOption.choices)
    delivery_address = models.CharField(max_length=500, blank=True)
    phone_number = models.CharField(max_length=40, blank=True)
    delivery_date = models.DateField(null=True, blank=True)
    delivery_time = models.CharField(max_length=60, blank=True)
    # Local delivery's ZIP code, or the shipping address's when given.
    delivery_zip = models.CharField(max_length=5, blank=True)
    # Shipping: the state shipped to (2 letters), whose sales-tax rate applies.
    shipping_state = models.CharField(max_length=2, blank=True)
    # The booked moment of a local delivery (date + time in the shop's zone), for capacity
    # per hour and for the day's handovers in time order.
    delivery_at = models.DateTimeField(null=True, blank=True)
    # 21+ goods in the order: whoever hands it over checks a photo ID (orders.age.id_notice).
    id_check_required = models.BooleanField(default=False)
    # The compliance rules the sale matched at checkout (compliance.selectors.snapshot), as
    # they were then: a later change of a rule never alters a placed order's record.
    compliance_rules = models.JSONField(default=list, blank=True)
    # When the customer confirmed being 21 or older at checkout; null when not asked.
    age_confirmed_at = models.DateTimeField(null=True, blank=True)
    special_instructions = models.TextField(blank=True)
    # A pickup order marked ready (the customer was emailed); it stays pending until handed
    # over (orders/handover.py).
    ready_at = models.DateTimeField(null=True, blank=True)
    # Who handed the order over and when, with what was checked at the door or counter
    # (orders.handover.order_checks says what must be).
    handed_over_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    handed_over_at = models.DateTimeField(null=True, blank=True)
    handover_id_type = models.CharField(max_length=40, blank=True)
    handover_birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    handover_recipient = models.CharField(max_length=150, blank=True)
    # The full home address a record rule asks for (N2O, Penal Code 381e).
    handover_home_address = models.CharField(max_length=500, blank=True)
    # The recipient's signature as a PNG image (checked by orders.signature); served to staff
    # only, at GET /api/orders/{id}/signature, never in a customer's answer.
    handover_signature_png = models.BinaryField(null=True, blank=True, editable=False)
    subtotal = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    delivery_fee = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    total = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # total = subtotal - discount + delivery_fee + excise_tax + sales_tax (orders/pricing.py).
    discount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    excise_tax = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    sales_tax = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The rates charged (percents) and where the sales tax is due ("Pickup", "ZIP 92840",
    # "State NV"): kept, so that a rate changed later never changes this order.
    sales_tax_rate = models.DecimalField(max_digits=6, decimal_places=3, default=0)
    excise_tax_rate = models.DecimalField(max_digits=6, decimal_places=3, default=0)
    tax_place = models.CharField(max_length=40, blank=True)
    excise_tax_label = models.CharField(max_length=100, blank=True)
    # The promotion's code and terms as placed (an adjustment recomputes with these).
    promo_code = models.CharField(max_length=40, blank=True)
    promo_kind = models.CharField(max_length=20, blank=True)
    promo_value = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    # A retried checkout with the same key answers this order instead of placing another;
    # request_hash tells a true retry from a different cart sent under the same key.
    # Kept in the database (not a cache) so every app server sees it, and for the life of
    # the order, which is never deleted: far past the 24 hours docs/api.md promises, with nothing to expire.
    # Should keys ever need to be freed, setting idempotency_key to NULL on old orders does
    # it (the unique constraint ignores NULLs); no migration needed.
    idempotency_key = models.CharField(max_length=255, null=True, blank=True, editable=False)
    request_hash = models.CharField(max_length=64, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["-created_at", "-id"], name="order_newest"),
            models.Index(fields=["user", "-created_at", "-id"], name="order_user_newest"),
            models.Index(fields=["status", "-created_at"], name="order_status_newest"),
            models.Index(fields=["delivery_at"], name="order_delivery_at"),
            # "Due today": the deliveries dated today (pickups placed today use order_newest).
            models.Index(fields=["delivery_date"], name="order_delivery_date"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="order_idempotency_key_per_user",
            ),
            # Not "total = subtotal + fee": SQLite compares decimals as floats (67.99 != 59.99 + 8).
            models.CheckConstraint(
                condition=Q(
                    subtotal__gte=0,
                    delivery_fee__gte=0,
                    total__gte=0,
                    discount__gte=0,
                    excise_tax__gte=0,
                    sales_tax__gte=0,
                ),
                name="order_money_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"Order #{self.pk}"


class OrderLine(models.Model):
    """What was sold, copied at checkout: later catalog edits or deletions never change it."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="items")
    product = models.ForeignKey(
        "shop.Product", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    product_type = models.ForeignKey(
        "shop.ProductType", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Whether the line was sold from a type's stock: once the type is deleted its FK is
    # null, and a cancel must then skip the line, not put the units on the product.
    sold_as_type = models.BooleanField(default=False)
    product_name = models.CharField(max_length=200)
    product_type_name = models.CharField(max_length=120, blank=True)
    unit_price = models.DecimalField(max_digits=10, decimal_places=2)
    quantity = models.PositiveIntegerField()
    # The sale's struck-through price at checkout, if any.
    compare_at_price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    # Whether the excise applied and the promotion covered this line, as placed, and each's
    # share of the order's figure (orders/pricing.py allocates them).
    excise = models.BooleanField(default=False)
    discountable = models.BooleanField(default=False)
    discount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    excise_tax = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The line's regulatory attributes at checkout (shop/regulatory.py, keys as the API's).
    regulatory = models.JSONField(default=dict, blank=True)
    # A `record` rule (the N2O log's, reports/compliance.py) covered the line at checkout.
    # Kept on the line because the rule's snapshot names lines by product id, which the
    # line loses when its product is deleted, and the law wants the record kept.
    recorded = models.BooleanField(default=False)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(quantity__gte=1), name="order_line_quantity_positive"
            )
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.label}"

    @property
    def label(self) -> str:
        return (
            f"{self.product_name} - {self.product_type_name}"
            if self.sold_as_type
            else self.product_name
        )

    @property
    def subtotal(self) -> Decimal:
        return self.unit_price * self.quantity


class OrderEvent(StatusEvent):
    """An order's status changes (creation included: from "" to pending)."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="events")
    from_status = models.CharField(max_length=20, choices=OrderStatus.choices, blank=True)
    to_status = models.CharField(max_length=20, choices=OrderStatus.choices)
    # What else the change set off, e.g. the customer's email queued.
    note = models.CharField(max_length=200, blank=True)


class OrderDayTotal(models.Model):
    """The orders placed on a Los Angeles day, added up per status, delivery option and tax
    rate and place: what the order list's counts and the sales and taxes reports read
    instead of the orders themselves (orders/rollups.py keeps it, docs/performance.md).
    Rows are not unique per key: two first orders of a key at once may each add a row, and
    every reader sums."""

    day = models.DateField()
    status = models.CharField(max_length=20, choices=OrderStatus.choices)
    delivery_option = models.CharField(max_length=20, choices=DeliveryOption.choices)
    sales_tax_rate = models.DecimalField(max_digits=6, decimal_places=3, default=0)
    tax_place = models.CharField(max_length=40, blank=True)
    orders = models.IntegerField(default=0)
    subtotal = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    discount = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    delivery_fee = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    excise_tax = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    sales_tax = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    total = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    # The goods (after their discounts) the excise was charged on.
    excise_sales = models.DecimalField(max_digits=14, decimal_places=2, default=0)

    class Meta:
        indexes = [
            models.Index(
                fields=["day", "status", "delivery_option", "sales_tax_rate", "tax_place"],
                name="order_day_total_key",
            ),
            models.Index(fields=["status", "delivery_option"], name="order_day_total_status"),
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.status} {self.delivery_option}: {self.orders} orders"


class ProductTotal(models.Model):
    """What ProductDayTotal and ProductMonthTotal hold for a product and the name it was
    sold under. The product is set to null with its product's deletion, as the order lines'
    are, so the report then counts those sales under "Deleted products" by name."""

    product = models.ForeignKey(
        "shop.Product", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    product_name = models.CharField(max_length=200)
    units = models.IntegerField(default=0)
    revenue = models.DecimalField(max_digits=14, decimal_places=2, default=0)

    class Meta:
        abstract = True


class ProductDayTotal(ProductTotal):
    """The goods sold on a Los Angeles day by orders that are not cancelled, per product and
    the name it was sold under (orders/rollups.py)."""

    day = models.DateField()

    class Meta:
        indexes = [
            models.Index(fields=["day", "product", "product_name"], name="product_day_total_key")
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.product_name}: {self.units} units"


class ProductMonthTotal(ProductTotal):
    """ProductDayTotal added up per calendar month (its `month` is the month's first day), so
    that a long range reads whole months here and only its first and last days there."""

    month = models.DateField()

    class Meta:
        indexes = [
            models.Index(
                fields=["month", "product", "product_name"], name="product_month_total_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.month:%Y-%m} {self.product_name}: {self.units} units"
