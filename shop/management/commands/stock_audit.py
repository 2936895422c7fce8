from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from shop.selectors import stock_audit
from shop.stock import stock_ledger_correct

CORRECTION_NOTE = "manage.py stock_audit --correct"


class Command(BaseCommand):
    help = (
        "Prove that the stock ledger adds up: for every product's own stock and every type's, "
        "the moves' deltas must sum to the figure and the latest move's balance must equal it. "
        "Prints one line per figure that disagrees and exits 1; prints one summary line and "
        "exits 0 when all agree. Reads only, unless --correct."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--correct",
            action="store_true",
            help="After a stock count: take every figure as right and record one 'correction' "
            "move per figure that disagrees, so the ledger adds up again (exits 0).",
        )

    def handle(self, *args: Any, correct: bool, **options: Any) -> None:
        count, mismatches = stock_audit()
        found = 0
        for mismatch in mismatches:
            found += 1
            last = "none" if mismatch.last_balance is None else mismatch.last_balance
            self.stdout.write(
                f"MISMATCH {mismatch.label}: stock is {mismatch.quantity}, the moves add up "
                f"to {mismatch.moves_total}, the last move's balance is {last}"
            )
            if correct:
                stock_ledger_correct(
                    product_id=mismatch.product_id, type_id=mismatch.type_id, note=CORRECTION_NOTE
                )
        if found and correct:
            self.stdout.write(f"Recorded a correction move for {found} of {count} stock figures.")
        elif found:
            raise CommandError(f"{found} of {count} stock figures do not match the stock ledger.")
        else:
            self.stdout.write(
                self.style.SUCCESS(f"Stock ledger OK: all {count} stock figures match their moves.")
            )
