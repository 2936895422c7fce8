"""The hand-over's request (POST /api/orders/{id}/handover, orders.handover.order_handover):
each field as the form sends it; what an order requires is orders/checks.py's to say."""

from typing import Any

from rest_framework import serializers

from common.errors import InvalidInput
from orders.handover import Handover
from orders.signature import SIGNATURE_MAX_BYTES, SIGNATURE_PREFIX, TOO_BIG, signature_png

BIRTH_YEAR_INVALID = "The birth year must be a year such as 1990."


class HandoverSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=["delivered", "failed"],
        error_messages=dict.fromkeys(
            ("required", "invalid_choice", "null"), "outcome must be delivered or failed."
        ),
    )
    idType = serializers.CharField(max_length=40, required=False, allow_blank=True)
    birthYear = serializers.IntegerField(
        min_value=1900,
        max_value=2100,
        required=False,
        allow_null=True,
        error_messages=dict.fromkeys(
            ("invalid", "max_value", "min_value", "max_string_length"), BIRTH_YEAR_INVALID
        ),
    )
    recipientName = serializers.CharField(max_length=150, required=False, allow_blank=True)
    signature = serializers.CharField(
        # The base64 of the largest image, with room for the prefix: longer is refused unread.
        max_length=len(SIGNATURE_PREFIX) + (SIGNATURE_MAX_BYTES + 2) // 3 * 4,
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        error_messages={"max_length": TOO_BIG},
        help_text="The recipient's signature: a PNG data URL (data:image/png;base64,...), at "
        "most 200 KB, 40 to 2000 pixels each side, not blank.",
    )
    homeAddress = serializers.CharField(
        max_length=500,
        required=False,
        allow_blank=True,
        help_text="The buyer's full home address, when a record rule asks for it (N2O).",
    )
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True)
    cancel = serializers.BooleanField(required=False, default=False)

    def validate_signature(self, value: str) -> bytes | None:
        if not value:
            return None
        try:
            return signature_png(value)
        except InvalidInput as refused:
            raise serializers.ValidationError(refused.message)

    def to_handover(self) -> Handover:
        values: dict[str, Any] = self.validated_data
        return Handover(
            outcome=values["outcome"],
            id_type=values.get("idType", ""),
            birth_year=values.get("birthYear"),
            recipient_name=values.get("recipientName", ""),
            signature=values.get("signature"),
            home_address=values.get("homeAddress", ""),
            reason=values.get("reason", ""),
            cancel=values.get("cancel", False),
        )


class HandoverRecordSerializer(serializers.Serializer):
    """What was seen and recorded at a hand-over, in a staff answer (OrderSerializer.handover)."""

    idType = serializers.CharField(help_text='"" when not asked.')
    birthYear = serializers.IntegerField(allow_null=True)
    recipientName = serializers.CharField()
    homeAddress = serializers.CharField()
