"""Every read of the catalog. Querysets carry their own select_related/prefetch_related so a
page of products costs the same few queries whatever its size, types or images."""

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import (
    BooleanField,
    Case,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Lower

from common.errors import InvalidInput, NotAllowed, NotFound
from shop.models import Category, Product, ProductImage, ProductType, StockMove
from shop.search import search_ids, suggestions
from storesettings.selectors import low_stock_threshold_sql

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User

PRODUCT_NOT_FOUND = "Product not found"
# Longer than any product name a shopper would type; a longer text is a mistake or a probe,
# and refusing it keeps a trigram search from building a pattern of thousands of characters.
MAX_SEARCH_LENGTH = 200
SEARCH_TOO_LONG = f"Search must be at most {MAX_SEARCH_LENGTH} characters"


def category_list() -> QuerySet[Category]:
    return Category.objects.order_by("position", "id")


def clean_search(search: str | None) -> str:
    """The search text as matched: surrounding spaces dropped; too long is a 400."""
    search = (search or "").strip()
    if len(search) > MAX_SEARCH_LENGTH:
        raise InvalidInput(SEARCH_TOO_LONG, errors={"search": [SEARCH_TOO_LONG]})
    return search


# The list's orders (`sort`): what can be sold now first (`Product.sellable`, the checkout's
# rule: a shopper opens the grid on something to buy), then the order asked, each ending in a
# tie-breaker by id so pages are stable. Products without a price sort last whichever way the
# price goes. Migration 0021's indexes serve each order.
SORTS: dict[str, tuple[Any, ...]] = {
    "newest": ("-sellable", "-created_at", "-id"),
    "price_asc": ("-sellable", F("price").asc(nulls_last=True), "-id"),
    "price_desc": ("-sellable", F("price").desc(nulls_last=True), "-id"),
    "name": ("-sellable", Lower("name"), "-id"),
}
DEFAULT_SORT = "newest"
SORT_INVALID = f"sort must be one of: {', '.join(SORTS)}."
IN_STOCK_VALUES = ("1", "0")
IN_STOCK_INVALID = "inStock must be 1 (only products that can be sold now) or 0."


def clean_sort(sort: str | None) -> str:
    """The `sort` asked for ("" for none: newest first, or relevance for a search)."""
    sort = (sort or "").strip()
    if sort and sort not in SORTS:
        raise InvalidInput(SORT_INVALID, errors={"sort": [SORT_INVALID]})
    return sort


def clean_in_stock(in_stock: str | None) -> bool:
    in_stock = (in_stock or "").strip()
    if in_stock and in_stock not in IN_STOCK_VALUES:
        raise InvalidInput(IN_STOCK_INVALID, errors={"inStock": [IN_STOCK_INVALID]})
    return in_stock == "1"


def product_list(*, category: str = "", sort: str = "") -> QuerySet[Product]:
    """The products of `category` (all when empty) in the order `sort` names (newest first
    when empty), ties by id (stable pages); `product_answers` renders them."""
    products = Product.objects.all()
    if category:
        products = products.filter(category_id=category)
    return products.order_by(*SORTS[sort or DEFAULT_SORT])


def product_search(
    products: QuerySet[Product], search: str, *, sort: str = "", **filters: Any
) -> list[int]:
    """The ids of `products` (product_list's for `sort`, with the list's filters applied:
    `filters` names them and adds nothing) that `search` (as clean_search left it) finds:
    those its names' words find best first, then those whose name or description holds
    the text, newest first (shop/search.py `search_ids` has the rule, the same on both
    databases); or all of them in the order `sort` names when given."""
    return search_ids(products, search, sort=sort)


def product_suggestions(products: QuerySet[Product], search: str) -> list[str]:
    """For a search that found nothing in `products`: the names of up to three of them it
    finds with each word replaced by the catalog's nearest (shop/search.py)."""
    return suggestions(products, search)


class FoundProducts:
    """A search's ids in their order, sliced like a queryset by common/pagination.py
    `page_answer`: a page reads only its own products."""

    def __init__(self, ids: Sequence[int]) -> None:
        self.ids = ids

    def __getitem__(self, page: slice) -> QuerySet[Product]:
        return products_in_order(self.ids[page])

    def none(self) -> QuerySet[Product]:
        return Product.objects.none()


def products_in_order(ids: Sequence[int]) -> QuerySet[Product]:
    """The products of `ids` (a page's worth), in that order."""
    position = Case(
        *(When(pk=pk, then=Value(n)) for n, pk in enumerate(ids)), output_field=IntegerField()
    )
    return Product.objects.filter(pk__in=ids).order_by(position)


def product_get(*, product_id: int) -> Product:
    product = Product.objects.filter(pk=product_id).first()
    if product is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    return product


def product_types(*, product_id: int) -> QuerySet[ProductType]:
    if not Product.objects.filter(pk=product_id).exists():
        raise NotFound(PRODUCT_NOT_FOUND)
    return (
        ProductType.objects.filter(product_id=product_id)
        .select_related("product__category")
        .order_by("id")
    )


def image_path_in_use(path: str) -> bool:
    """Stored names are content hashes, so two products can share one file."""
    return ProductImage.objects.filter(Q(path=path) | Q(thumbnail_path=path)).exists()


def product_sale_rules(*, product_ids: Iterable[int]) -> dict[int, tuple[str, bool, bool]]:
    """{product id: (name, age_restricted, shippable)} from each product's category, read
    fresh on every checkout so an admin's flag change applies to the next order."""
    rows = Product.objects.filter(pk__in=product_ids).values_list(
        "pk", "name", "category__age_restricted", "category__shippable"
    )
    return {pk: (name, restricted, shippable) for pk, name, restricted, shippable in rows}


STOCK_FILTER_INVALID = "stock must be low or out."
STOCK_FILTER_ADMINS_ONLY = "Only admins can filter products by stock."


def clean_stock_filter(stock: str | None, *, user: "User | AnonymousUser") -> str:
    """The `stock` filter as given ("" for none), checked before anything is read: 403 for
    a customer, 400 for an unknown value."""
    stock = (stock or "").strip()
    if stock and not user.is_staff:
        raise NotAllowed(STOCK_FILTER_ADMINS_ONLY)
    if stock and stock not in ("low", "out"):
        raise InvalidInput(STOCK_FILTER_INVALID, errors={"stock": [STOCK_FILTER_INVALID]})
    return stock


def products_in_stock(products: QuerySet[Product], *, in_stock: bool) -> QuerySet[Product]:
    """The list's `inStock=1`: only products a shopper can buy now (shop/stock.py
    `sellable_now`, the checkout's rules, as stored on each product by the services:
    `Product.sellable`); `products` unchanged when not asked."""
    return products.filter(sellable=True) if in_stock else products


def products_by_stock(products: QuerySet[Product], *, stock: str) -> QuerySet[Product]:
    """The admin filter `stock=low|out` of the product list, as clean_stock_filter returned
    it (empty: `products` unchanged).

    A product with types sells through its types (as in `manage.py stock_report`): it is
    sold out when none of its types has a unit left, and low when one of them has
    LOW_STOCK_THRESHOLD units or fewer. A type made unavailable on purpose is not restocked,
    so it never makes its product low. A product without types goes by its own quantity.
    Low never includes sold out."""
    if not stock:
        return products
    types = ProductType.objects.filter(product=OuterRef("pk"))
    has_types = Exists(types)
    has_units = Exists(types.filter(quantity__gt=0))
    sold_out = (~has_types & Q(quantity=0)) | (has_types & ~has_units)
    if stock == "out":
        return products.filter(sold_out)
    # Read by the same query, so the list costs no query more.
    threshold = low_stock_threshold_sql()
    low = (~has_types & Q(quantity__gt=0, quantity__lte=threshold)) | (
        has_units & Exists(types.filter(quantity__lte=threshold, availability=True))
    )
    return products.filter(low)


def low_stock_rows(threshold: int) -> list[list[Any]]:
    """Items a shopper buys by their own stock, at `threshold` units or fewer: products
    without types, and every type (a product with types sells through its types, so its own
    quantity is not listed; nor is a type made unavailable on purpose). Rows of HEADER's
    shape in `manage.py stock_report`, fewest units first; the low-stock digest reads them
    too."""
    products = (
        Product.objects.annotate(type_count=Count("types"))
        .filter(type_count=0, quantity__lte=threshold)
        .select_related("category")
    )
    types = ProductType.objects.filter(quantity__lte=threshold, availability=True).select_related(
        "product__category"
    )
    rows = [[p.pk, p.name, "", "", p.category.name, p.quantity, p.availability] for p in products]
    rows += [
        [
            t.product_id,
            t.product.name,
            t.pk,
            t.name,
            t.product.category.name,
            t.quantity,
            t.availability and t.product.availability,
        ]
        for t in types
    ]
    return sorted(rows, key=lambda row: (row[5], row[1].lower(), row[0], str(row[2])))


# --- The stock ledger --------------------------------------------------------------------


OWN_STOCK = "own"
STOCK_FIGURE_REFUSED = f"type must be a type's id or {OWN_STOCK}."


def stock_figure_of(raw: str | None) -> str | None:
    """The `type` of a ledger query: None (every figure), OWN_STOCK or a type's id."""
    figure = (raw or "").strip() or None
    if figure in (None, OWN_STOCK) or (figure.isdigit() and len(figure) < 19):
        return figure
    raise InvalidInput(STOCK_FIGURE_REFUSED, errors={"type": [STOCK_FIGURE_REFUSED]})


def stock_moves(*, product_id: int, figure: str | None = None) -> QuerySet[StockMove]:
    """A product's stock moves (its own figure's and its types'; `figure`: one type's id, or
    OWN_STOCK for the product's own), newest first, ties by id, with who made each: one query
    a page, whatever its size. NotFound for no product."""
    if not Product.objects.filter(pk=product_id).exists():
        raise NotFound(PRODUCT_NOT_FOUND)
    moves = StockMove.objects.filter(product_id=product_id)
    if figure == OWN_STOCK:
        moves = moves.filter(product_type__isnull=True)
    elif figure is not None:
        moves = moves.filter(product_type_id=int(figure))
    return moves.select_related("actor").order_by("-created_at", "-id")


@dataclass(frozen=True)
class StockMismatch:
    """A stock figure its ledger does not add up to (manage.py stock_audit)."""

    product_id: int
    type_id: int | None
    label: str
    quantity: int
    moves_total: int
    last_balance: int | None


# A figure agrees with its ledger: its moves add up to it and the latest move's balance is it.
# A figure of 0 without a move agrees.
LEDGER_AGREES = Q(moves_total=F("quantity")) & (
    Q(last_balance=F("quantity")) | Q(last_balance__isnull=True, quantity=0)
)


def _ledger_of(rows: QuerySet[Any], moves: QuerySet[StockMove]) -> QuerySet[Any]:
    """`rows` annotated with the sum of their moves' deltas and the latest move's balance
    (`moves` is filtered by OuterRef("pk"))."""
    total = moves.order_by().values("product_id").annotate(total=Sum("delta")).values("total")
    last = moves.order_by("-id").values("balance_after")[:1]
    return rows.annotate(
        moves_total=Coalesce(Subquery(total, output_field=IntegerField()), 0),
        last_balance=Subquery(last, output_field=IntegerField()),
    )


def _with_ledger(rows: QuerySet[Any], moves: QuerySet[StockMove]) -> QuerySet[Any]:
    """`rows` whose figure differs from its ledger (LEDGER_AGREES)."""
    return _ledger_of(rows, moves).exclude(LEDGER_AGREES)


def _own_moves() -> QuerySet[StockMove]:
    return StockMove.objects.filter(product_id=OuterRef("pk"), product_type__isnull=True)


def _type_moves() -> QuerySet[StockMove]:
    return StockMove.objects.filter(product_type_id=OuterRef("pk"))


def product_stock_audit(*, product_id: int) -> list[dict[str, Any]]:
    """stock_audit's verdict on one product's figures (its own, then its types' in id order),
    under the same rule (LEDGER_AGREES): {"typeId" (None: its own), "typeName", "quantity",
    "movesTotal", "lastBalance", "agrees"} each."""
    figures = ("quantity", "moves_total", "last_balance")
    own = Product.objects.filter(pk=product_id)
    types = ProductType.objects.filter(product_id=product_id).order_by("pk")
    rows = [
        (None, "", *found, agrees)
        for *found, agrees in _ledger_of(own, _own_moves())
        .annotate(agrees=ExpressionWrapper(LEDGER_AGREES, output_field=BooleanField()))
        .values_list(*figures, "agrees")
    ]
    rows += list(
        _ledger_of(types, _type_moves())
        .annotate(agrees=ExpressionWrapper(LEDGER_AGREES, output_field=BooleanField()))
        .values_list("pk", "name", *figures, "agrees")
    )
    keys = ("typeId", "typeName", "quantity", "movesTotal", "lastBalance", "agrees")
    return [dict(zip(keys, row, strict=True)) for row in rows]


def ledger_figures(*, product_id: int, type_id: int | None) -> tuple[int, int | None]:
    """-> (the sum of a figure's moves, the latest move's balance or None)."""
    moves = StockMove.objects.filter(product_id=product_id, product_type_id=type_id)
    total = moves.aggregate(total=Sum("delta"))["total"] or 0
    return total, moves.order_by("-id").values_list("balance_after", flat=True).first()


def stock_audit() -> tuple[int, Iterator[StockMismatch]]:
    """-> (how many stock figures there are, the figures whose moves do not add up to them:
    products' own figures, then types', each in id order). Deleted items are not checked:
    their figures are gone, their moves kept."""
    own, of_type = _own_moves(), _type_moves()
    figures = ("quantity", "moves_total", "last_balance")
    products = _with_ledger(Product.objects.order_by("pk"), own).values_list("pk", "name", *figures)
    types = _with_ledger(ProductType.objects.order_by("pk"), of_type).values_list(
        "pk", "name", "product_id", "product__name", *figures
    )
    count = Product.objects.count() + ProductType.objects.count()

    def mismatches() -> Iterator[StockMismatch]:
        for pk, name, *found in products.iterator(chunk_size=1000):
            yield StockMismatch(pk, None, f"product #{pk} {name}", *found)
        for pk, name, product_id, product_name, *found in types.iterator(chunk_size=1000):
            label = f"type #{pk} {product_name} - {name} (product #{product_id})"
            yield StockMismatch(product_id, pk, label, *found)

    return count, mismatches()
