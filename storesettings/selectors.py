"""The effective shop settings, read from the database on every call.

A saved row wins; until an admin first saves, the environment variables (Django settings)
and the spec's figures below apply, read at call time, so a test's `settings`
override still counts. Each call is one primary-key query: a save on one server applies to
the next request on every server, with no process cache to go stale.
"""

from dataclasses import dataclass
from datetime import datetime, time
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import IntegerField, Subquery, Value
from django.db.models.functions import Coalesce

from storesettings.models import SINGLETON, DeliveryZipCode, SettingsChange, ShopSettings
from storesettings.zipcodes import ORANGE_COUNTY_ZIP_CODES

CHANGES_SHOWN = 20
# The spec's fees and the subtotal from which shipping and delivery are free, until the
# Settings page saves others (orders.pricing serves them as FEES and FREE_FROM_SUBTOTAL,
# which the OpenAPI descriptions quote).
FIRST_RUN_SHIPPING_FEE = Decimal("8.00")
FIRST_RUN_DELIVERY_FEE = Decimal("20.00")
FIRST_RUN_FREE_FROM = Decimal("60.00")


@dataclass(frozen=True)
class ShopConfig:
    shop_name: str
    pickup_location: str
    pickup_phone: str
    pickup_instructions: str
    delivery_area: str
    shipping_fee: Decimal
    delivery_fee: Decimal
    shipping_free_from: Decimal | None
    delivery_free_from: Decimal | None
    # Empty until saved: orders.delivery then keeps today's list (first_run_zip_codes).
    delivery_zip_codes: tuple[str, ...]
    delivery_hours_start: time
    delivery_hours_end: time
    delivery_lead_minutes: int
    delivery_max_days_ahead: int
    delivery_hourly_capacity: int
    low_stock_threshold: int
    max_units_per_line: int
    max_pending_orders: int
    pending_hold_hours: int
    max_pending_units: int
    max_pending_value: Decimal
    updated_at: datetime | None = None
    updated_by: str | None = None


# Every stored setting: the model's attribute is ShopConfig's (updated_* aside).
FIELDS = tuple(
    name for name in ShopConfig.__dataclass_fields__ if name not in ("updated_at", "updated_by")
)


def first_run_zip_codes() -> frozenset[str]:
    """Today's list before the Settings page saves one: the Django admin's DeliveryZipCode
    rows when there are any, else DELIVERY_ZIP_CODES, else Orange County's."""
    listed = frozenset(DeliveryZipCode.objects.values_list("zip_code", flat=True))
    return listed or frozenset(settings.DELIVERY_ZIP_CODES) or ORANGE_COUNTY_ZIP_CODES


def _first_run() -> ShopConfig:
    return ShopConfig(
        shop_name=settings.SHOP_NAME,
        pickup_location=settings.SHOP_PICKUP_LOCATION,
        pickup_phone=settings.SHOP_PICKUP_PHONE,
        pickup_instructions="",
        delivery_area=settings.SHOP_DELIVERY_AREA,
        shipping_fee=FIRST_RUN_SHIPPING_FEE,
        delivery_fee=FIRST_RUN_DELIVERY_FEE,
        shipping_free_from=FIRST_RUN_FREE_FROM,
        delivery_free_from=FIRST_RUN_FREE_FROM,
        delivery_zip_codes=(),
        delivery_hours_start=time.fromisoformat(settings.DELIVERY_HOURS_START),
        delivery_hours_end=time.fromisoformat(settings.DELIVERY_HOURS_END),
        delivery_lead_minutes=settings.DELIVERY_LEAD_MINUTES,
        delivery_max_days_ahead=settings.DELIVERY_MAX_DAYS_AHEAD,
        delivery_hourly_capacity=settings.DELIVERY_HOURLY_CAPACITY,
        low_stock_threshold=settings.LOW_STOCK_THRESHOLD,
        max_units_per_line=settings.MAX_UNITS_PER_LINE,
        max_pending_orders=settings.MAX_PENDING_ORDERS,
        pending_hold_hours=settings.PENDING_HOLD_HOURS,
        # First run: 10 units of one product or type (one order's line cap, so spreading a
        # cart over orders gains nothing) and goods worth 500.00 (config/settings/base.py).
        max_pending_units=settings.MAX_PENDING_UNITS,
        max_pending_value=Decimal(str(settings.MAX_PENDING_VALUE)),
    )


def _from_row(row: ShopSettings) -> ShopConfig:
    values: dict[str, Any] = {name: getattr(row, name) for name in FIELDS}
    values["delivery_zip_codes"] = tuple(row.delivery_zip_codes)
    return ShopConfig(
        **values,
        updated_at=row.updated_at,
        updated_by=row.updated_by.email if row.updated_by else None,
    )


def saved_row(*, lock: bool = False) -> ShopSettings | None:
    rows = ShopSettings.objects.select_related("updated_by").filter(pk=SINGLETON)
    if lock:
        rows = rows.select_for_update(of=("self",))
    return rows.first()


def shop_config() -> ShopConfig:
    """The settings in force now (one small query)."""
    row = saved_row()
    return _from_row(row) if row is not None else _first_run()


def low_stock_threshold_sql() -> Coalesce:
    """The threshold in force as part of the caller's own query (no query of its own)."""
    saved = ShopSettings.objects.filter(pk=SINGLETON).values("low_stock_threshold")
    return Coalesce(
        Subquery(saved), Value(settings.LOW_STOCK_THRESHOLD), output_field=IntegerField()
    )


def config_of(row: ShopSettings | None) -> ShopConfig:
    return _from_row(row) if row is not None else _first_run()


def recent_changes() -> list[SettingsChange]:
    return list(SettingsChange.objects.select_related("by")[:CHANGES_SHOWN])
