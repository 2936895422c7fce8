from django.apps import AppConfig
from django.db.backends.signals import connection_created


class ShopConfig(AppConfig):
    name = "shop"
    verbose_name = "Shop"

    def ready(self) -> None:
        from shop.search import register_sqlite_functions

        connection_created.connect(register_sqlite_functions)
