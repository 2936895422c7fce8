"""Stock taken by checkouts and given back by cancellations, in the caller's transaction.

Rows are locked products first, then types, each in id order, so two checkouts (or a
checkout and a cancel) never deadlock. Every stock move bumps the product's version and the
catalog's (shop/versioning.py), in the same transaction."""

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F

from common.errors import BadRequest, Conflict
from shop.models import Product, ProductType
from shop.versioning import catalog_changed

CART_ITEMS_GONE = "Some items in your cart are no longer available. Please review your cart."
SHORT = "Only {stock} items available in stock for {label}"
SEVERAL_SHORT = "{count} items are short of stock: {lines}"


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


def _locked(lines):
    product_ids = sorted({line.product_id for line in lines})
    type_ids = sorted({line.type_id for line in lines if line.type_id is not None})
    products = {
        p.pk: p
        for p in Product.objects.select_for_update().filter(pk__in=product_ids).order_by("pk")
    }
    types = {
        t.pk: t
        for t in ProductType.objects.select_for_update().filter(pk__in=type_ids).order_by("pk")
    }
    return products, types


def stock_reserve(*, lines):
    """Take `lines` (StockLine) out of stock; return ReservedLine copies with prices.

    Must run inside the caller's transaction.atomic. Raises BadRequest for unknown items and
    Conflict for unavailable or unpriced items, and for short ones: every short line at once
    (one message each, in the message and in `errors.cartItems`), so the shopper fixes the
    cart in one go. The caller's transaction then rolls back and nothing changes.
    """
    products, types = _locked(lines)
    wanted = defaultdict(int)
    for line in lines:
        product = products.get(line.product_id)
        product_type = types.get(line.type_id) if line.type_id is not None else None
        if product is None or (
            line.type_id is not None
            and (product_type is None or product_type.product_id != product.pk)
        ):
            raise BadRequest(CART_ITEMS_GONE)
        wanted[(line.product_id, line.type_id)] += line.quantity

    reserved, short = [], []
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
            short.append(SHORT.format(stock=stock, label=label))
            continue
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
    if short:
        message = (
            short[0]
            if len(short) == 1
            else SEVERAL_SHORT.format(count=len(short), lines="; ".join(short))
        )
        raise Conflict(message, errors={"cartItems": short})

    _move_stock([(line.product_id, line.type_id, -line.quantity) for line in reserved])
    return reserved


def _move_stock(moves):
    """Apply (product_id, type_id, delta) stock moves. A product's own stock changes in
    the same UPDATE as its version; a product whose types' stock changed gets one version
    bump; then the catalog version moves once."""
    direct = {product_id for product_id, type_id, _ in moves if type_id is None}
    for product_id, type_id, delta in moves:
        if type_id is not None:
            ProductType.objects.filter(pk=type_id).update(quantity=F("quantity") + delta)
        else:
            Product.objects.filter(pk=product_id).update(
                quantity=F("quantity") + delta, version=F("version") + 1
            )
    by_type = {product_id for product_id, type_id, _ in moves if type_id is not None} - direct
    if by_type:
        Product.objects.filter(pk__in=sorted(by_type)).update(version=F("version") + 1)
    if moves:
        catalog_changed()


def stock_release(*, lines):
    """Put `lines` (StockLine) back in stock, e.g. when an order is cancelled. Items deleted
    from the catalog since are skipped. Must run inside the caller's transaction; locks in
    the same order as stock_reserve; a type's product is locked too, as its version moves."""
    _locked(lines)
    _move_stock([(line.product_id, line.type_id, line.quantity) for line in lines])
