from typing import Any

from django.core.management.base import BaseCommand, CommandError

from orders.rollups import rollups_differences


class Command(BaseCommand):
    help = (
        "Compare the day totals (orders/rollups.py) with a full recount of the orders, to the "
        "cent; exit 1 naming each day and key that differs (then run rebuild_rollups)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        differences = rollups_differences()
        for difference in differences:
            self.stderr.write(difference)
        if differences:
            raise CommandError(
                f"{len(differences)} rollup row(s) differ from a recount: "
                "run manage.py rebuild_rollups."
            )
        self.stdout.write("Rollups agree with a full recount of the orders.")
