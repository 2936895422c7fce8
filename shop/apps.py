from django.apps import AppConfig
from django.db import connections
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate


class ShopConfig(AppConfig):
    name = "shop"
    verbose_name = "Shop"

    def ready(self) -> None:
        from shop.search_sqlite import register_sqlite_functions

        connection_created.connect(register_sqlite_functions)
        post_migrate.connect(_repair_search_tables, sender=self)
        from storesettings.signals import settings_changed

        settings_changed.connect(_settings_changed, dispatch_uid="shop-settings-changed")


def _settings_changed(sender: object, *, changed: set[str], **kwargs: object) -> None:
    # The back office's cached low-stock list is keyed by the catalog version.
    if "low_stock_threshold" in changed:
        from shop.versioning import catalog_changed

        catalog_changed()


def _repair_search_tables(using: str = "default", **kwargs: object) -> None:
    # A migration that alters shop_product on SQLite rebuilds the table without the
    # search's triggers (shop/search_tables.py).
    from shop import search_tables

    search_tables.repair(connections[using])
