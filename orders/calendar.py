"""Business dates are the shop's (America/Los_Angeles), whatever the server's clock zone."""

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from django.utils import timezone

from common.errors import BadRequest

SHOP_TIME_ZONE = ZoneInfo("America/Los_Angeles")
# Dates asked for in a query: a day outside these could not have its start or end (or a
# default range around it) computed without overflowing datetime, and no order is there.
FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2100, 12, 31)


def shop_today():
    return timezone.localdate(timezone=SHOP_TIME_ZONE)


def day_start(day):
    """The first moment of `day` in the shop's zone (ranges on created_at use it, so that the
    indexes on created_at serve them)."""
    return datetime.combine(day, time.min, tzinfo=SHOP_TIME_ZONE)


def _refuse(name, message):
    raise BadRequest(message, errors={name: [message]})


def parse_day(value, name):
    """`value` (YYYY-MM-DD) as a date from FIRST_DAY to LAST_DAY, or None when blank; any
    other value is a BadRequest naming `name`."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        _refuse(name, f"{name} must be a date written YYYY-MM-DD.")
    if not FIRST_DAY <= day <= LAST_DAY:
        _refuse(name, f"{name} must be a date from {FIRST_DAY} to {LAST_DAY}.")
    return day


def query_date_range(params):
    """The `from` and `to` days of a query string (None when not given), from on or before to."""
    date_from, date_to = parse_day(params.get("from"), "from"), parse_day(params.get("to"), "to")
    if date_from and date_to and date_from > date_to:
        _refuse("from", "from must be on or before to.")
    return date_from, date_to
