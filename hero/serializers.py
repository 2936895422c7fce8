from datetime import UTC
from typing import Any

from rest_framework import serializers

from hero.validators import validate_focal_point, validate_image_url, validate_link

MAX_DISPLAY_ORDER = 10_000
ORDER_MESSAGES: dict[str, Any] = {
    "min_value": "Display order must be at least 1",
    "max_value": f"Display order must be at most {MAX_DISPLAY_ORDER}",
    "invalid": "Display order must be a whole number",
    "max_string_length": "Display order must be a whole number",
}
# Ids past a signed 64-bit integer name no row; SQLite cannot even bind them (a 500).
MAX_ID = 2**63 - 1
ID_MESSAGES: dict[str, Any] = {
    "invalid": "Each entry needs a hero image id.",
    "max_string_length": "Each entry needs a hero image id.",
    "min_value": "Hero image not found",
    "max_value": "Hero image not found",
}
BOOLEAN_MESSAGES: dict[str, Any] = {"invalid": "is_active must be 1 or 0 (or true or false)."}


class HeroSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    description = serializers.CharField()
    alt_text = serializers.CharField()
    cta_label = serializers.CharField(help_text="The slide's button text; empty: no button.")
    cta_link = serializers.CharField(help_text="Where the button goes: a site path or https URL.")
    object_position = serializers.CharField(
        help_text='CSS object-position of the picture, "x% y%" (the part kept in view).'
    )
    display_order = serializers.IntegerField(help_text="0-based.")
    is_active = serializers.BooleanField()
    image_url = serializers.CharField()
    created_at = serializers.DateTimeField(default_timezone=UTC)


class HeroFormSerializer(serializers.Serializer):
    """The hero form (multipart) on create and update; on update every field is optional."""

    title = serializers.CharField(max_length=200, required=False, allow_blank=True)
    description = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    alt_text = serializers.CharField(max_length=300, required=False, allow_blank=True)
    cta_label = serializers.CharField(
        max_length=60,
        required=False,
        allow_blank=True,
        error_messages={"max_length": "Button label must be at most 60 characters."},
    )
    cta_link = serializers.CharField(
        max_length=1000,
        required=False,
        allow_blank=True,
        validators=[validate_link],
        error_messages={"max_length": "Link must be at most 1000 characters."},
    )
    object_position = serializers.CharField(
        required=False, validators=[validate_focal_point], help_text='"x% y%", 0% to 100% each.'
    )
    display_order = serializers.IntegerField(
        min_value=1,
        max_value=MAX_DISPLAY_ORDER,
        required=False,
        error_messages=ORDER_MESSAGES,
        help_text="1-based position (stored and answered 0-based).",
    )
    # A missing flag on create means active, not False (DRF's default for HTML forms).
    is_active = serializers.BooleanField(
        required=False, default=True, error_messages=BOOLEAN_MESSAGES
    )
    image_url = serializers.CharField(
        max_length=1000,
        required=False,
        allow_blank=True,
        validators=[validate_image_url],
        error_messages={"max_length": "Image URL must be at most 1000 characters."},
    )
    image = serializers.FileField(required=False, allow_empty_file=False)

    def validate_display_order(self, value: int) -> int:
        return value - 1


class HeroToggleSerializer(serializers.Serializer):
    is_active = serializers.BooleanField(error_messages=BOOLEAN_MESSAGES)


class HeroOrderSerializer(serializers.Serializer):
    id = serializers.IntegerField(min_value=1, max_value=MAX_ID, error_messages=ID_MESSAGES)
    display_order = serializers.IntegerField(
        min_value=1,
        max_value=MAX_DISPLAY_ORDER,
        error_messages=ORDER_MESSAGES,
        help_text="1-based.",
    )


class HeroReorderSerializer(serializers.Serializer):
    imageOrders = HeroOrderSerializer(
        many=True,
        allow_empty=False,
        error_messages={
            "required": "imageOrders is required",
            "null": "imageOrders is required",
            "not_a_list": "imageOrders must be a list of {{id, display_order}}",
            "empty": "imageOrders must name at least one hero image",
        },
    )
