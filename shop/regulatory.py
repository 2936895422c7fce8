"""A product's regulatory attributes (docs/api.md, Compliance): what the compliance rules
(compliance/selectors.py `sale_check`) read of a line. Each category holds the defaults;
a product and a type may each set their own (null = inherit). The value in force is the
type's own, else the product's own, else the category's: `effective` is that rule, and
`line_attributes` reads it for a cart in two queries whatever its size.

Meanings (the rules name them; their sources are the rules' notes):
- nicotineMg: nicotine per unit or per mL as labelled; above 0 = a nicotine product.
- flavoured: a characterising flavour other than tobacco (SB 793 covers vapes and
  e-liquids whether or not they hold nicotine).
- utlEntry: the brand and style as listed on the Attorney General's Unflavored Tobacco
  List; empty = not listed.
- kratom (kratom or 7-OH), n2o (nitrous oxide), inhalable (a hemp product to inhale),
  thcDetectable (hemp with detectable THC per serving), alcohol."""

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.db import models

from shop.models import Category, Product, ProductType

# API name -> model field, the same on Category, Product and ProductType.
ATTRIBUTES = {
    "nicotineMg": "nicotine_mg",
    "flavoured": "flavoured",
    "utlEntry": "utl_entry",
    "kratom": "kratom",
    "n2o": "n2o",
    "inhalable": "inhalable",
    "thcDetectable": "thc_detectable",
    "alcohol": "alcohol",
}
FIELDS = tuple(ATTRIBUTES.values())
API_NAMES = {field: name for name, field in ATTRIBUTES.items()}

Line = tuple[int, int | None]


def json_value(value: Any) -> Any:
    return float(value) if isinstance(value, Decimal) else value


def own(row: Mapping[str, Any] | models.Model) -> dict[str, Any]:
    """The attributes a product or type sets itself (None = inherited), keys as the API's."""
    get = row.get if isinstance(row, Mapping) else lambda f: getattr(row, f)
    return {name: json_value(get(field)) for name, field in ATTRIBUTES.items()}


def effective(*layers: Mapping[str, Any]) -> dict[str, Any]:
    """The values in force, keys as the API's: each attribute from the first of `layers`
    (API-keyed dicts, the type's own first, the category's last) that sets it."""
    answer: dict[str, Any] = {}
    for name in ATTRIBUTES:
        answer[name] = next((layer[name] for layer in layers if layer[name] is not None), None)
    return answer


def of_category(category: Category) -> dict[str, Any]:
    return own(category)


def of_product(product: Product) -> dict[str, Any]:
    return effective(own(product), own(product.category))


def of_type(product_type: ProductType) -> dict[str, Any]:
    product = product_type.product
    return effective(own(product_type), own(product), own(product.category))


def from_api(values: Mapping[str, Any]) -> dict[str, Any]:
    """An API-keyed `regulatory` (validated) -> model field values."""
    return {ATTRIBUTES[name]: value for name, value in values.items()}


def line_attributes(lines: Iterable[Line]) -> dict[Line, tuple[str, str, dict[str, Any]]]:
    """{(product id, type id or None): (label "Product - Type", category id, effective
    attributes)} for the lines whose product (and type of that product) exist; two queries."""
    lines = list(lines)
    product_ids = {pid for pid, _ in lines}
    type_ids = {tid for _, tid in lines if tid is not None}
    category_columns = [f"category__{field}" for field in FIELDS]
    products = {
        row["id"]: row
        for row in Product.objects.filter(pk__in=product_ids).values(
            "id", "name", "category_id", *FIELDS, *category_columns
        )
    }
    types = (
        {
            row["id"]: row
            for row in ProductType.objects.filter(pk__in=type_ids).values(
                "id", "name", "product_id", *FIELDS
            )
        }
        if type_ids
        else {}
    )
    found: dict[Line, tuple[str, str, dict[str, Any]]] = {}
    for pid, tid in lines:
        product = products.get(pid)
        if product is not None:
            found[(pid, tid)] = _line(product, types.get(tid) if tid is not None else None)
    return found


def _line(product: dict[str, Any], kind: dict[str, Any] | None) -> tuple[str, str, dict[str, Any]]:
    """(label, category id, attributes in force) of a product's row and, if it is the
    product's, a type's row."""
    category = {name: json_value(product[f"category__{f}"]) for name, f in ATTRIBUTES.items()}
    layers = [own(product), category]
    label = product["name"]
    if kind is not None and kind["product_id"] == product["id"]:
        layers.insert(0, own(kind))
        label = f"{label} - {kind['name']}"
    return label, product["category_id"], effective(*layers)


def product_lines(product_ids: Iterable[int]) -> list[Line]:
    """Each product as such, then each of its types, as cart lines."""
    ids = list(product_ids)
    typed: dict[int, list[int]] = {pid: [] for pid in ids}
    for pid, tid in (
        ProductType.objects.filter(product_id__in=ids)
        .order_by("id")
        .values_list("product_id", "id")
    ):
        typed[pid].append(tid)
    return [line for pid in ids for line in [(pid, None), *((pid, tid) for tid in typed[pid])]]
