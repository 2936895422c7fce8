"""Stock taken by checkouts and given back by cancellations, in the caller's transaction.

Rows are locked products first, then types, each in id order, so two checkouts (or a
checkout and a cancel) never deadlock. Every stock move bumps the product's version in the
same transaction, and the catalog's once it commits (shop/versioning.py).

Every change of a stock figure, here or in an admin's write (shop/services.py), also writes a
StockMove row (the ledger) in the same transaction, under the same row lock, with the balance
computed from the locked row: `manage.py stock_audit` proves the moves add up."""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import BooleanField, Exists, ExpressionWrapper, F, OuterRef, Q

from common.errors import Conflict, InvalidInput
from shop.models import Product, ProductType, StockMove, StockReason
from shop.selectors import ledger_figures
from shop.versioning import catalog_changed

if TYPE_CHECKING:
    from accounts.models import User

CART_ITEMS_GONE = "Some items in your cart are no longer available. Please review your cart."
TYPE_REQUIRED = "Please select a product type"
SHORT = "Only {stock} items available in stock for {label}"
SEVERAL_SHORT = "{count} items are short of stock: {lines}"
# A line that cannot be sold at all; served as shop info's cartLineMessages ({name}: the label).
NOT_FOR_SALE = "{name} is no longer available. Please remove it from your cart."
NO_PRICE = "{name} has no price yet and cannot be ordered."


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
    category_id: str = ""
    # California's excise applies (the category's flag, unless the product is exempt).
    excise: bool = False
    # The struck-through price of a sale, when higher than unit_price; else None.
    compare_at_price: Decimal | None = None


@dataclass(frozen=True)
class Why:
    """Why stock moves, as the ledger records it: the reason, the order, who, a note."""

    reason: StockReason
    order_id: int | None = None
    actor: "User | None" = None
    note: str = ""


Products = dict[int, Product]
Types = dict[int, ProductType]


def ledger_move(
    *, product: Product, product_type: ProductType | None, before: int, after: int, why: Why
) -> StockMove | None:
    """The move of a figure from `before` to `after`, both read and written under the row's
    lock; unsaved (ledger_write). None when the figure did not move."""
    if after == before:
        return None
    return StockMove(
        product_id=product.pk,
        product_type_id=product_type.pk if product_type is not None else None,
        product_name=product.name,
        type_name=product_type.name if product_type is not None else "",
        delta=after - before,
        balance_after=after,
        reason=why.reason,
        order_id=why.order_id,
        actor=why.actor if why.actor is not None and why.actor.pk else None,
        note=why.note,
    )


def ledger_write(moves: Iterable[StockMove | None]) -> None:
    """Store the moves (Nones skipped) in the caller's transaction."""
    rows = [move for move in moves if move is not None]
    if rows:
        StockMove.objects.bulk_create(rows)


def stock_check_types(*, lines: Sequence[StockLine]) -> None:
    """Refuse (400) a line without a type for a product sold in types: its stock is on the
    types, so such a line would sell units the product does not show."""
    untyped = {line.product_id for line in lines if line.type_id is None}
    if untyped and ProductType.objects.filter(product_id__in=untyped).exists():
        raise InvalidInput(TYPE_REQUIRED, errors={"cartItems": [TYPE_REQUIRED]})


def sellable_now() -> Q:
    """A filter on products a checkout would sell one unit of now (`stock_reserve`'s
    rules: `_priced` and the stock check): available and priced with a unit in stock; a
    product with types through one of its types (available, with a unit, priced by itself
    or by its product)."""
    types = ProductType.objects.filter(product=OuterRef("pk"))
    on_sale = types.filter(availability=True, quantity__gt=0)
    priced = Q(price__isnull=False)
    without_types = ~Exists(types) & priced & Q(quantity__gt=0)
    with_types = Exists(on_sale.filter(price__isnull=False)) | (priced & Exists(on_sale))
    return Q(availability=True) & (without_types | with_types)


def sellable_refresh(product_ids: Iterable[int]) -> None:
    """Store `sellable_now()` on the products of `product_ids` (Product.sellable, read by the
    list's inStock=1), in the caller's transaction, after its writes of their stock,
    availability, price or types: one UPDATE, the rule evaluated by the database."""
    Product.objects.filter(pk__in=product_ids).update(sellable=_sellable_now_value())


def _sellable_now_value() -> ExpressionWrapper:
    return ExpressionWrapper(sellable_now(), output_field=BooleanField())


def _label(product: Product, product_type: ProductType | None) -> str:
    return f"{product.name} - {product_type.name}" if product_type else product.name


def _locked(lines: Sequence[StockLine]) -> tuple[Products, Types]:
    product_ids = sorted({line.product_id for line in lines})
    type_ids = sorted({line.type_id for line in lines if line.type_id is not None})
    # The category rides along (its excise flag prices the line) but is not locked.
    locked = Product.objects.select_for_update(of=("self",)).select_related("category")
    products = {p.pk: p for p in locked.filter(pk__in=product_ids).order_by("pk")}
    types = {
        t.pk: t
        for t in ProductType.objects.select_for_update().filter(pk__in=type_ids).order_by("pk")
    }
    return products, types


def stock_reserve(
    *,
    lines: Sequence[StockLine],
    order_id: int | None = None,
    actor: "User | None" = None,
    reason: StockReason = StockReason.SALE,
) -> list[ReservedLine]:
    """Take `lines` (StockLine) out of stock; return ReservedLine copies with prices. The
    ledger records each move with `reason`, the order's number and who placed it.

    Must run inside the caller's transaction.atomic. Raises InvalidInput for unknown items and
    Conflict for unavailable or unpriced items, and for short ones: every short line at once
    (one message each, in the message and in `errors.cartItems`), so the shopper fixes the
    cart in one go. The caller's transaction then rolls back and nothing changes.
    """
    products, types = _locked(lines)
    reserved, short = [], []
    for (product_id, type_id), quantity in _merged(lines, products, types).items():
        product = products[product_id]
        product_type = types.get(type_id) if type_id is not None else None
        line = _priced(product, product_type, quantity)
        stock = product_type.quantity if product_type is not None else product.quantity
        if quantity > stock:
            short.append(SHORT.format(stock=stock, label=_label(product, product_type)))
        else:
            reserved.append(line)
    if short:
        _refuse_short(short)
    _move_stock(
        [(line.product_id, line.type_id, -line.quantity) for line in reserved],
        products,
        types,
        Why(reason=reason, order_id=order_id, actor=actor),
    )
    return reserved


def _merged(
    lines: Sequence[StockLine], products: Products, types: Types
) -> dict[tuple[int, int | None], int]:
    """Units wanted per (product, type), identical lines added up; a InvalidInput when a line
    names a product that is gone, or a type that is gone or another product's."""
    wanted: dict[tuple[int, int | None], int] = defaultdict(int)
    for line in lines:
        product = products.get(line.product_id)
        product_type = types.get(line.type_id) if line.type_id is not None else None
        if product is None or (
            line.type_id is not None
            and (product_type is None or product_type.product_id != product.pk)
        ):
            raise InvalidInput(CART_ITEMS_GONE)
        wanted[(line.product_id, line.type_id)] += line.quantity
    return wanted


def _priced(product: Product, product_type: ProductType | None, quantity: int) -> ReservedLine:
    """The line as sold, at today's price; a Conflict when it cannot be sold at all."""
    label = _label(product, product_type)
    if not product.availability or (product_type is not None and not product_type.availability):
        raise Conflict(NOT_FOR_SALE.format(name=label))
    unit_price = product_type.effective_price if product_type is not None else product.price
    if unit_price is None:
        raise Conflict(NO_PRICE.format(name=label))
    compare_at = (
        product_type.effective_compare_at_price
        if product_type is not None
        else product.compare_at_price
    )
    return ReservedLine(
        product_id=product.pk,
        type_id=product_type.pk if product_type is not None else None,
        product_name=product.name,
        type_name=product_type.name if product_type else "",
        unit_price=unit_price,
        quantity=quantity,
        category_id=product.category_id,
        excise=product.category.excise_tax and not product.excise_exempt,
        compare_at_price=compare_at if compare_at is not None and compare_at > unit_price else None,
    )


def stock_price_lines(*, lines: Sequence[StockLine]) -> list[ReservedLine]:
    """`lines` priced as stock_reserve would sell them now, without locking or taking
    anything (a quote): the same refusals for unknown, unavailable and unpriced items;
    short stock is left to the checkout."""
    product_ids = {line.product_id for line in lines}
    type_ids = {line.type_id for line in lines if line.type_id is not None}
    products = {
        p.pk: p for p in Product.objects.select_related("category").filter(pk__in=product_ids)
    }
    types = {t.pk: t for t in ProductType.objects.filter(pk__in=type_ids)} if type_ids else {}
    priced = []
    for (product_id, type_id), quantity in _merged(lines, products, types).items():
        product_type = types.get(type_id) if type_id is not None else None
        if product_type is not None:
            product_type.product = products[product_id]
        priced.append(_priced(products[product_id], product_type, quantity))
    return priced


def _refuse_short(short: list[str]) -> None:
    message = (
        short[0]
        if len(short) == 1
        else SEVERAL_SHORT.format(count=len(short), lines="; ".join(short))
    )
    raise Conflict(message, errors={"cartItems": short})


def _move_stock(
    moves: list[tuple[int, int | None, int]], products: Products, types: Types, why: Why
) -> None:
    """Apply (product_id, type_id, delta) stock moves to the rows `products` and `types`
    locked, and write their ledger rows. Each product moved, by its own stock or its
    types', then gets one UPDATE: its version bumped and its `sellable` flag from the
    stock just written; then the catalog version moves once, on commit. Moves of rows that
    are gone are skipped."""
    moves = _of_existing(moves, products, types)
    for product_id, type_id, delta in moves:
        if type_id is not None:
            ProductType.objects.filter(pk=type_id).update(quantity=F("quantity") + delta)
        else:
            Product.objects.filter(pk=product_id).update(quantity=F("quantity") + delta)
    moved = sorted({product_id for product_id, _, _ in moves})
    if moved:
        Product.objects.filter(pk__in=moved).update(
            version=F("version") + 1, sellable=_sellable_now_value()
        )
        catalog_changed()
    ledger_write(_ledger_moves(moves, products, types, why))


def _of_existing(
    moves: list[tuple[int, int | None, int]], products: Products, types: Types
) -> list[tuple[int, int | None, int]]:
    """The moves of rows that were there to lock (a cancel skips deleted items)."""
    return [
        (product_id, type_id, delta)
        for product_id, type_id, delta in moves
        if product_id in products and (type_id is None or type_id in types)
    ]


def _ledger_moves(
    moves: list[tuple[int, int | None, int]], products: Products, types: Types, why: Why
) -> list[StockMove | None]:
    """The moves' ledger rows. The balances start from the locked rows' figures, which no
    other transaction can change before this one ends, and follow each move in turn."""
    figures: dict[tuple[int, int | None], int] = {}
    rows = []
    for product_id, type_id, delta in moves:
        product = products[product_id]
        product_type = types[type_id] if type_id is not None else None
        row = product_type if product_type is not None else product
        before = figures.get((product_id, type_id), row.quantity)
        figures[(product_id, type_id)] = before + delta
        rows.append(
            ledger_move(
                product=product,
                product_type=product_type,
                before=before,
                after=before + delta,
                why=why,
            )
        )
    return rows


def stock_release(
    *,
    lines: Sequence[StockLine],
    order_id: int | None = None,
    actor: "User | None" = None,
    reason: StockReason = StockReason.CANCEL,
    note: str = "",
) -> None:
    """Put `lines` (StockLine) back in stock, e.g. when an order is cancelled (`reason`:
    cancel, hold_expired, or order_adjusted with the admin's `note`), recorded in the ledger
    with the order's number. Items deleted
    from the catalog since are skipped. Must run inside the caller's transaction; locks in
    the same order as stock_reserve; a type's product is locked too, as its version moves."""
    products, types = _locked(lines)
    _move_stock(
        [(line.product_id, line.type_id, line.quantity) for line in lines],
        products,
        types,
        Why(reason=reason, order_id=order_id, actor=actor, note=note),
    )


def stock_ledger_correct(*, product_id: int, type_id: int | None, note: str) -> StockMove | None:
    """Make a figure's ledger agree with the figure as it stands (`manage.py stock_audit
    --correct`, once the figure has been counted and set right): one "correction" move of
    the difference, whose balance is the figure. Read and written under the row locks (the
    product's first, as every stock writer takes them). None when they agree already or the
    item is gone."""
    with transaction.atomic():
        product = Product.objects.select_for_update().filter(pk=product_id).first()
        product_type = (
            ProductType.objects.select_for_update()
            .filter(pk=type_id, product_id=product_id)
            .first()
            if type_id is not None
            else None
        )
        if product is None or (type_id is not None and product_type is None):
            return None
        figure = product_type.quantity if product_type is not None else product.quantity
        total, last = ledger_figures(product_id=product_id, type_id=type_id)
        if total == figure and (last == figure or (last is None and figure == 0)):
            return None
        return StockMove.objects.create(
            product_id=product.pk,
            product_type_id=type_id,
            product_name=product.name,
            type_name=product_type.name if product_type is not None else "",
            delta=figure - total,
            balance_after=figure,
            reason=StockReason.CORRECTION,
            note=note,
        )
