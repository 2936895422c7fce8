from django.contrib import admin

from storesettings.models import DeliveryZipCode


@admin.register(DeliveryZipCode)
class DeliveryZipCodeAdmin(admin.ModelAdmin):
    """The local-delivery area. Empty, checkout uses DELIVERY_ZIP_CODES or Orange County's
    ZIP codes (storesettings/zipcodes.py); the first row added replaces that default with this
    list."""

    list_display = ("zip_code", "place")
    search_fields = ("zip_code", "place")
