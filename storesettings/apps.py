from django.apps import AppConfig


class StoreSettingsConfig(AppConfig):
    name = "storesettings"
    verbose_name = "Shop settings"
