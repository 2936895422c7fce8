"""Answer shapes and form parsing for the catalog API (docs/api.md, Catalog)."""

import json
from collections.abc import Mapping
from datetime import UTC
from decimal import Decimal
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.schema import PaginationSerializer
from shop.categories import CATEGORIES
from shop.models import StockReason
from shop.regulatory import of_category, of_type
from shop.regulatory import own as own_attributes
from shop.regulatory_serializers import (
    RegulatoryField,
    RegulatoryOwnSerializer,
    RegulatorySerializer,
)

CATEGORY_IDS = [slug for slug, *_ in CATEGORIES]
# Bounds a typo cannot cross (an extra zero or two) and that keep every order total inside
# its column: 200 lines x 10,000 units x 100,000.00 is checked at checkout (orders.checkout).
MAX_PRICE = Decimal("100000.00")
MAX_QUANTITY = 1_000_000
PRICE_TOO_HIGH = "Price must be at most 100,000.00."
QUANTITY_TOO_HIGH = "Quantity must be at most 1,000,000."
PRICE_MESSAGE = "Price must be a number of 0 or more with at most 2 decimals."
QUANTITY_MESSAGE = "Quantity must be a whole number of 0 or more."
AVAILABILITY_MESSAGE = "Availability must be true or false."
NAME_REQUIRED = "Product name is required."
TYPE_NAME_REQUIRED = "Please enter name for the product type"
CATEGORY_MESSAGE = "Please choose one of the 13 categories: " + ", ".join(CATEGORY_IDS) + "."
EXISTING_IMAGES_MESSAGE = "existingImages must be a JSON list of image URLs."

PRICE_ERRORS: dict[str, Any] = {
    key: PRICE_MESSAGE
    for key in (
        "invalid",
        "max_digits",
        "max_decimal_places",
        "max_whole_digits",
        "min_value",
        "max_string_length",
    )
} | {"max_value": PRICE_TOO_HIGH}
QUANTITY_ERRORS: dict[str, Any] = {
    key: QUANTITY_MESSAGE for key in ("invalid", "min_value", "max_string_length", "null")
} | {"max_value": QUANTITY_TOO_HIGH}
AVAILABILITY_ERRORS: dict[str, Any] = {
    "invalid": AVAILABILITY_MESSAGE,
    "null": AVAILABILITY_MESSAGE,
}


class PriceField(serializers.DecimalField):
    """Empty text means "no price" in JSON as in a form (the React form sends "")."""

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if isinstance(data, str) and not data.strip():
            data = None
        return super().run_validation(data)


class QuantityField(serializers.IntegerField):
    """An empty form field means "not sent": the default on create, unchanged on update."""

    def get_value(self, dictionary: Mapping[str, Any]) -> Any:
        value = super().get_value(dictionary)
        return serializers.empty if isinstance(value, str) and not value.strip() else value


COMPARE_AT_HELP = (
    'The price before a sale, shown struck through beside the price with a "Sale" badge; '
    "more than the price. Empty or null: not on sale."
)


def price_field(**kwargs: Any) -> PriceField:
    return PriceField(**kwargs, **_PRICE_FIELD)


def compare_at_field() -> PriceField:
    return PriceField(source="compare_at_price", **{**_PRICE_FIELD, "help_text": COMPARE_AT_HELP})


_PRICE_FIELD: dict[str, Any] = dict(
    max_digits=10,
    decimal_places=2,
    min_value=0,
    max_value=MAX_PRICE,
    allow_null=True,
    required=False,
    error_messages=PRICE_ERRORS,
    help_text='Empty or null = no price ("Price not set"); at most 100,000.00.',
)


def quantity_field() -> QuantityField:
    return QuantityField(
        min_value=0,
        max_value=MAX_QUANTITY,
        required=False,
        error_messages=QUANTITY_ERRORS,
        help_text="Units in stock, a whole number from 0 to 1,000,000.",
    )


class CategorySerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    colorClass = serializers.CharField(source="color_class")
    description = serializers.CharField()
    ageRestricted = serializers.BooleanField(source="age_restricted")
    shippable = serializers.BooleanField()
    exciseTax = serializers.BooleanField(
        source="excise_tax",
        help_text="California's excise on electronic cigarettes and their liquids applies to "
        "its products (those marked exciseExempt aside).",
    )
    regulatory = serializers.SerializerMethodField(
        help_text="The regulatory defaults of its products (shop/regulatory.py)."
    )

    @extend_schema_field(RegulatorySerializer)
    def get_regulatory(self, category: Any) -> dict[str, Any]:
        return of_category(category)


class CategoryFlagsSerializer(serializers.Serializer):
    """PATCH /api/categories/{id}: either flag, or both."""

    ageRestricted = serializers.BooleanField(
        required=False, error_messages={"invalid": "ageRestricted must be true or false."}
    )
    shippable = serializers.BooleanField(
        required=False, error_messages={"invalid": "shippable must be true or false."}
    )
    exciseTax = serializers.BooleanField(
        required=False, error_messages={"invalid": "exciseTax must be true or false."}
    )
    regulatory = RegulatoryField(
        nullable=False, help_text="The regulatory defaults to change (partial)."
    )


class ProductTypeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    availability = serializers.BooleanField()
    price = serializers.DecimalField(max_digits=10, decimal_places=2, allow_null=True)
    compareAtPrice = serializers.DecimalField(
        source="compare_at_price",
        max_digits=10,
        decimal_places=2,
        allow_null=True,
        help_text="The type's own; null with no price of its own: the product's applies.",
    )
    quantity = serializers.IntegerField()
    regulatory = serializers.SerializerMethodField()
    regulatoryOwn = serializers.SerializerMethodField()

    @extend_schema_field(RegulatorySerializer)
    def get_regulatory(self, product_type: Any) -> dict[str, Any]:
        return of_type(product_type)

    @extend_schema_field(RegulatoryOwnSerializer)
    def get_regulatoryOwn(self, product_type: Any) -> dict[str, Any]:
        return own_attributes(product_type)


# The shape of a product answer, for the OpenAPI schema (a comment, not a docstring: that
# would become the schema's description). The answers themselves, of reads and writes
# alike, are rendered by shop.answers.product_answers, the one place that builds them
# (shop/tests/test_answers.py holds the two equal).
class ProductSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    price = serializers.DecimalField(max_digits=10, decimal_places=2, allow_null=True)
    compareAtPrice = serializers.DecimalField(
        max_digits=10, decimal_places=2, allow_null=True, help_text=COMPARE_AT_HELP
    )
    availability = serializers.BooleanField()
    category = serializers.CharField()
    categoryId = serializers.CharField()
    categoryName = serializers.CharField()
    ageRestricted = serializers.BooleanField()
    shippable = serializers.BooleanField()
    exciseTax = serializers.BooleanField(help_text="The category's excise flag.")
    exciseExempt = serializers.BooleanField(
        help_text="No nicotine (0 mg): the category's excise does not apply."
    )
    regulatory = RegulatorySerializer()
    regulatoryOwn = RegulatoryOwnSerializer()
    images = serializers.ListField(child=serializers.CharField(), read_only=True)
    # Same order as `images`; an image stored without a thumbnail stands in for it.
    thumbnails = serializers.ListField(child=serializers.CharField(), read_only=True)
    imageWidths = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        read_only=True,
        help_text="Each of `images`' real width in px (null: not known).",
    )
    thumbnailWidths = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        read_only=True,
        help_text="Each of `thumbnails`' real width in px (null: not known).",
    )
    quantity = serializers.IntegerField()
    types = ProductTypeSerializer(many=True)
    createdAt = serializers.DateTimeField()
    updatedAt = serializers.DateTimeField()


class ProductPageSerializer(serializers.Serializer):
    products = ProductSerializer(many=True)
    pagination = PaginationSerializer()
    suggestions = serializers.ListField(
        child=serializers.CharField(),
        help_text="When a `search` finds nothing, up to three product names it finds with "
        "each word replaced by the catalog's nearest; else empty.",
    )


class StockMoveSerializer(serializers.Serializer):
    """One move of the stock ledger (docs/api.md, Stock ledger)."""

    id = serializers.IntegerField()
    at = serializers.DateTimeField(source="created_at", default_timezone=UTC)
    productTypeId = serializers.IntegerField(source="product_type_id", allow_null=True)
    productTypeName = serializers.CharField(
        source="type_name",
        help_text="The type's name at the move; empty for the product's own stock.",
    )
    delta = serializers.IntegerField(help_text="Units in (positive) or out (negative).")
    balanceAfter = serializers.IntegerField(source="balance_after")
    reason = serializers.ChoiceField(choices=StockReason.choices)
    reasonLabel = serializers.CharField(source="get_reason_display")
    orderId = serializers.IntegerField(source="order_id", allow_null=True)
    actorEmail = serializers.EmailField(
        source="actor.email",
        allow_null=True,
        default=None,
        help_text="Null: no person (a command, an expired hold), or the account was deleted.",
    )
    note = serializers.CharField()


class StockFigureAuditSerializer(serializers.Serializer):
    """`manage.py stock_audit`'s verdict on one stock figure (docs/api.md, Stock ledger)."""

    typeId = serializers.IntegerField(allow_null=True, help_text="Null: the product's own stock.")
    typeName = serializers.CharField(help_text="Empty for the product's own stock.")
    quantity = serializers.IntegerField(help_text="The figure as it stands.")
    movesTotal = serializers.IntegerField(help_text="The sum of its moves.")
    lastBalance = serializers.IntegerField(
        allow_null=True, help_text="The latest move's balance; null: no move."
    )
    agrees = serializers.BooleanField(
        help_text="Its moves add up to it and the latest balance is it."
    )


class StockMovePageSerializer(serializers.Serializer):
    moves = StockMoveSerializer(many=True)
    pagination = PaginationSerializer()
    audit = StockFigureAuditSerializer(
        many=True,
        help_text="Every figure of the product (its own, then its types'), whatever `type`.",
    )


class JSONListField(serializers.Field):
    """A JSON list of strings sent as one multipart field (or a real list in JSON)."""

    default_error_messages = {"invalid": EXISTING_IMAGES_MESSAGE}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            try:
                data = json.loads(data) if data.strip() else []
            except ValueError:
                self.fail("invalid")
        if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


extend_schema_field(OpenApiTypes.STR)(JSONListField)


class ProductTypeFormSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=120,
        error_messages={
            "required": TYPE_NAME_REQUIRED,
            "blank": TYPE_NAME_REQUIRED,
            "null": TYPE_NAME_REQUIRED,
            "max_length": "Type name must be at most 120 characters.",
        },
    )
    price = price_field()
    compareAtPrice = compare_at_field()
    availability = serializers.BooleanField(
        required=False, default=True, error_messages=AVAILABILITY_ERRORS
    )
    quantity = quantity_field()
    regulatory = RegulatoryField(help_text="The type's own regulatory attributes (partial).")


class ProductTypeItemSerializer(ProductTypeFormSerializer):
    id = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    # No default: an item for an existing type that leaves it out keeps the stored value
    # (a new type starts available: shop.product_types).
    availability = serializers.BooleanField(required=False, error_messages=AVAILABILITY_ERRORS)


TYPES_INVALID = (
    "types must be a JSON list of types, each with a name (and id, price, availability, quantity)."
)


class TypesField(serializers.Field):
    """The product's full list of types as one multipart field (a JSON list), or a real list
    in JSON; each item is checked like a type of its own."""

    default_error_messages = {"invalid": TYPES_INVALID}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            try:
                data = json.loads(data) if data.strip() else []
            except ValueError:
                self.fail("invalid")
        if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
            self.fail("invalid")
        items = []
        for item in data:
            form = ProductTypeItemSerializer(data=item)
            if not form.is_valid():
                # The first problem, in the words a single type's form would use.
                messages = [m for errors in form.errors.values() for m in errors]
                raise serializers.ValidationError(messages[:1] or [TYPES_INVALID])
            item = dict(form.validated_data)
            items.append(item | item.pop("regulatory", {}))
        return items

    def to_representation(self, value: Any) -> Any:
        return value


extend_schema_field(
    {
        "type": "string",
        "description": "JSON list of the product's types: "
        '[{"id"?, "name", "price", "availability", "quantity"}]',
    }
)(TypesField)


class ProductFormSerializer(serializers.Serializer):
    """The product form (multipart) of POST and PUT; on PUT every field is optional."""

    name = serializers.CharField(
        max_length=200,
        error_messages={
            "required": NAME_REQUIRED,
            "blank": NAME_REQUIRED,
            "null": NAME_REQUIRED,
            "max_length": "Product name must be at most 200 characters.",
        },
    )
    description = serializers.CharField(
        max_length=5000,
        required=False,
        allow_blank=True,
        default="",
        error_messages={"max_length": "Description must be at most 5000 characters."},
    )
    price = price_field()
    compareAtPrice = compare_at_field()
    exciseExempt = serializers.BooleanField(
        source="excise_exempt",
        required=False,
        error_messages={"invalid": "exciseExempt must be true or false."},
        help_text="No nicotine (0 mg): exempt from its category's excise.",
    )
    # A missing flag on create means available, not False (DRF's default for HTML forms).
    availability = serializers.BooleanField(
        required=False, default=True, error_messages=AVAILABILITY_ERRORS
    )
    category = serializers.ChoiceField(
        choices=CATEGORY_IDS,
        error_messages={
            "required": CATEGORY_MESSAGE,
            "invalid_choice": CATEGORY_MESSAGE,
            "blank": CATEGORY_MESSAGE,
            "null": CATEGORY_MESSAGE,
        },
    )
    quantity = quantity_field()
    regulatory = RegulatoryField(
        help_text="The product's own regulatory attributes (partial; JSON text in a multipart "
        "form); a key set to null inherits the category's again."
    )
    existingImages = JSONListField(
        required=False,
        help_text="PUT only: JSON list of the image URLs (as in `images`) to keep, in the order "
        "to show them; images not listed are deleted. Absent = keep every image.",
    )
    images = serializers.ListField(
        child=serializers.FileField(allow_empty_file=False),
        required=False,
        help_text="Up to 5 image files in all (kept + new): JPEG, PNG, WebP or GIF, 10 MB each.",
    )
    types = TypesField(
        required=False,
        help_text="Optional JSON list of every type the product should have: items with an "
        "`id` update that type, items without one are created, types left out are deleted; all "
        "in the product's transaction. Absent = the types stay as they are.",
    )


class ImagePathsSerializer(serializers.Serializer):
    imagePaths = serializers.ListField(
        child=serializers.CharField(max_length=1000),
        allow_empty=False,
        error_messages={
            "required": "imagePaths is required.",
            "null": "imagePaths is required.",
            "not_a_list": "imagePaths must be a list of image URLs.",
            "empty": "imagePaths must name at least one image.",
        },
    )
