"""Each setting's API name (dotted for the nested ones), its attribute, and how a value
sent by the back office is checked. Every refusal names the field."""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import time
from decimal import Decimal, InvalidOperation
from typing import Any

from common.contact import clean_phone
from common.errors import InvalidInput

_ZIP = re.compile(r"\d{5}")
_CLOCK = re.compile(r"([01]\d|2[0-3]):[0-5]\d")
MONEY_MAX = Decimal("100000")


class Invalid(ValueError):
    """The message names the field, in words a shop owner reads."""


def text(*, most: int, required: bool = True, lines: bool = False) -> Callable[[str, Any], str]:
    """Text of at most `most` characters; one line unless `lines` (control characters are
    refused before this, by common.parsers)."""

    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise Invalid(f"{name} must be text.")
        value = value.strip()
        if required and not value:
            raise Invalid(f"{name} must not be empty.")
        if len(value) > most:
            raise Invalid(f"{name} must be at most {most} characters.")
        if not lines and ("\n" in value or "\r" in value):
            raise Invalid(f"{name} must be one line.")
        return value

    return check


def phone(name: str, value: Any) -> str:
    """A US phone number as checkout takes one (common.contact), kept in its form."""
    if not isinstance(value, str) or len(value) > 40:
        raise Invalid(f"{name} must be a phone number like (714) 555-0142.")
    try:
        cleaned = clean_phone(value)
    except InvalidInput:
        raise Invalid(f"{name} must be a phone number like (714) 555-0142.") from None
    if not cleaned:
        raise Invalid(f"{name} must not be empty.")
    return cleaned


def money(*, optional: bool = False) -> Callable[[str, Any], Decimal | None]:
    def check(name: str, value: Any) -> Decimal | None:
        if value is None or value == "":
            if optional:
                return None
            raise Invalid(f"{name} must be an amount like 8.00.")
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise Invalid(f"{name} must be an amount like 8.00.")
        try:
            amount = Decimal(str(value).strip())
        except InvalidOperation:
            raise Invalid(f"{name} must be an amount like 8.00.") from None
        if not amount.is_finite() or amount < 0 or amount >= MONEY_MAX:
            raise Invalid(f"{name} must be an amount from 0 to 99999.99.")
        if amount != amount.quantize(Decimal("0.01")):
            raise Invalid(f"{name} must have at most 2 decimals.")
        return amount.quantize(Decimal("0.01"))

    return check


def whole(*, least: int, most: int, zero: str = "") -> Callable[[str, Any], int]:
    def check(name: str, value: Any) -> int:
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise Invalid(f"{name} must be a whole number from {least} to {most}{zero}.")
        return value

    return check


def clock(name: str, value: Any) -> time:
    if not isinstance(value, str) or not _CLOCK.fullmatch(value.strip()):
        raise Invalid(f"{name} must be a time like 10:00.")
    return time.fromisoformat(value.strip())


# Far more than one shop's delivery area (Orange County has about 170), and few enough
# that /api/shop/info, which lists them, stays small (under 20 KB).
MAX_ZIP_CODES = 2000


def zip_codes(name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise Invalid(f"{name} must list at least one 5-digit ZIP code.")
    if len(value) > MAX_ZIP_CODES:
        raise Invalid(f"{name} must list at most {MAX_ZIP_CODES} ZIP codes.")
    codes: set[str] = set()
    for item in value:
        code = item.strip() if isinstance(item, str) else item
        if not isinstance(code, str) or not _ZIP.fullmatch(code):
            shown = repr(item)[:20]
            raise Invalid(f"{name} must list 5-digit ZIP codes: {shown} is not one.")
        if code in codes:
            raise Invalid(f"{name} lists {code} twice.")
        codes.add(code)
    return tuple(sorted(codes))


@dataclass(frozen=True)
class Setting:
    name: str  # the API's (dotted when nested)
    attribute: str  # the model's and ShopConfig's
    check: Callable[[str, Any], Any]


NO_LIMIT = " (0: no limit)"
SETTINGS = (
    Setting("shopName", "shop_name", text(most=100)),
    Setting("pickupLocation", "pickup_location", text(most=200)),
    Setting("pickupPhone", "pickup_phone", phone),
    Setting(
        "pickupInstructions", "pickup_instructions", text(most=500, required=False, lines=True)
    ),
    Setting("deliveryArea", "delivery_area", text(most=100)),
    Setting("fees.shipping", "shipping_fee", money()),
    Setting("fees.delivery", "delivery_fee", money()),
    Setting("freeFrom.shipping", "shipping_free_from", money(optional=True)),
    Setting("freeFrom.delivery", "delivery_free_from", money(optional=True)),
    Setting("deliveryZipCodes", "delivery_zip_codes", zip_codes),
    Setting("deliveryHours.start", "delivery_hours_start", clock),
    Setting("deliveryHours.end", "delivery_hours_end", clock),
    Setting("deliveryLeadMinutes", "delivery_lead_minutes", whole(least=0, most=10080)),
    Setting("deliveryMaxDaysAhead", "delivery_max_days_ahead", whole(least=1, most=365)),
    Setting(
        "deliveryHourlyCapacity",
        "delivery_hourly_capacity",
        whole(least=0, most=1000, zero=NO_LIMIT),
    ),
    Setting("lowStockThreshold", "low_stock_threshold", whole(least=0, most=10000)),
    Setting("maxUnitsPerLine", "max_units_per_line", whole(least=0, most=10000, zero=NO_LIMIT)),
    Setting("maxPendingOrders", "max_pending_orders", whole(least=0, most=1000, zero=NO_LIMIT)),
    Setting(
        "pendingHoldHours", "pending_hold_hours", whole(least=0, most=8760, zero=" (0: no expiry)")
    ),
    Setting("maxPendingUnits", "max_pending_units", whole(least=0, most=10000, zero=NO_LIMIT)),
    Setting("maxPendingValue", "max_pending_value", money()),
)
BY_NAME = {setting.name: setting for setting in SETTINGS}
# Sent back with a whole GET answer, and ignored: the server keeps these.
READ_ONLY = ("updatedAt", "updatedBy", "saved", "changes")


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """{"fees": {"delivery": 5}} -> {"fees.delivery": 5}; lists stay whole."""
    flat: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and name in ("fees", "freeFrom", "deliveryHours"):
            flat.update(flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def json_value(value: Any) -> Any:
    """A stored value as the API answers it (and the change log keeps it)."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, time):
        return f"{value:%H:%M}"
    if isinstance(value, (tuple, frozenset)):
        return sorted(value)
    return value
