"""The `regulatory` of the catalog's answers and forms (docs/api.md, Compliance): the
answers' shape for the OpenAPI schema, and the field the product, type and category
writes take (an object, or its JSON text in a multipart form)."""

import json
from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from shop.regulatory import ATTRIBUTES, from_api

REGULATORY_INVALID = "regulatory must be an object of attributes: " + ", ".join(ATTRIBUTES) + "."
NICOTINE_MESSAGE = (
    "regulatory.nicotineMg must be a number of 0 or more (mg) with at most 2 decimals."
)
NO_NULL = "regulatory.{name} cannot be empty for a category: it is the default of its products."


def _answer_fields(*, own: bool) -> dict[str, serializers.Field]:
    null: dict[str, Any] = {"allow_null": True} if own else {}
    return {
        "nicotineMg": serializers.FloatField(**null, help_text="Nicotine in mg; 0 = none."),
        "flavoured": serializers.BooleanField(**null),
        "utlEntry": serializers.CharField(
            **null, help_text="Unflavored Tobacco List entry (brand and style); empty = none."
        ),
        "kratom": serializers.BooleanField(**null),
        "n2o": serializers.BooleanField(**null),
        "inhalable": serializers.BooleanField(**null),
        "thcDetectable": serializers.BooleanField(**null),
        "alcohol": serializers.BooleanField(**null),
    }


RegulatorySerializer = type(
    "RegulatorySerializer", (serializers.Serializer,), _answer_fields(own=False)
)
RegulatorySerializer.__doc__ = (
    "The attributes in force: the type's own, else the product's own, else the category's."
)
RegulatoryOwnSerializer = type(
    "RegulatoryOwnSerializer", (serializers.Serializer,), _answer_fields(own=True)
)
RegulatoryOwnSerializer.__doc__ = "The item's own attributes; null = inherited."


def _input_fields(*, nullable: bool) -> dict[str, serializers.Field]:
    def flag(name: str) -> serializers.Field:
        message = f"regulatory.{name} must be true or false" + (" or null." if nullable else ".")
        return serializers.BooleanField(
            required=False,
            allow_null=nullable,
            error_messages={"invalid": message, "null": NO_NULL.format(name=name)},
        )

    fields: dict[str, serializers.Field] = {
        name: flag(name) for name in ATTRIBUTES if name not in ("nicotineMg", "utlEntry")
    }
    fields["nicotineMg"] = serializers.DecimalField(
        max_digits=6,
        decimal_places=2,
        min_value=Decimal(0),
        required=False,
        allow_null=nullable,
        error_messages={
            **{
                key: NICOTINE_MESSAGE
                for key in ("invalid", "max_digits", "max_decimal_places", "min_value")
            },
            "max_whole_digits": NICOTINE_MESSAGE,
            "null": NO_NULL.format(name="nicotineMg"),
        },
    )
    fields["utlEntry"] = serializers.CharField(
        required=False,
        allow_null=nullable,
        allow_blank=True,
        max_length=200,
        error_messages={
            "invalid": "regulatory.utlEntry must be text.",
            "max_length": "regulatory.utlEntry must be at most 200 characters.",
            "null": NO_NULL.format(name="utlEntry"),
        },
    )
    return fields


_FORMS = {
    nullable: type("RegulatoryForm", (serializers.Serializer,), _input_fields(nullable=nullable))
    for nullable in (True, False)
}


class RegulatoryField(serializers.Field):
    """A partial `regulatory` (keys as the API's; for a product or type, null = inherit
    again) -> the model fields it sets. An object, or its JSON text (multipart)."""

    default_error_messages = {"invalid": REGULATORY_INVALID}

    def __init__(self, *, nullable: bool = True, **kwargs: Any) -> None:
        self.nullable = nullable
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if isinstance(data, str):
            try:
                data = json.loads(data) if data.strip() else {}
            except ValueError:
                self.fail("invalid")
        if not isinstance(data, dict):
            self.fail("invalid")
        unknown = sorted(set(data) - set(ATTRIBUTES))
        if unknown:
            raise serializers.ValidationError(
                f"Unknown regulatory attribute: {unknown[0]}. {REGULATORY_INVALID}"
            )
        form = _FORMS[self.nullable](data=data)
        if not form.is_valid():
            raise serializers.ValidationError(
                [m for errors in form.errors.values() for m in errors][:1]
            )
        return from_api(form.validated_data)

    def to_representation(self, value: Any) -> Any:
        return value


extend_schema_field(
    {
        "type": "object",
        "description": "Partial regulatory attributes (docs/api.md, Compliance): "
        + ", ".join(ATTRIBUTES)
        + "; a key set to null inherits again (products and types). In a multipart form, "
        "the object's JSON text.",
    }
)(RegulatoryField)
