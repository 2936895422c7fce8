"""Business dates are the shop's (America/Los_Angeles), whatever the server's clock zone."""

from zoneinfo import ZoneInfo

from django.utils import timezone

SHOP_TIME_ZONE = ZoneInfo("America/Los_Angeles")


def shop_today():
    return timezone.localdate(timezone=SHOP_TIME_ZONE)
