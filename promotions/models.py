"""Promo codes and their uses. Written only by promotions.services; read by
promotions.selectors (the checkout's check and the back office's list)."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class PromotionKind(models.TextChoices):
    PERCENT = "percent", "Percent off"
    AMOUNT = "amount", "Amount off"
    FREE_DELIVERY = "free_delivery", "Free delivery"


class Promotion(models.Model):
    # Kept in capitals; a shopper's code is matched in any case.
    code = models.CharField(max_length=40, unique=True)
    kind = models.CharField(max_length=20, choices=PromotionKind.choices)
    # A percent (10.00) or an amount (5.00); 0 for free delivery.
    value = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    # Of the lines it applies to; null: any.
    min_subtotal = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    # Null: no limit.
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    max_uses_per_customer = models.PositiveIntegerField(null=True, blank=True)
    # Empty categories and products: every line but the excluded categories'.
    categories = models.ManyToManyField("shop.Category", blank=True, related_name="+")
    products = models.ManyToManyField("shop.Product", blank=True, related_name="+")
    exclude_categories = models.ManyToManyField("shop.Category", blank=True, related_name="+")
    # Nicotine products (those the excise applies to) are left out unless the owner includes
    # them: several California cities restrict discounts on tobacco.
    include_nicotine = models.BooleanField(default=False)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(value__gte=0) & (Q(min_subtotal__isnull=True) | Q(min_subtotal__gte=0)),
                name="promotion_money_not_negative",
            )
        ]

    def __str__(self) -> str:
        return self.code


class PromotionUse(models.Model):
    """One order placed with the promotion; deleted when that order is cancelled, so the
    use is given back. Counted under the promotion's row lock (promotions.selectors)."""

    promotion = models.ForeignKey(Promotion, on_delete=models.PROTECT, related_name="uses")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The order's number (orders imports promotions, not the other way round).
    order_id = models.PositiveBigIntegerField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["promotion", "user"], name="promotion_use_customer")]

    def __str__(self) -> str:
        return f"{self.promotion_id} on order {self.order_id}"
