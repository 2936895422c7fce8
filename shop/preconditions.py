"""Stale writes over stock: a write names the product version it was based on (If-Match),
and is refused when the product moved since (a sale, another admin). docs/security.md."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest
from django.utils.http import parse_etags

from common.errors import StaleVersion, VersionRequired
from shop.models import Product, ProductType
from shop.versioning import product_etag

STALE = "This product was changed since you opened it. Reload it to see the current values."
IF_MATCH_REQUIRED = (
    "Changing the stock needs the product's ETag in an If-Match header, so a sale made "
    "meanwhile is not overwritten. Reload the product and try again."
)


def if_match_tags(request: HttpRequest) -> list[str] | None:
    """The ETags of the If-Match header, or None when there is none."""
    header = request.headers.get("If-Match", "").strip()
    if not header:
        return None
    return [tag.removeprefix("W/") for tag in parse_etags(header)] or [header]


def check_if_match(
    product: Product, if_match: Sequence[str] | None, *, changes_stock: bool = False
) -> None:
    """Run under the product's row lock, inside the writer's transaction.

    With If-Match: it must name the product's current version (412 otherwise). Without it:
    a write that would change a stock figure is refused (428); other writes go through."""
    if if_match is None:
        if changes_stock:
            raise VersionRequired(IF_MATCH_REQUIRED)
        return
    if "*" not in if_match and product_etag(product.pk, product.version) not in if_match:
        raise StaleVersion(STALE)


def types_stock_changes(product: Product, types: Sequence[Mapping[str, Any]] | None) -> bool:
    """Whether a full types list (the product form's) changes an existing type's stock."""
    if not types:
        return False
    sent = {
        item["id"]: item["quantity"]
        for item in types
        if item.get("id") is not None and item.get("quantity") is not None
    }
    if not sent:
        return False
    current = dict(
        ProductType.objects.filter(product=product, pk__in=sent).values_list("pk", "quantity")
    )
    return any(current.get(pk, quantity) != quantity for pk, quantity in sent.items())
