"""The one rendering of a product, for the cached reads (shop/readcache.py) and the writes'
answers alike, built from three value queries whatever the page size, without a model
instance or a serializer field per value. shop.serializers.ProductSerializer declares the
same shape for the OpenAPI schema (shop/tests/test_answers.py holds them equal). A category
field shown in product answers is one more entry in CATEGORY_FIELDS."""

from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from common.errors import NotFound
from common.images import url_for
from shop.models import Product, ProductImage, ProductType
from shop.regulatory import ATTRIBUTES, FIELDS, effective, json_value, own
from shop.selectors import PRODUCT_NOT_FOUND

CATEGORY_FIELDS = {
    "categoryName": "category__name",
    "ageRestricted": "category__age_restricted",
    "shippable": "category__shippable",
    "exciseTax": "category__excise_tax",
}


# The category's regulatory defaults, read with the product (shop/regulatory.py).
REGULATORY_DEFAULTS = {f"category__{field}": name for name, field in ATTRIBUTES.items()}


def _money(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


def _timestamp(value: datetime) -> str:
    text = value.astimezone(UTC).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _picture_fields(pictures: Iterable[list[Any]]) -> dict[str, list[Any]]:
    """A product's pictures ([path, thumbnail path, width, thumbnail width] each, in order)
    as its answer's fields; an image stored without a thumbnail stands in for it."""
    pictures = list(pictures)
    return {
        "images": [url_for(path) for path, *_ in pictures],
        "thumbnails": [url_for(thumb or path) for path, thumb, *_ in pictures],
        "imageWidths": [width for _, _, width, _ in pictures],
        "thumbnailWidths": [thumb_w if thumb else width for _, thumb, width, thumb_w in pictures],
    }


def product_answers(
    queryset: QuerySet[Product], *, versions: dict[int, int] | None = None
) -> list[dict[str, Any]]:
    """Answers (dicts) for the products of `queryset`, in its order; `versions`, a dict,
    receives each product's version (read in the same query)."""
    columns = [
        "id",
        "name",
        "description",
        "price",
        "compare_at_price",
        "excise_exempt",
        "availability",
        "category_id",
        "quantity",
        "created_at",
        "updated_at",
        "version",
        *CATEGORY_FIELDS.values(),
        *FIELDS,
        *REGULATORY_DEFAULTS,
    ]
    rows = list(queryset.values(*columns))
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    types, images = defaultdict(list), defaultdict(list)
    for row in (
        ProductType.objects.filter(product_id__in=ids)
        .order_by("id")
        .values(
            "product_id",
            "id",
            "name",
            "availability",
            "price",
            "compare_at_price",
            "quantity",
            *FIELDS,
        )
    ):
        types[row["product_id"]].append(
            {
                "id": row["id"],
                "name": row["name"],
                "availability": row["availability"],
                "price": _money(row["price"]),
                "compareAtPrice": _money(row["compare_at_price"]),
                "quantity": row["quantity"],
                "regulatory": None,  # the product's layers are added below
                "regulatoryOwn": own(row),
            }
        )
    for product_id, *picture in (
        ProductImage.objects.filter(product_id__in=ids)
        .order_by("position", "id")
        .values_list("product_id", "path", "thumbnail_path", "width", "thumbnail_width")
    ):
        images[product_id].append(picture)
    answers = []
    for row in rows:
        pid, category = row["id"], row["category_id"]
        if versions is not None:
            versions[pid] = row["version"]
        pictures = images.get(pid, ())
        answer = {
            "id": pid,
            "name": row["name"],
            "description": row["description"],
            "price": _money(row["price"]),
            "compareAtPrice": _money(row["compare_at_price"]),
            "availability": row["availability"],
            "category": category,
            "categoryId": category,
        }
        for key, column in CATEGORY_FIELDS.items():
            answer[key] = row[column]
        answer["exciseExempt"] = row["excise_exempt"]
        answer.update(_regulatory(row, types.get(pid, [])))
        answer.update(_picture_fields(pictures))
        answer["quantity"] = row["quantity"]
        answer["types"] = types.get(pid, [])
        answer["createdAt"] = _timestamp(row["created_at"])
        answer["updatedAt"] = _timestamp(row["updated_at"])
        answers.append(answer)
    return answers


def _regulatory(row: dict[str, Any], types: list[dict[str, Any]]) -> dict[str, Any]:
    """A product's `regulatory` and `regulatoryOwn` from its row (its own and its category's
    columns); each of its `types` answers gets its `regulatory` in force."""
    defaults = {name: json_value(row[column]) for column, name in REGULATORY_DEFAULTS.items()}
    mine = own(row)
    for kind in types:
        kind["regulatory"] = effective(kind["regulatoryOwn"], mine, defaults)
    return {"regulatory": effective(mine, defaults), "regulatoryOwn": mine}


def product_answer(*, product_id: int) -> tuple[dict[str, Any], int]:
    """-> (one product's answer, its version); NotFound when there is none."""
    versions: dict[int, int] = {}
    rows = product_answers(Product.objects.filter(pk=product_id), versions=versions)
    if not rows:
        raise NotFound(PRODUCT_NOT_FOUND)
    return rows[0], versions[product_id]
