from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from common.shoptime import shop_today
from orders.services import orders_records_expire
from reports.notifications import delivery_sales_notice_queue


class Command(BaseCommand):
    help = (
        "Once a month, on or after the 1st (shop time): queue an email to the admins that last "
        "month's delivery-sales report (PACT Act) is ready, with its PDF and CSV links; a "
        "second run that month sends nothing. Then erase what erased customers' compliance "
        "records kept once COMPLIANCE_RECORDS_YEARS are over. Safe to run daily: for the "
        "timer or cron line of docs/deploy.md."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        today = shop_today()
        month = delivery_sales_notice_queue(today=today)
        if month is None:
            self.stdout.write(
                "The admins were told of last month's delivery-sales report already: "
                "not sent again."
            )
        else:
            self.stdout.write(
                f"Delivery-sales report of {month.first:%Y-%m} ready: email to the admins queued."
            )
        erased = orders_records_expire()
        self.stdout.write(
            f"Compliance records past {settings.COMPLIANCE_RECORDS_YEARS} years erased: "
            f"{erased} orders."
        )
