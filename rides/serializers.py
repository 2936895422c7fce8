import re
from datetime import UTC
from typing import Any

from rest_framework import serializers

from rides.models import RideStatus

FILL_ALL = "Please fill in all fields before submitting your ride request."
INVALID_PHONE = "Please enter a valid phone number."
INVALID_DATE = "Please enter a valid pickup date (YYYY-MM-DD)."
DESCRIPTION_REQUIRED = "Please enter a pricing description."

# The seven fields of the ride request form, in the form's order (request names).
RIDE_FIELDS = (
    "name",
    "phone",
    "address",
    "dropoffAddress",
    "pickupDate",
    "pickupTime",
    "itemDescription",
)
PHONE_DIGITS = re.compile(r"^\d{7,15}$")
PHONE_SEPARATORS = re.compile(r"[\s\-.()]")


def _too_long(label: str, limit: int) -> dict[str, Any]:
    return {"max_length": f"{label} must be at most {limit} characters."}


class RideRequestSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=150, error_messages=_too_long("Name", 150))
    phone = serializers.CharField(max_length=40, error_messages=_too_long("Phone", 40))
    address = serializers.CharField(max_length=300, error_messages=_too_long("Pickup address", 300))
    dropoffAddress = serializers.CharField(
        max_length=300, error_messages=_too_long("Drop-off address", 300)
    )
    pickupDate = serializers.DateField(
        input_formats=["iso-8601"],
        error_messages={"invalid": INVALID_DATE, "datetime": INVALID_DATE},
    )
    pickupTime = serializers.CharField(max_length=50, error_messages=_too_long("Pickup time", 50))
    itemDescription = serializers.CharField(
        max_length=2000, error_messages=_too_long("Item description", 2000)
    )

    def to_internal_value(self, data: Any) -> Any:
        # Every missing field is listed at once, under one message (docs/api.md, Rides), before any
        # format check: the form tells the customer to fill in everything first.
        if not hasattr(data, "get"):
            raise serializers.ValidationError({field: [FILL_ALL] for field in RIDE_FIELDS})
        missing = [field for field in RIDE_FIELDS if _blank(data.get(field))]
        if missing:
            raise serializers.ValidationError({field: [FILL_ALL] for field in missing})
        return super().to_internal_value(data)

    def validate_phone(self, value: str) -> str:
        digits = PHONE_SEPARATORS.sub("", value)
        if digits.startswith("+"):
            digits = digits[1:]
        if not PHONE_DIGITS.match(digits):
            raise serializers.ValidationError(INVALID_PHONE)
        return value


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


class RideSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField()
    address = serializers.CharField()
    dropoff_address = serializers.CharField()
    pickup_date = serializers.DateField()
    pickup_time = serializers.CharField()
    item_description = serializers.CharField()
    status = serializers.ChoiceField(choices=RideStatus.choices)
    # UTC ("...Z"), like the rest of the API; clients show Los Angeles time themselves.
    created_at = serializers.DateTimeField(default_timezone=UTC)
    updated_at = serializers.DateTimeField(default_timezone=UTC)


class RideAnswerSerializer(serializers.Serializer):
    message = serializers.CharField()
    ride = RideSerializer()


class RidePageSerializer(serializers.Serializer):
    rides = RideSerializer(many=True)
    pagination = serializers.DictField()


class RideStatusSerializer(serializers.Serializer):
    # Checked against RideStatus by the service, which answers 400 with the known values.
    status = serializers.CharField(
        error_messages={k: "Please choose a ride status." for k in ("required", "blank", "null")}
    )


class PricingSerializer(serializers.Serializer):
    ride_pricing_description = serializers.CharField()


class PricingUpdateSerializer(serializers.Serializer):
    description = serializers.CharField(
        max_length=5000,
        error_messages={
            **{k: DESCRIPTION_REQUIRED for k in ("required", "blank", "null")},
            "max_length": "The pricing description must be at most 5000 characters.",
        },
    )


class PricingAnswerSerializer(serializers.Serializer):
    message = serializers.CharField()
    ride_pricing_description = serializers.CharField()
