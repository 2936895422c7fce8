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

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import models, transaction
from django.db.models import Count, DecimalField, ExpressionWrapper, F, Sum
from django.db.models.functions import TruncDate

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderDayTotal, OrderLine, OrderStatus, ProductDayTotal

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
CENT = Decimal("0.01")


def _day(order: Order) -> date:
    return order.created_at.astimezone(SHOP_TIME_ZONE).date()


def rollup_add(order: Order) -> None:
    """Count `order` as it is now (its row and lines as stored)."""
    _apply(order, 1)


def rollup_remove(order: Order) -> None:
    """Take `order` out as it is now, before a write changes it."""
    _apply(order, -1)


def _apply(order: Order, sign: int) -> None:
    lines = list(OrderLine.objects.filter(order_id=order.pk))
    day = _day(order)
    excise_sales = sum(
        (line.unit_price * line.quantity - line.discount for line in lines if line.excise),
        Decimal("0"),
    )
    figures = {name: getattr(order, name) for name in ORDER_FIGURES if name != "excise_sales"}
    _bump(
        OrderDayTotal,
        {
            "day": day,
            "status": order.status,
            "delivery_option": order.delivery_option,
            "sales_tax_rate": order.sales_tax_rate,
            "tax_place": order.tax_place,
        },
        {
            "orders": sign,
            **{name: sign * Decimal(value) for name, value in figures.items()},
            "excise_sales": sign * excise_sales,
        },
    )
    if order.status == OrderStatus.CANCELLED:
        return  # the goods of a cancelled order are not sales
    sold: dict[tuple[int | None, str], list[Any]] = defaultdict(lambda: [0, Decimal("0")])
    for line in lines:
        tally = sold[(line.product_id, line.product_name)]
        tally[0] += line.quantity
        tally[1] += line.unit_price * line.quantity
    for (product_id, name), (units, revenue) in sold.items():
        _bump(
            ProductDayTotal,
            {"day": day, "product_id": product_id, "product_name": name},
            {"units": sign * units, "revenue": sign * revenue},
        )


def _bump(model: type[models.Model], key: dict[str, Any], deltas: dict[str, Any]) -> None:
    """Add `deltas` to the row of `key` (the first one, if two were made at once), or make it.
    An F() update is atomic under its row lock, so two writers of one day never lose one's
    addition."""
    manager = model._default_manager
    row = manager.filter(**key).order_by("pk").values_list("pk", flat=True).first()
    changes = {name: F(name) + value for name, value in deltas.items()}
    if row is None or not manager.filter(pk=row).update(**changes):
        manager.create(**key, **deltas)


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
    return {tuple(row[name] for name in PRODUCT_KEY): row for row in grouped}


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
    with transaction.atomic():
        OrderDayTotal.objects.all().delete()
        ProductDayTotal.objects.all().delete()
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
    return _differences(
        _stored(OrderDayTotal, ORDER_KEY, order_names), _order_recount(), order_names, "orders"
    ) + _differences(
        _stored(ProductDayTotal, PRODUCT_KEY, product_names),
        _product_recount(),
        product_names,
        "products",
    )
