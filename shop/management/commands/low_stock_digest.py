from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import timezone

from shop.notifications import low_stock_digest_queue
from storesettings.selectors import shop_config


class Command(BaseCommand):
    help = (
        "Queue an email to SHOP_EMAIL listing sold-out and low products and types (at or "
        "under LOW_STOCK_THRESHOLD units); the task worker sends it. Once a day (shop time): "
        "a second run that day, here or on another server, sends nothing. Nothing is sent "
        "when nothing is low. For the daily timer or cron line of docs/deploy.md."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        day = timezone.localdate()
        queued = low_stock_digest_queue(day=day)
        if queued is None:
            self.stdout.write(f"The low-stock digest of {day} was queued already: not sent again.")
            return
        sold_out, low = queued
        if not sold_out and not low:
            self.stdout.write(
                f"Nothing at or under {shop_config().low_stock_threshold} units: no digest sent."
            )
            return
        self.stdout.write(
            f"Low-stock digest queued for {settings.SHOP_EMAIL}: "
            f"{len(sold_out)} sold out, {len(low)} low."
        )
