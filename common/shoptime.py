"""The shop's clock: business dates ("today", a day's first moment) are the shop's
(America/Los_Angeles), whatever the server's clock zone."""

import re
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from django.utils import timezone

SHOP_TIME_ZONE = ZoneInfo("America/Los_Angeles")


def shop_today() -> date:
    return timezone.localdate(timezone=SHOP_TIME_ZONE)


def shop_now() -> datetime:
    """Now, on the shop's clock."""
    return timezone.now().astimezone(SHOP_TIME_ZONE)


def day_start(day: date) -> datetime:
    """The first moment of `day` in the shop's zone (ranges on created_at use it, so that the
    indexes on created_at serve them)."""
    return datetime.combine(day, time.min, tzinfo=SHOP_TIME_ZONE)


# Dates and times in words, as the site writes them (frontend/src/lib/format.js: formatWhen,
# formatDay, formatClock, formatDayAndClock), for every email: "Thu, Nov 26, 2026 at 11:00 AM".
# Written out here rather than with strftime's %a/%b, which follow the server's locale.
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$")


def format_day(day: date) -> str:
    """A calendar day (a datetime: its day in the shop's zone): "Thu, Nov 26, 2026"."""
    if isinstance(day, datetime):
        day = day.astimezone(SHOP_TIME_ZONE).date()
    return f"{_WEEKDAYS[day.weekday()]}, {_MONTHS[day.month - 1]} {day.day}, {day.year}"


def _clock(hour: int, minute: int) -> str:
    return f"{hour % 12 or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def format_clock(value: str | time) -> str:
    """ "14:30" -> "2:30 PM"; a time written in words ("after 5pm") is kept as written."""
    if isinstance(value, time):
        return _clock(value.hour, value.minute)
    text = (value or "").strip()
    match = _CLOCK.match(text)
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        return text
    return _clock(int(match[1]), int(match[2]))


def format_when(moment: datetime) -> str:
    """An instant on the shop's clock: "Thu, Nov 26, 2026 at 11:00 AM"."""
    local = moment.astimezone(SHOP_TIME_ZONE)
    return f"{format_day(local.date())} at {_clock(local.hour, local.minute)}"


def format_day_and_clock(day: date | None, clock: str) -> str:
    """A booked day and time: "Thu, Nov 26, 2026 at 11:00 AM"; a time in words follows a
    comma ("Thu, Nov 26, 2026, after 5pm"); either alone when the other is missing."""
    day_text = format_day(day) if day else ""
    clock_text = format_clock(clock)
    if not day_text or not clock_text:
        return day_text or clock_text
    joiner = "," if clock_text == (clock or "").strip() else " at"
    return f"{day_text}{joiner} {clock_text}"
