"""Each setting's API name (dotted for the nested ones), its attribute, the label the back
office's Settings page gives it, and how a value sent is checked. Every refusal names the
field by that label (the owner reads it under the field), never by its API name."""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, time
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
            raise Invalid(f"{name} must be an amount like $8.00.")
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise Invalid(f"{name} must be an amount like $8.00.")
        try:
            amount = Decimal(str(value).strip())
        except InvalidOperation:
            raise Invalid(f"{name} must be an amount like $8.00.") from None
        if not amount.is_finite() or amount < 0 or amount >= MONEY_MAX:
            raise Invalid(f"{name} must be an amount from $0 to $99,999.99.")
        if amount != amount.quantize(Decimal("0.01")):
            raise Invalid(f"{name} must be in whole cents, like $8.25.")
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


RATE_MOST = Decimal("100")
_STATE = re.compile(r"[A-Z]{2}")


def _rate(name: str, value: Any) -> str:
    """A percent from 0 to 100 with up to 3 decimals (8.75), kept as text ("8.75")."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise Invalid(f"{name} must be a percent like 8.75.")
    try:
        rate = Decimal(str(value).strip())
    except InvalidOperation:
        raise Invalid(f"{name} must be a percent like 8.75.") from None
    if not rate.is_finite() or not 0 <= rate <= RATE_MOST:
        raise Invalid(f"{name} must be a percent from 0 to 100.")
    if rate != rate.quantize(Decimal("0.001")):
        raise Invalid(f"{name} must have at most 3 decimals.")
    return f"{rate.normalize():f}"


def rate(name: str, value: Any) -> Decimal:
    return Decimal(_rate(name, value))


def _rows(name: str, value: Any, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    if not isinstance(value, list) or any(not isinstance(row, dict) for row in value):
        raise Invalid(f"{name} must be a list of {{{', '.join(keys)}}}.")
    return value


def delivery_tax_rates(name: str, value: Any) -> tuple[dict[str, Any], ...]:
    rows = {}
    for row in _rows(name, value, ("zip", "rate", "reviewed")):
        code = row.get("zip")
        if not isinstance(code, str) or not _ZIP.fullmatch(code.strip()):
            raise Invalid(f"{name} must name 5-digit ZIP codes: {code!r} is not one.")
        reviewed = row.get("reviewed", True)
        if not isinstance(reviewed, bool):
            raise Invalid(f"{name}: reviewed must be true or false.")
        rate_text = _rate(f"{name} ({code.strip()})", row.get("rate"))
        rows[code.strip()] = {"zip": code.strip(), "rate": rate_text, "reviewed": reviewed}
    return tuple(rows[code] for code in sorted(rows))


def state_tax_rates(name: str, value: Any) -> tuple[dict[str, Any], ...]:
    rows = {}
    for row in _rows(name, value, ("state", "rate")):
        state = row.get("state")
        state = state.strip().upper() if isinstance(state, str) else state
        if not isinstance(state, str) or not _STATE.fullmatch(state):
            raise Invalid(f"{name} must name states by their 2 letters: {state!r} is not one.")
        rows[state] = {"state": state, "rate": _rate(f"{name} ({state})", row.get("rate"))}
    return tuple(rows[state] for state in sorted(rows))


def excise_rates(name: str, value: Any) -> tuple[dict[str, Any], ...]:
    rows = {}
    for row in _rows(name, value, ("rate", "from")):
        try:
            start = date.fromisoformat(str(row.get("from")).strip())
        except ValueError:
            raise Invalid(f"{name}: from must be a date like 2025-07-01.") from None
        rows[start] = {"rate": _rate(name, row.get("rate")), "from": start.isoformat()}
    if not rows:
        raise Invalid(f"{name} must hold at least one rate.")
    return tuple(rows[start] for start in sorted(rows))


@dataclass(frozen=True)
class Setting:
    name: str  # the API's (dotted when nested)
    attribute: str  # the model's and ShopConfig's
    check: Callable[[str, Any], Any]
    # The Settings page's words for it, which its refusals begin with.
    label: str
    # Left out of a PUT: kept as it is (the settings added after the first clients).
    optional: bool = False


NO_LIMIT = " (0: no limit)"
SETTINGS = (
    Setting("shopName", "shop_name", text(most=100), label="Shop name"),
    Setting("pickupLocation", "pickup_location", text(most=200), label="Pickup location"),
    Setting("pickupPhone", "pickup_phone", phone, label="Pickup phone"),
    Setting(
        "pickupInstructions",
        "pickup_instructions",
        text(most=500, required=False, lines=True),
        label="Pickup instructions",
    ),
    Setting("deliveryArea", "delivery_area", text(most=100), label="Delivery area"),
    Setting("fees.shipping", "shipping_fee", money(), label="Shipping fee"),
    Setting("fees.delivery", "delivery_fee", money(), label="Local delivery fee"),
    Setting(
        "freeFrom.shipping", "shipping_free_from", money(optional=True), label="Free shipping from"
    ),
    Setting(
        "freeFrom.delivery", "delivery_free_from", money(optional=True), label="Free delivery from"
    ),
    Setting("deliveryZipCodes", "delivery_zip_codes", zip_codes, label="ZIP codes served"),
    Setting("deliveryHours.start", "delivery_hours_start", clock, label="Deliveries from"),
    Setting("deliveryHours.end", "delivery_hours_end", clock, label="Deliveries until"),
    Setting(
        "deliveryLeadMinutes",
        "delivery_lead_minutes",
        whole(least=0, most=10080),
        label="Notice needed (minutes)",
    ),
    Setting(
        "deliveryMaxDaysAhead",
        "delivery_max_days_ahead",
        whole(least=1, most=365),
        label="Booked at most (days ahead)",
    ),
    Setting(
        "deliveryHourlyCapacity",
        "delivery_hourly_capacity",
        whole(least=0, most=1000, zero=NO_LIMIT),
        label="Deliveries per hour",
    ),
    Setting(
        "lowStockThreshold",
        "low_stock_threshold",
        whole(least=0, most=10000),
        label="Low stock at (units or fewer)",
    ),
    Setting(
        "maxUnitsPerLine",
        "max_units_per_line",
        whole(least=0, most=10000, zero=NO_LIMIT),
        label="Most units per product in an order",
    ),
    Setting(
        "maxPendingOrders",
        "max_pending_orders",
        whole(least=0, most=1000, zero=NO_LIMIT),
        label="Most pending orders per customer",
    ),
    Setting(
        "pendingHoldHours",
        "pending_hold_hours",
        whole(least=0, most=8760, zero=" (0: no expiry)"),
        label="Hold pending orders (hours)",
    ),
    Setting(
        "maxPendingUnits",
        "max_pending_units",
        whole(least=0, most=10000, zero=NO_LIMIT),
        label="Most units of one product across a customer's pending orders",
    ),
    Setting(
        "maxPendingValue",
        "max_pending_value",
        money(),
        label="Most goods' value across a customer's pending orders",
    ),
    Setting("salesTaxRate", "sales_tax_rate", rate, label="Shop sales-tax rate (%)", optional=True),
    Setting(
        "deliveryTaxRates",
        "delivery_tax_rates",
        delivery_tax_rates,
        label="Local delivery: rate per ZIP code",
        optional=True,
    ),
    Setting(
        "stateTaxRates",
        "state_tax_rates",
        state_tax_rates,
        label="Shipping: rate per state",
        optional=True,
    ),
    Setting("exciseRates", "excise_rates", excise_rates, label="Excise rates", optional=True),
    Setting(
        "exciseTaxLabel",
        "excise_tax_label",
        text(most=100),
        label="Excise tax label",
        optional=True,
    ),
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
    if isinstance(value, tuple) and value and isinstance(value[0], dict):
        # A rate table: its rows in their order, each rate a number.
        return [{**row, "rate": float(row["rate"])} for row in value]
    if isinstance(value, (tuple, frozenset)):
        return sorted(value)
    return value
