"""What a settings save tells the apps that keep something derived from the settings, so
storesettings imports none of them."""

from django.dispatch import Signal

# Sent by storesettings.services.shop_settings_save inside its transaction, once the row is
# saved, with `changed`: the set of ShopConfig attributes whose value changed. The catalog
# listens (shop/apps.py): its cached back-office answers hold the low-stock threshold.
settings_changed = Signal()
