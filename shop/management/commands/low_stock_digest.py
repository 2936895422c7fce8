from django.conf import settings
from django.core.management.base import BaseCommand

from common.mail import send_email_later
from shop.notifications import low_stock_items


class Command(BaseCommand):
    help = (
        "Queue an email to SHOP_EMAIL listing sold-out and low products and types (at or "
        "under LOW_STOCK_THRESHOLD units); the task worker sends it. Nothing is sent when "
        "nothing is low. Meant for cron, once a day: "
        "0 7 * * * cd /srv/shop && .venv/bin/python manage.py low_stock_digest"
    )

    def handle(self, *args, **options):
        sold_out, low = low_stock_items()
        if not sold_out and not low:
            self.stdout.write(
                f"Nothing at or under {settings.LOW_STOCK_THRESHOLD} units: no digest sent."
            )
            return
        send_email_later("shop.notifications.low_stock_digest_email")
        self.stdout.write(
            f"Low-stock digest queued for {settings.SHOP_EMAIL}: "
            f"{len(sold_out)} sold out, {len(low)} low."
        )
