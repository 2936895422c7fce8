from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from common.errors import InvalidInput
from common.querydates import parse_day
from orders.export import write_orders_csv
from orders.models import OrderStatus
from orders.selectors import orders_for_export


def _date(text: str | None, option: str) -> date | None:
    try:
        return parse_day(text, option)
    except InvalidInput as refused:
        raise CommandError(refused.message)


class Command(BaseCommand):
    help = (
        "Write orders as CSV (one row per order, oldest first) to standard output or --output. "
        "Dates are business dates in America/Los_Angeles, both ends included."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--from", dest="date_from", metavar="YYYY-MM-DD", help="First order date to include."
        )
        parser.add_argument(
            "--to", dest="date_to", metavar="YYYY-MM-DD", help="Last order date to include."
        )
        parser.add_argument(
            "--status", choices=OrderStatus.values, help="Only orders with this status."
        )
        parser.add_argument(
            "--output", "-o", metavar="FILE", help="Write to FILE instead of standard output."
        )

    def handle(
        self,
        *args: Any,
        date_from: str | None = None,
        date_to: str | None = None,
        status: str | None = None,
        output: str | None = None,
        **options: Any,
    ) -> None:
        first, last = _date(date_from, "--from"), _date(date_to, "--to")
        if first and last and first > last:
            raise CommandError("--from must not be after --to.")
        orders = orders_for_export(date_from=first, date_to=last, status=status).iterator(
            chunk_size=500
        )
        if output:
            with open(output, "w", newline="", encoding="utf-8") as out:
                count = write_orders_csv(orders, out)
        else:
            count = write_orders_csv(orders, self.stdout)
        # The count goes to stderr so that stdout stays a clean CSV for pipes.
        self.stderr.write(f"{count} order(s) exported.")
