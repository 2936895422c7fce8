"""The shop's settings an owner edits in the back office (GET/PUT /api/shop/settings).

One row (pk 1), written only by storesettings.services. Until it exists the environment
variables and the spec's constants apply (storesettings.selectors.shop_config).
"""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone

SINGLETON = 1


class ShopSettings(models.Model):
    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLETON)
    shop_name = models.CharField(max_length=100)
    pickup_location = models.CharField(max_length=200)
    pickup_phone = models.CharField(max_length=40)
    pickup_instructions = models.TextField(blank=True, default="")
    delivery_area = models.CharField(max_length=100)
    shipping_fee = models.DecimalField(max_digits=8, decimal_places=2)
    delivery_fee = models.DecimalField(max_digits=8, decimal_places=2)
    # None: the fee is never waived.
    shipping_free_from = models.DecimalField(max_digits=8, decimal_places=2, null=True)
    delivery_free_from = models.DecimalField(max_digits=8, decimal_places=2, null=True)
    delivery_zip_codes = models.JSONField(default=list)
    delivery_hours_start = models.TimeField()
    delivery_hours_end = models.TimeField()
    delivery_lead_minutes = models.PositiveIntegerField()
    delivery_max_days_ahead = models.PositiveIntegerField()
    delivery_hourly_capacity = models.PositiveIntegerField()
    low_stock_threshold = models.PositiveIntegerField()
    max_units_per_line = models.PositiveIntegerField()
    max_pending_orders = models.PositiveIntegerField()
    pending_hold_hours = models.PositiveIntegerField()
    # What one customer's pending orders may hold together (issue 43): units of one product
    # or type, and the goods' value; 0: no limit. First-run figures in selectors.
    max_pending_units = models.PositiveIntegerField(default=10)
    max_pending_value = models.DecimalField(max_digits=8, decimal_places=2, default=500)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = "shop settings"
        verbose_name_plural = "shop settings"

    def __str__(self) -> str:
        return f"Settings of {self.shop_name}"


class SettingsChange(models.Model):
    """One field changed by one save: who, when, from what to what (API names and values)."""

    at = models.DateTimeField(default=timezone.now, db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    field = models.CharField(max_length=50)
    before = models.JSONField(null=True)
    after = models.JSONField(null=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.field}: {self.before!r} -> {self.after!r}"


class DeliveryZipCode(models.Model):
    """A ZIP code local delivery serves. While this table has rows they are the delivery
    area until the Settings page saves a list; empty, the area is DELIVERY_ZIP_CODES, or Orange
    County's (storesettings/zipcodes.py). Its table keeps the name it had in orders."""

    zip_code = models.CharField(
        "ZIP code",
        primary_key=True,
        max_length=5,
        validators=[RegexValidator(r"^\d{5}$", "Please enter a valid 5-digit ZIP code")],
    )
    place = models.CharField(max_length=80, blank=True, help_text="e.g. Garden Grove")

    class Meta:
        db_table = "orders_deliveryzipcode"
        ordering = ["zip_code"]
        verbose_name = "delivery ZIP code"

    def __str__(self) -> str:
        return self.zip_code
