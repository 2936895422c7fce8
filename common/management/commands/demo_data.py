from importlib import import_module
from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import transaction

# Order matters: the catalog before anything that refers to products.
DEMO_APPS = ["accounts", "shop", "orders", "rides", "hero"]


class Command(BaseCommand):
    help = (
        "Load demo data (idempotent): an admin, a customer, a registration code, the catalog "
        "with generated images, hero images and a few rides. Prints how to sign in."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write("Demo data:")
        for label in DEMO_APPS:
            if not apps.is_installed(label):
                continue
            try:
                module = import_module(f"{label}.demo")
            except ModuleNotFoundError as exc:
                if exc.name != f"{label}.demo":
                    raise
                continue
            with transaction.atomic():
                module.seed(self.stdout)
        self.stdout.write(self.style.SUCCESS("Demo data ready."))
