"""The shop's clock: business dates ("today", a day's first moment) are the shop's
(America/Los_Angeles), whatever the server's clock zone."""

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
