"""Every write to the catalog. Other apps (orders) call these, never the models."""

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F

from common.errors import BadRequest, Conflict
from shop.models import Product, ProductType

CART_ITEMS_GONE = "Some items in your cart are no longer available. Please review your cart."


@dataclass(frozen=True)
class StockLine:
    product_id: int
    type_id: int | None
    quantity: int


@dataclass(frozen=True)
class ReservedLine:
    product_id: int
    type_id: int | None
    product_name: str
    type_name: str
    unit_price: Decimal
    quantity: int


def _label(product, product_type):
    return f"{product.name} - {product_type.name}" if product_type else product.name


def stock_reserve(*, lines):
    """Take `lines` (StockLine) out of stock; return ReservedLine copies with prices.

    Must run inside the caller's transaction.atomic. Rows are locked products first, then
    types, each in id order, so two checkouts (or a checkout and a cancel) never deadlock.
    Raises BadRequest for unknown items and Conflict for unavailable, unpriced or
    short items; the caller's transaction then rolls back and nothing changes.
    """
    product_ids = sorted({line.product_id for line in lines})
    type_ids = sorted({line.type_id for line in lines if line.type_id is not None})
    products = {p.pk: p for p in Product.objects.select_for_update().filter(pk__in=product_ids).order_by("pk")}
    types = {t.pk: t for t in ProductType.objects.select_for_update().filter(pk__in=type_ids).order_by("pk")}

    wanted = defaultdict(int)
    for line in lines:
        product = products.get(line.product_id)
        product_type = types.get(line.type_id) if line.type_id is not None else None
        if product is None or (line.type_id is not None and (product_type is None or product_type.product_id != product.pk)):
            raise BadRequest(CART_ITEMS_GONE)
        wanted[(line.product_id, line.type_id)] += line.quantity

    reserved = []
    for (product_id, type_id), quantity in wanted.items():
        product = products[product_id]
        product_type = types.get(type_id)
        label = _label(product, product_type)
        if not product.availability or (product_type is not None and not product_type.availability):
            raise Conflict(f"{label} is no longer available. Please remove it from your cart.")
        unit_price = product_type.effective_price if product_type is not None else product.price
        if unit_price is None:
            raise Conflict(f"{label} has no price yet and cannot be ordered.")
        stock = product_type.quantity if product_type is not None else product.quantity
        if quantity > stock:
            raise Conflict(f"Only {stock} items available in stock for {label}")
        reserved.append(
            ReservedLine(
                product_id=product_id,
                type_id=type_id,
                product_name=product.name,
                type_name=product_type.name if product_type else "",
                unit_price=unit_price,
                quantity=quantity,
            )
        )

    for line in reserved:
        if line.type_id is not None:
            ProductType.objects.filter(pk=line.type_id).update(quantity=F("quantity") - line.quantity)
        else:
            Product.objects.filter(pk=line.product_id).update(quantity=F("quantity") - line.quantity)
    return reserved


def stock_release(*, lines):
    """Put `lines` (StockLine) back in stock, e.g. when an order is cancelled. Items deleted
    from the catalog since are skipped. Must run inside the caller's transaction; locks in
    the same order as stock_reserve."""
    product_ids = sorted({line.product_id for line in lines if line.type_id is None})
    type_ids = sorted({line.type_id for line in lines if line.type_id is not None})
    list(Product.objects.select_for_update().filter(pk__in=product_ids).order_by("pk").values_list("pk", flat=True))
    list(ProductType.objects.select_for_update().filter(pk__in=type_ids).order_by("pk").values_list("pk", flat=True))
    for line in lines:
        if line.type_id is not None:
            ProductType.objects.filter(pk=line.type_id).update(quantity=F("quantity") + line.quantity)
        else:
            Product.objects.filter(pk=line.product_id).update(quantity=F("quantity") + line.quantity)
