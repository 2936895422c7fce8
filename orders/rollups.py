"""Per-day totals of the orders (OrderDayTotal) and of the goods they sold (ProductDayTotal),
so that the order list's counts and the sales and taxes reports read a few thousand rows
instead of every order and line (docs/performance.md, "A shop with two years of orders").

They are kept in the transaction of every write that changes an order's status or figures:
the checkout adds the new order (orders/checkout.py); a status change
(orders.services._leave_pending: complete, cancel, hold expiry, hand-over, a closed account)
and an adjustment (orders.services.order_line_adjust) take the order out as it was and put
it back as it is. A write that goes around the services (a data fix in SQL) leaves them
behind: `manage.py check_rollups` compares them with a full recount to the cent, and
`manage.py rebuild_rollups` recounts them (docs/deploy.md, "Rollups").

Days are Los Angeles days of `created_at`, as the reports' and the list's date filters.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, cast

from django.db import models, transaction
from django.db.models import Case, Count, DecimalField, ExpressionWrapper, F, Q, Sum, Value, When
from django.db.models.functions import TruncDate

from common.shoptime import SHOP_TIME_ZONE
from orders.models import (
    Order,
    OrderDayTotal,
    OrderLine,
    OrderStatus,
    ProductDayTotal,
    ProductMonthTotal,
)

ORDER_KEY = ("day", "status", "delivery_option", "sales_tax_rate", "tax_place")
ORDER_FIGURES = (
    "subtotal",
    "discount",
    "delivery_fee",
    "excise_tax",
    "sales_tax",
    "total",
    "excise_sales",
)
PRODUCT_KEY = ("day", "product_id", "product_name")
MONTH_KEY = ("month", "product_id", "product_name")
CENT = Decimal("0.01")


def _day(order: Order) -> date:
    return order.created_at.astimezone(SHOP_TIME_ZONE).date()


Entries = dict[tuple[Any, ...], dict[str, Any]]


@dataclass(frozen=True)
class RollupState:
    """What an order adds to the rollups as it is (read, nothing written): its day total's
    entry and its goods' entries (none when cancelled)."""

    orders: Entries
    products: Entries


def rollup_state(order: Order, sign: int = 1) -> RollupState:
    """`order` as it stands now (its row and lines as stored): one query, its lines."""
    lines = list(OrderLine.objects.filter(order_id=order.pk))
    day = _day(order)
    excise_sales = sum(
        (line.unit_price * line.quantity - line.discount for line in lines if line.excise),
        Decimal("0"),
    )
    key = (day, order.status, order.delivery_option, order.sales_tax_rate, order.tax_place)
    figures = {
        name: sign * Decimal(getattr(order, name))
        for name in ORDER_FIGURES
        if name != "excise_sales"
    }
    entry = {"orders": sign, **figures, "excise_sales": sign * excise_sales}
    sold: Entries = {}
    if order.status != OrderStatus.CANCELLED:  # the goods of a cancelled order are not sales
        for line in lines:
            tally = sold.setdefault(
                (day, line.product_id, line.product_name), {"units": 0, "revenue": Decimal("0")}
            )
            tally["units"] += sign * line.quantity
            tally["revenue"] += sign * line.unit_price * line.quantity
    return RollupState(orders={key: entry}, products=sold)


def rollup_add(order: Order) -> None:
    """Count the new `order`: the last write of its checkout (see rollup_replace)."""
    _write(rollup_state(order))


def rollup_replace(before: RollupState, order: Order) -> None:
    """Take `before` (rollup_state read before the change) out and put `order` in as it is
    now. Called last in the change's transaction, after its stock moves: every writer then
    takes the stock rows' locks before the rollups', in one order, so a checkout and a
    cancel of the same goods at once wait for each other instead of deadlocking."""
    after = rollup_state(order)
    _write(
        RollupState(
            orders=_added(after.orders, before.orders, -1),
            products=_added(after.products, before.products, -1),
        )
    )


def _added(into: Entries, other: Entries, sign: int) -> Entries:
    merged = {key: dict(figures) for key, figures in into.items()}
    for key, figures in other.items():
        tally = merged.setdefault(key, dict.fromkeys(figures, 0))
        for name, value in figures.items():
            tally[name] += sign * value
    return merged


def _write(state: RollupState) -> None:
    """A fixed number of queries whatever the lines: per table one read locking the rows
    to move (in id order), one UPDATE of them all and one INSERT of the keys new to it."""
    _bump(OrderDayTotal, ORDER_KEY, state.orders)
    _bump(ProductDayTotal, PRODUCT_KEY, state.products)
    _bump(ProductMonthTotal, MONTH_KEY, _by_month(state.products))


def _by_month(days: dict[tuple[Any, ...], dict[str, Any]]) -> dict[tuple[Any, ...], dict]:
    """Product totals keyed by day, added up by the month of each day."""
    months: dict[tuple[Any, ...], dict[str, Any]] = {}
    for (day, product_id, name), figures in days.items():
        tally = months.setdefault(
            (day.replace(day=1), product_id, name), {"units": 0, "revenue": Decimal("0")}
        )
        tally["units"] += figures["units"]
        tally["revenue"] += figures["revenue"] or 0
    return months


def _bump(
    model: type[models.Model], names: tuple[str, ...], entries: dict[tuple[Any, ...], dict]
) -> None:
    """Add each entry's figures to the row of its key (the first one, if two were made at
    once: readers sum them all), or make that row. The F() update is atomic under its row
    lock, so two writers of one day never lose one's addition."""
    if not entries:
        return
    manager = model._default_manager
    match = Q()
    for key in entries:
        match |= Q(**dict(zip(names, key, strict=True)))
    found: dict[tuple[Any, ...], int] = {}
    for row in manager.filter(match).select_for_update().order_by("pk").values("pk", *names):
        found.setdefault(tuple(row[name] for name in names), row["pk"])
    fields = next(iter(entries.values())).keys()
    if found:
        manager.filter(pk__in=found.values()).update(
            **{
                field: F(field)
                + Case(
                    *[When(pk=pk, then=Value(entries[key][field])) for key, pk in found.items()],
                    output_field=cast(models.Field, model._meta.get_field(field)),
                )
                for field in fields
            }
        )
    manager.bulk_create(
        model(**dict(zip(names, key, strict=True)), **figures)
        for key, figures in entries.items()
        if key not in found
    )


# --- The recount: what `rebuild_rollups` stores and `check_rollups` compares ---------------

_MONEY = DecimalField(max_digits=14, decimal_places=2)


def _order_recount() -> dict[tuple[Any, ...], dict[str, Any]]:
    """Every order added up per key (two grouped queries: orders, then their excise lines)."""
    totals: dict[tuple[Any, ...], dict[str, Any]] = {}
    grouped = (
        Order.objects.order_by()
        .annotate(day=TruncDate("created_at", tzinfo=SHOP_TIME_ZONE))
        .values(*ORDER_KEY)
        .annotate(
            orders=Count("id"),
            **{name: Sum(name) for name in ORDER_FIGURES if name != "excise_sales"},
        )
    )
    for row in grouped:
        key = tuple(row[name] for name in ORDER_KEY)
        totals[key] = {**row, "excise_sales": Decimal("0")}
    excise = (
        OrderLine.objects.filter(excise=True)
        .order_by()
        .annotate(
            day=TruncDate("order__created_at", tzinfo=SHOP_TIME_ZONE),
            status=F("order__status"),
            delivery_option=F("order__delivery_option"),
            sales_tax_rate=F("order__sales_tax_rate"),
            tax_place=F("order__tax_place"),
        )
        .values(*ORDER_KEY)
        .annotate(
            sales=Sum(ExpressionWrapper(F("unit_price") * F("quantity") - F("discount"), _MONEY))
        )
    )
    for row in excise:
        totals[tuple(row[name] for name in ORDER_KEY)]["excise_sales"] = row["sales"]
    return totals


def _product_recount() -> dict[tuple[Any, ...], dict[str, Any]]:
    """The lines of orders that are not cancelled, per day, product and name (one query)."""
    grouped = (
        OrderLine.objects.exclude(order__status=OrderStatus.CANCELLED)
        .order_by()
        .annotate(day=TruncDate("order__created_at", tzinfo=SHOP_TIME_ZONE))
        .values("day", "product_id", "product_name")
        .annotate(
            units=Sum("quantity"),
            revenue=Sum(ExpressionWrapper(F("unit_price") * F("quantity"), _MONEY)),
        )
    )
    return {tuple(row[name] for name in PRODUCT_KEY): dict(row) for row in grouped}  # type: ignore[literal-required]


def _stored(
    model: type[models.Model], key: Iterable[str], figures: Iterable[str]
) -> dict[tuple[Any, ...], dict[str, Any]]:
    names = list(key)
    rows = (
        model._default_manager.order_by()
        .values(*names)
        .annotate(**{name: Sum(name) for name in figures})
    )
    return {tuple(row[name] for name in names): row for row in rows}


def rollups_rebuild() -> tuple[int, int]:
    """Recount every rollup from the orders, in one transaction (safe to run again; run it
    when no order is being placed, as a write during the recount may be counted twice or
    not at all: check_rollups says so). Returns the rows stored (orders, products)."""
    orders, products = _order_recount(), _product_recount()
    months = _by_month(products)
    with transaction.atomic():
        OrderDayTotal.objects.all().delete()
        ProductDayTotal.objects.all().delete()
        ProductMonthTotal.objects.all().delete()
        ProductMonthTotal.objects.bulk_create(
            (
                ProductMonthTotal(**dict(zip(MONTH_KEY, key, strict=True)), **figures)
                for key, figures in months.items()
            ),
            batch_size=2000,
        )
        OrderDayTotal.objects.bulk_create(
            (OrderDayTotal(**row) for row in orders.values()), batch_size=2000
        )
        ProductDayTotal.objects.bulk_create(
            (ProductDayTotal(**row) for row in products.values()), batch_size=2000
        )
    return len(orders), len(products)


def _same(stored: dict[str, Any] | None, counted: dict[str, Any] | None, names: list[str]) -> bool:
    for name in names:
        mine = Decimal((stored or {}).get(name) or 0).quantize(CENT)
        theirs = Decimal((counted or {}).get(name) or 0).quantize(CENT)
        if mine != theirs:
            return False
    return True


def _differences(
    stored: dict[tuple[Any, ...], dict[str, Any]],
    counted: dict[tuple[Any, ...], dict[str, Any]],
    names: list[str],
    label: str,
) -> list[str]:
    return [
        f"{label} {key}: stored {_figures(stored.get(key), names)}, "
        f"counted {_figures(counted.get(key), names)}"
        for key in sorted(set(stored) | set(counted), key=str)
        if not _same(stored.get(key), counted.get(key), names)
    ]


def _figures(row: dict[str, Any] | None, names: list[str]) -> str:
    return ", ".join(f"{name}={(row or {}).get(name) or 0}" for name in names)


def rollups_differences() -> list[str]:
    """Where the rollups and a full recount of the orders disagree (to the cent); empty
    when they agree. A key whose stored rows add up to zero equals a key with no orders."""
    order_names = ["orders", *ORDER_FIGURES]
    product_names = ["units", "revenue"]
    products = _product_recount()
    return (
        _differences(
            _stored(OrderDayTotal, ORDER_KEY, order_names), _order_recount(), order_names, "orders"
        )
        + _differences(
            _stored(ProductDayTotal, PRODUCT_KEY, product_names),
            products,
            product_names,
            "products",
        )
        + _differences(
            _stored(ProductMonthTotal, MONTH_KEY, product_names),
            _by_month(products),
            product_names,
            "product months",
        )
    )
