from django.apps import AppConfig


class ShopConfig(AppConfig):
    name = "shop"
    verbose_name = "Shop"

    def ready(self) -> None:
        from storesettings.signals import settings_changed

        settings_changed.connect(_settings_changed, dispatch_uid="shop-settings-changed")


def _settings_changed(sender: object, *, changed: set[str], **kwargs: object) -> None:
    # The back office's cached low-stock list is keyed by the catalog version.
    if "low_stock_threshold" in changed:
        from shop.versioning import catalog_changed

        catalog_changed()
