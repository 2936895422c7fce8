import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from shop.bulk import bulk_create_products


class Command(BaseCommand):
    help = (
        "Create N products quickly for benchmarks and load tests (bulk_create, in batches of "
        "2,000). Each gets --types types and --images images; the images are a few generated "
        "pictures stored once and shared. Names look like 'Frosty Mango Pod 17'. Example: "
        "manage.py bulk_products 10000 --types 5 --images 2 --seed 1"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("count", type=int, help="How many products to create.")
        parser.add_argument("--types", type=int, default=5, help="Types per product (default 5).")
        parser.add_argument(
            "--images", type=int, default=2, help="Images per product, 0-5 (default 2)."
        )
        parser.add_argument(
            "--seed",
            type=int,
            default=None,
            help="Random seed: the same seed gives the same names, prices and stock.",
        )

    def handle(
        self, *args: Any, count: int, types: int, images: int, seed: int | None, **options: Any
    ) -> None:
        if count < 1:
            raise CommandError("count must be at least 1.")
        if types < 0:
            raise CommandError("--types must be 0 or more.")
        if not 0 <= images <= 5:
            raise CommandError("--images must be from 0 to 5 (a product has at most 5 images).")
        started = time.perf_counter()
        made = bulk_create_products(count, types=types, images=images, seed=seed)
        self.stdout.write(
            self.style.SUCCESS(
                f"Created {made} products ({made * types} types, {made * images} images) "
                f"in {time.perf_counter() - started:.1f} s."
            )
        )
