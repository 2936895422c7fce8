import csv
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from shop.selectors import low_stock_rows

HEADER = ["product_id", "product", "type_id", "type", "category", "quantity", "available"]


class Command(BaseCommand):
    help = (
        "List products and product types whose stock is at or under a threshold. Products "
        "with types are listed by their types (a shopper buys a type). Text table by default, "
        "or CSV for a spreadsheet. Example: manage.py stock_report --threshold 3 --format csv > low.csv"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--threshold", type=int, default=5, help="Highest stock to list (default 5)."
        )
        parser.add_argument(
            "--format", choices=["text", "csv"], default="text", help="text (default) or csv."
        )

    def handle(self, *args: Any, threshold: int, format: str, **options: Any) -> None:
        if threshold < 0:
            raise CommandError("--threshold must be 0 or more.")
        rows = low_stock_rows(threshold)
        if format == "csv":
            writer = csv.writer(self.stdout, lineterminator="\n")
            writer.writerow(HEADER)
            writer.writerows([[*row[:6], "yes" if row[6] else "no"] for row in rows])
            return
        if not rows:
            self.stdout.write(f"No product or type has {threshold} or fewer units in stock.")
            return
        self.stdout.write(f"{len(rows)} item(s) with {threshold} or fewer units in stock:")
        self.stdout.write(f"{'qty':>5}  {'available':<9}  {'id':>8}  item")
        for product_id, product, type_id, type_name, category, quantity, available in rows:
            label = f"{product} - {type_name}" if type_id else product
            ident = f"{product_id}/{type_id}" if type_id else str(product_id)
            self.stdout.write(
                f"{quantity:>5}  {'yes' if available else 'no':<9}  {ident:>8}  {label} ({category})"
            )
