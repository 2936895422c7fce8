"""The settings answer (GET/PUT/PATCH /api/shop/settings), for the schema and the views."""

from typing import Any

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from storesettings import fields
from storesettings.models import SettingsChange
from storesettings.selectors import ShopConfig


def _pair(name: str, child: serializers.Field) -> serializers.Serializer:
    return inline_serializer(name, {"shipping": child, "delivery": child})


class SettingsChangeSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    by = serializers.EmailField(allow_null=True, help_text="Who saved; null once deleted.")
    field = serializers.CharField(help_text="The setting's name, dotted when nested.")
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class ShopSettingsSerializer(serializers.Serializer):
    """Documents the body; the service checks every value (storesettings.fields)."""

    shopName = serializers.CharField()
    pickupLocation = serializers.CharField()
    pickupPhone = serializers.CharField()
    pickupInstructions = serializers.CharField(allow_blank=True)
    deliveryArea = serializers.CharField()
    fees = _pair("SettingsFees", serializers.FloatField())
    freeFrom = _pair(
        "SettingsFreeFrom",
        serializers.FloatField(allow_null=True, help_text="null: the fee is never waived."),
    )
    deliveryZipCodes = serializers.ListField(child=serializers.CharField())
    deliveryHours = inline_serializer(
        "SettingsDeliveryHours",
        {"start": serializers.CharField(), "end": serializers.CharField()},
    )
    deliveryLeadMinutes = serializers.IntegerField()
    deliveryMaxDaysAhead = serializers.IntegerField()
    deliveryHourlyCapacity = serializers.IntegerField(help_text="0: no limit.")
    lowStockThreshold = serializers.IntegerField()
    maxUnitsPerLine = serializers.IntegerField(help_text="0: no limit.")
    maxPendingOrders = serializers.IntegerField(help_text="0: no limit.")
    pendingHoldHours = serializers.IntegerField(
        help_text="0: pending orders never expire. Counted from when an order was placed, "
        "whatever its delivery date."
    )
    maxPendingUnits = serializers.IntegerField(
        help_text="Units of one product (or type) one customer's pending orders may hold "
        "together; 0: no limit."
    )
    maxPendingValue = serializers.FloatField(
        help_text="The goods' value one customer's pending orders may hold together; 0: no limit."
    )


class ShopSettingsAnswerSerializer(ShopSettingsSerializer):
    updatedAt = serializers.DateTimeField(allow_null=True, help_text="null: never saved.")
    updatedBy = serializers.EmailField(allow_null=True)
    changes = SettingsChangeSerializer(many=True, help_text="The last 20, newest first.")


def settings_answer(
    config: ShopConfig, zip_codes: frozenset[str], changes: list[SettingsChange]
) -> dict[str, Any]:
    nested: dict[str, Any] = {}
    for setting in fields.SETTINGS:
        value = getattr(config, setting.attribute)
        if setting.attribute == "delivery_zip_codes":
            value = value or zip_codes
        group, _, key = setting.name.rpartition(".")
        (nested.setdefault(group, {}) if group else nested)[key] = fields.json_value(value)
    return {
        **nested,
        "updatedAt": config.updated_at,
        "updatedBy": config.updated_by,
        "changes": [
            {
                "at": change.at,
                "by": change.by.email if change.by else None,
                "field": change.field,
                "before": change.before,
                "after": change.after,
            }
            for change in changes
        ],
    }
