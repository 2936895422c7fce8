from typing import Any

from django.core.management.base import BaseCommand

from orders.rollups import rollups_rebuild


class Command(BaseCommand):
    help = (
        "Recount the day totals the order list's counts and the sales and taxes reports read "
        "(orders/rollups.py) from every order, in one transaction. Safe to run again; run it "
        "while no order is being placed, then check_rollups."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        orders, products = rollups_rebuild()
        self.stdout.write(f"Rollups rebuilt: {orders} order row(s), {products} product row(s).")
