from typing import Any

from django.core.management.base import BaseCommand
from django.template.defaultfilters import pluralize

from orders.services import orders_expire_holds
from storesettings.selectors import shop_config


class Command(BaseCommand):
    help = (
        "Cancel pending orders placed more than the hold (pendingHoldHours) ago, whatever "
        "their delivery date: stock goes back, the event says 'Hold expired.' and "
        "the customer is emailed through the task queue. Safe to repeat and to run while "
        "customers check out; meant for cron every few minutes: "
        "*/10 * * * * cd /srv/shop/current && ENV_FILE=/etc/shop/env .venv/bin/python manage.py expire_pending_orders"
    )

    def handle(self, *args: Any, **options: Any) -> None:
        hours = shop_config().pending_hold_hours
        if hours <= 0:
            self.stdout.write("PENDING_HOLD_HOURS is 0: holds never expire; nothing cancelled.")
            return
        cancelled = orders_expire_holds()
        self.stdout.write(
            f"Cancelled {cancelled} pending order{pluralize(cancelled)} older than {hours} hours."
        )
