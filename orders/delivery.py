"""Where and when local delivery goes, and what may be shipped.

Checkout (orders.checkout via orders.rules) applies these rules; GET /api/shop/info
describes them (delivery_rules) so clients offer only values the server will accept.
Times are the shop's (America/Los_Angeles) whatever the server's clock zone. The figures
are the back office's settings in force (storesettings.selectors.shop_config, read per call).
"""

import math
from collections import Counter
from datetime import date, datetime, time, timedelta
from typing import Any, NoReturn

from django.db import connection

from common.contact import FIVE_DIGITS, ZIP_INVALID
from common.errors import Conflict, InvalidInput
from common.shoptime import SHOP_TIME_ZONE, shop_now
from orders.models import Order, OrderStatus
from storesettings.selectors import ShopConfig, first_run_zip_codes, shop_config

ZIP_MISSING = "Please enter your ZIP code"
TIME_INVALID = "Please select a valid delivery time"
NOT_SHIPPABLE = "{name} can't be shipped. Please choose pickup or local delivery."
SLOT_FULL = "That delivery time is full. Please choose another time."
ZIP_SERVED = "We deliver to {zip}."
NO_TIMES_LEFT = "No delivery times are left on this day. Please choose a later date."
TOO_FAR = "Delivery can be booked at most {days} days ahead. Please choose a date up to {day}."
# The times the checkout form offers are this many minutes apart (GET
# /api/shop/delivery-times); checkout accepts any minute inside the window.
SLOT_MINUTES = 30
_TIME_FORMATS = ("%H:%M", "%H:%M:%S", "%I:%M %p", "%I:%M%p", "%I %p", "%I%p")
# Namespace of the PostgreSQL advisory locks that serialize bookings of one delivery hour.
_SLOT_LOCK_CLASS = 0x5107


def _refuse(
    field: str, message: str, error: type[InvalidInput | Conflict] = InvalidInput
) -> NoReturn:
    raise error(message, errors={field: [message]})


def not_shippable(name: str) -> str:
    return NOT_SHIPPABLE.format(name=name)


def zip_outside(zip_code: str, config: ShopConfig) -> str:
    return (
        f"Sorry, local delivery is only available in {config.delivery_area}. "
        f"{zip_code} is outside our delivery area."
    )


def served_zip_codes(config: ShopConfig | None = None) -> frozenset[str]:
    """The Settings page's list once saved; before that the Django admin's list when it has
    rows, else DELIVERY_ZIP_CODES, else Orange County's. Read on every call (a small query or
    two), so an admin's edit applies at once."""
    saved = (config or shop_config()).delivery_zip_codes
    return frozenset(saved) if saved else first_run_zip_codes()


def clean_zip(raw: str | None, config: ShopConfig | None = None) -> str:
    """The five digits, or a 400 saying what is wrong (missing, malformed, not served)."""
    config = config or shop_config()
    zip_code = (raw or "").strip()
    if not zip_code:
        _refuse("deliveryZip", ZIP_MISSING)
    if not FIVE_DIGITS.fullmatch(zip_code):
        _refuse("deliveryZip", ZIP_INVALID)
    if zip_code not in served_zip_codes(config):
        _refuse("deliveryZip", zip_outside(zip_code, config))
    return zip_code


def _parse_time(text: str | None) -> time | None:
    text = (text or "").strip().upper()
    for pattern in _TIME_FORMATS:
        try:
            return datetime.strptime(text, pattern).time()
        except ValueError:
            continue
    return None


def _hours(config: ShopConfig) -> tuple[time, time]:
    return config.delivery_hours_start, config.delivery_hours_end


def _clock(value: time) -> str:
    return f"{value:%I:%M %p}".lstrip("0")


def _day(value: date) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def _lead_text(config: ShopConfig) -> str:
    minutes = config.delivery_lead_minutes
    if minutes % 60 == 0:
        hours = minutes // 60
        return f"{hours} hour{'s' if hours != 1 else ''}"
    return f"{minutes} minutes"


def earliest_delivery(now: datetime | None = None, config: ShopConfig | None = None) -> datetime:
    """The first bookable moment: the lead time from now (to the next whole minute), moved
    into the delivery hours."""
    now = now or shop_now()
    config = config or shop_config()
    start, end = _hours(config)
    earliest = now + timedelta(minutes=config.delivery_lead_minutes)
    earliest = earliest.replace(second=0, microsecond=0) + timedelta(
        minutes=math.ceil((earliest.second + earliest.microsecond / 1e6) / 60)
    )
    if earliest.time() < start:
        return datetime.combine(earliest.date(), start, tzinfo=SHOP_TIME_ZONE)
    if earliest.time() > end:
        return datetime.combine(earliest.date() + timedelta(days=1), start, tzinfo=SHOP_TIME_ZONE)
    return earliest


def too_far_message(config: ShopConfig, latest: date) -> str:
    return TOO_FAR.format(days=config.delivery_max_days_ahead, day=_day(latest))


def latest_delivery_date(now: datetime | None = None, config: ShopConfig | None = None) -> date:
    days = (config or shop_config()).delivery_max_days_ahead
    return (now or shop_now()).date() + timedelta(days=days)


def clean_appointment(
    delivery_date: date, delivery_time: str, config: ShopConfig
) -> tuple[datetime, str]:
    """(moment as an aware datetime, time as "HH:MM") inside the hours, the lead time and the
    booking horizon of `config`; otherwise a 400 naming the allowed window."""
    now = shop_now()
    latest = latest_delivery_date(now, config)
    if delivery_date > latest:
        _refuse("deliveryDate", too_far_message(config, latest))
    chosen = _parse_time(delivery_time)
    if chosen is None:
        _refuse("deliveryTime", TIME_INVALID)
    start, end = _hours(config)
    if not start <= chosen <= end:
        _refuse(
            "deliveryTime",
            f"Local delivery runs from {_clock(start)} to {_clock(end)}. "
            "Please choose a time in that window.",
        )
    moment = datetime.combine(delivery_date, chosen, tzinfo=SHOP_TIME_ZONE)
    earliest = earliest_delivery(now, config)
    if moment < earliest:
        _refuse(
            "deliveryTime",
            f"Local delivery needs at least {_lead_text(config)} notice. The earliest delivery time "
            f"is {_day(earliest)} at {_clock(earliest.time())}.",
        )
    return moment, f"{chosen:%H:%M}"


def delivery_slot_take(*, order: Order, moment: datetime, config: ShopConfig) -> None:
    """Refuse (409) when the hour of `moment` already has DELIVERY_HOURLY_CAPACITY live
    deliveries. Runs inside checkout's transaction, after the order row is written (so a
    retried request meets its original on the idempotency key first). On PostgreSQL an
    advisory lock per hour makes two checkouts count one after the other, so they cannot
    both take the last place; SQLite runs one writer at a time anyway."""
    capacity = config.delivery_hourly_capacity
    if capacity <= 0:
        return
    hour = moment.replace(minute=0, second=0, microsecond=0)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, %s)",
                [_SLOT_LOCK_CLASS, int(hour.timestamp()) // 3600],
            )
    taken = (
        Order.objects.filter(delivery_at__gte=hour, delivery_at__lt=hour + timedelta(hours=1))
        .exclude(status=OrderStatus.CANCELLED)
        .exclude(pk=order.pk)
        .count()
    )
    if taken >= capacity:
        _refuse("deliveryTime", SLOT_FULL, error=Conflict)


def _taken_hours(day: date, config: ShopConfig) -> Counter[int]:
    """{hour: live deliveries booked in it} on `day`, when a capacity is set."""
    if config.delivery_hourly_capacity <= 0:
        return Counter()
    start = datetime.combine(day, time(0), tzinfo=SHOP_TIME_ZONE)
    moments = (
        Order.objects.filter(delivery_at__gte=start, delivery_at__lt=start + timedelta(days=1))
        .exclude(status=OrderStatus.CANCELLED)
        .values_list("delivery_at", flat=True)
    )
    # The range above leaves no null out, but the column allows one.
    return Counter(
        moment.astimezone(SHOP_TIME_ZONE).hour for moment in moments if moment is not None
    )


def _slots(day: date, config: ShopConfig, now: datetime) -> list[str]:
    """Every SLOT_MINUTES of the delivery hours on `day` from the earliest bookable moment,
    leaving out hours already at capacity."""
    start, end = _hours(config)
    earliest = earliest_delivery(now, config)
    first = datetime.combine(day, start, tzinfo=SHOP_TIME_ZONE)
    last = datetime.combine(day, end, tzinfo=SHOP_TIME_ZONE)
    if earliest > first:
        steps = math.ceil((earliest - first) / timedelta(minutes=SLOT_MINUTES))
        first += timedelta(minutes=SLOT_MINUTES * steps)
    taken = _taken_hours(day, config)
    capacity = config.delivery_hourly_capacity
    slots = []
    while first <= last:
        if capacity <= 0 or taken[first.hour] < capacity:
            slots.append(f"{first:%H:%M}")
        first += timedelta(minutes=SLOT_MINUTES)
    return slots


def offered_times(
    day: date, now: datetime | None = None, config: ShopConfig | None = None
) -> tuple[list[str], str]:
    """The times checkout would accept on `day`, SLOT_MINUTES apart, or a sentence saying
    why there are none: (times, message). A day before today is the caller's to word."""
    now = now or shop_now()
    config = config or shop_config()
    latest = latest_delivery_date(now, config)
    if day > latest:
        return [], too_far_message(config, latest)
    times = _slots(day, config, now)
    return times, "" if times else NO_TIMES_LEFT


def zip_check(raw: str) -> dict[str, Any]:
    """GET /api/shop/delivery-zip/{zip}: {zip, served, message}; a malformed ZIP is a 400."""
    try:
        zip_code = clean_zip(raw)
    except InvalidInput as refusal:
        if refusal.message in (ZIP_MISSING, ZIP_INVALID):
            raise
        return {"zip": raw.strip(), "served": False, "message": refusal.message}
    return {"zip": zip_code, "served": True, "message": ZIP_SERVED.format(zip=zip_code)}


def delivery_rules(config: ShopConfig | None = None) -> dict[str, Any]:
    """The delivery settings for GET /api/shop/info (merged into its answer)."""
    config = config or shop_config()
    start, end = _hours(config)
    capacity = config.delivery_hourly_capacity
    return {
        "deliveryZipCodes": sorted(served_zip_codes(config)),
        "deliveryHours": {"start": f"{start:%H:%M}", "end": f"{end:%H:%M}"},
        "deliveryLeadMinutes": config.delivery_lead_minutes,
        "deliveryMaxDaysAhead": config.delivery_max_days_ahead,
        "deliveryEarliest": earliest_delivery(config=config).isoformat(timespec="minutes"),
        "deliveryLatestDate": latest_delivery_date(config=config).isoformat(),
        "deliveryHourlyCapacity": capacity if capacity > 0 else None,
        "timeZone": str(SHOP_TIME_ZONE),
    }
