from django.conf import settings
from django.core.management.base import BaseCommand

from orders.services import orders_expire_holds


class Command(BaseCommand):
    help = (
        "Cancel pending orders older than PENDING_HOLD_HOURS (a local delivery counts from its "
        "booked time when that is later): stock goes back, the event says 'Hold expired.' and "
        "the customer is emailed through the task queue. Safe to repeat and to run while "
        "customers check out; meant for cron every few minutes: "
        "*/10 * * * * cd /srv/shop/current && ENV_FILE=/etc/shop/env .venv/bin/python manage.py expire_pending_orders"
    )

    def handle(self, *args, **options):
        if settings.PENDING_HOLD_HOURS <= 0:
            self.stdout.write("PENDING_HOLD_HOURS is 0: holds never expire; nothing cancelled.")
            return
        cancelled = orders_expire_holds()
        self.stdout.write(
            f"Cancelled {cancelled} pending order{'' if cancelled == 1 else 's'} older than "
            f"{settings.PENDING_HOLD_HOURS} hours."
        )
