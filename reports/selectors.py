"""The sales and taxes reports: a handful of grouped queries over the day totals of one
date range (orders/rollups.py: a few rows a day, kept as orders change), the same number of
queries and about the same time whatever the range or the number of orders (see
docs/performance.md).

Revenue is what orders that are not cancelled brought the shop: goods less discounts, plus
delivery fees (their total less the sales and excise taxes collected for the state, which
the tax report counts); orders per
day, per category, per product and per delivery option count those orders too. byStatus
counts every order, cancelled ones included. Category and product revenue are goods only
(unit price x quantity, as sold). Days are Los Angeles days.
"""

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import (
    Case,
    CharField,
    F,
    Max,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.http import QueryDict

from common.errors import InvalidInput
from common.querydates import query_date_range
from common.shoptime import shop_today
from orders.models import OrderDayTotal, OrderStatus, ProductDayTotal, ProductMonthTotal
from orders.pricing import DeliveryOption
from shop.models import Product

DEFAULT_DAYS = 30
MAX_DAYS = 3660
TOP_PRODUCTS = 10
ZERO = Decimal("0.00")
# Lines whose product was deleted since: sold, but no longer in any category.
DELETED_PRODUCTS = "Deleted products"


@dataclass(frozen=True)
class ReportRange:
    date_from: date
    date_to: date

    @property
    def days(self) -> int:
        return (self.date_to - self.date_from).days + 1


@dataclass
class Tally:
    """Orders and their revenue, added up."""

    orders: int = 0
    revenue: Decimal = ZERO
    discounts: Decimal = ZERO

    def add(self, orders: int, revenue: Decimal | None, discounts: Decimal | None) -> None:
        self.orders += orders
        self.revenue += revenue or ZERO
        self.discounts += discounts or ZERO


def report_range(params: QueryDict | dict[str, str]) -> ReportRange:
    """`from`/`to` (Los Angeles dates, inclusive); default the last 30 days up to today."""
    date_from, date_to = query_date_range(params)
    date_to = date_to or (
        date_from + timedelta(days=DEFAULT_DAYS - 1) if date_from else shop_today()
    )
    date_from = date_from or date_to - timedelta(days=DEFAULT_DAYS - 1)
    if (date_to - date_from).days + 1 > MAX_DAYS:
        message = f"A report covers at most {MAX_DAYS} days."
        raise InvalidInput(message, errors={"to": [message]})
    return ReportRange(date_from, date_to)


def _money(value: Decimal | None) -> Decimal:
    return (value or ZERO).quantize(Decimal("0.01"))


def sales_report(period: ReportRange) -> dict[str, Any]:
    """Three queries: orders grouped by day, status and option; lines of live orders grouped
    by product; and the categories of those products."""
    by_status, by_option, per_day = _order_tallies(period)
    count = sum(tally.orders for tally in by_option.values())
    revenue = _money(sum((tally.revenue for tally in by_option.values()), ZERO))
    per_product = _product_sales(period)
    return {
        "from": period.date_from,
        "to": period.date_to,
        "totals": {
            "orders": count,
            "revenue": revenue,
            "averageOrder": _money(revenue / count) if count else ZERO,
            "discounts": _money(sum((tally.discounts for tally in by_option.values()), ZERO)),
        },
        "days": _days(period, per_day),
        "byCategory": _by_category(per_product),
        "topProducts": _top_products(per_product),
        "byStatus": by_status,
        "byDeliveryOption": {
            option: {"orders": tally.orders, "revenue": _money(tally.revenue)}
            for option, tally in by_option.items()
        },
    }


def _order_totals(period: ReportRange) -> QuerySet[OrderDayTotal]:
    return OrderDayTotal.objects.filter(
        day__gte=period.date_from, day__lte=period.date_to
    ).order_by()


def _order_tallies(
    period: ReportRange,
) -> tuple[dict[str, int], dict[str, Tally], dict[date, Tally]]:
    """The first query: orders per status (cancelled ones too), and orders and revenue of
    live orders per delivery option and per day, from the day totals."""
    by_status = dict.fromkeys(OrderStatus.values, 0)
    by_option = {option: Tally() for option in DeliveryOption.values}
    per_day: dict[date, Tally] = defaultdict(Tally)
    grouped = (
        _order_totals(period)
        .values("day", "status", "delivery_option")
        .annotate(
            count=Sum("orders"),
            totals=Sum("total"),
            taxes=Sum("sales_tax"),
            excise=Sum("excise_tax"),
            discounts=Sum("discount"),
        )
    )
    for row in grouped:
        by_status[row["status"]] += row["count"]
        if row["status"] == OrderStatus.CANCELLED:
            continue
        revenue = (row["totals"] or ZERO) - (row["taxes"] or ZERO) - (row["excise"] or ZERO)
        by_option[row["delivery_option"]].add(row["count"], revenue, row["discounts"])
        per_day[row["day"]].add(row["count"], revenue, row["discounts"])
    return by_status, by_option, per_day


def _days(period: ReportRange, per_day: dict[date, Tally]) -> list[dict[str, Any]]:
    """Every day of the range, zero days included."""
    days = []
    for offset in range(period.days):
        day = period.date_from + timedelta(days=offset)
        tally = per_day.get(day, Tally())
        days.append({"date": day, "orders": tally.orders, "revenue": _money(tally.revenue)})
    return days


def _whole_months(period: ReportRange) -> tuple[date, date]:
    """The first days of the first and last whole calendar months inside `period` (the
    first after the last when there is none)."""
    first = period.date_from.replace(day=1)
    if first != period.date_from:
        first = (first + timedelta(days=32)).replace(day=1)
    # The whole months end before the month holding the day after the range.
    stop = (period.date_to + timedelta(days=1)).replace(day=1)
    return first, (stop - timedelta(days=1)).replace(day=1)


def _product_sales(period: ReportRange) -> list[Mapping[str, Any]]:
    """The second and third queries: units, goods revenue and name sold per product, live
    orders only: whole months from the month totals, the days before and after them from the
    day totals, so that a range of years reads a few rows a product. A deleted product's
    lines (product_id null) stay apart by the name they were sold under, so each keeps its
    place in the top products and counts under "Deleted products"."""
    first, last = _whole_months(period)
    months = ProductMonthTotal.objects.filter(month__gte=first, month__lte=last)
    days = ProductDayTotal.objects.filter(day__gte=period.date_from, day__lte=period.date_to)
    if first <= last:
        days = days.exclude(day__gte=first, day__lt=(last + timedelta(days=32)).replace(day=1))
    merged: dict[tuple[Any, str], dict[str, Any]] = {}
    for rows in (_per_product(months), _per_product(days)):
        for row in rows:
            key = (row["product_id"], row["deleted_name"])
            seen = merged.setdefault(key, {**row, "units": 0, "revenue": ZERO, "name": ""})
            seen["units"] += row["units"] or 0
            seen["revenue"] += row["revenue"] or ZERO
            seen["name"] = max(seen["name"], row["name"])
    return [row for row in merged.values() if row["units"] > 0]


def _per_product(totals: QuerySet[Any]) -> QuerySet[Any, dict[str, Any]]:
    return (
        totals.annotate(
            deleted_name=Case(
                When(product_id__isnull=True, then=F("product_name")),
                default=Value(""),
                output_field=CharField(),
            )
        )
        .values("product_id", "deleted_name")
        # The name on the lines, as sold (a product renamed since keeps its old name here;
        # sold under two names, the alphabetically last).
        .annotate(units=Sum("units"), revenue=Sum("revenue"), name=Max("product_name"))
        .order_by()
    )


def _by_category(per_product: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The third query: each product's category (none once deleted); sales per category,
    by revenue."""
    # Grouped first, joined after: the category of each product sold.
    categories = {
        pk: (category_id, category_name)
        for pk, category_id, category_name in Product.objects.filter(
            pk__in=[row["product_id"] for row in per_product if row["product_id"] is not None]
        ).values_list("pk", "category_id", "category__name")
    }
    by_category: dict[str | None, dict[str, Any]] = {}
    for row in per_product:
        category_id, name = categories.get(row["product_id"], (None, DELETED_PRODUCTS))
        entry = by_category.setdefault(
            category_id, {"id": category_id, "name": name, "units": 0, "revenue": ZERO}
        )
        entry["units"] += row["units"]
        entry["revenue"] += row["revenue"] or ZERO
    return [
        {**entry, "revenue": _money(entry["revenue"])}
        for entry in sorted(
            by_category.values(), key=lambda entry: (-entry["revenue"], entry["id"] or "")
        )
    ]


def _top_products(per_product: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    # A deleted product (id null) keeps its place under the name it was sold under, as its
    # revenue still counts in the totals and under "Deleted products" (docs/api.md, Reports).
    sold = sorted(
        per_product,
        key=lambda row: (
            -(row["revenue"] or ZERO),
            -row["units"],
            row["product_id"] is None,
            row["product_id"] or 0,
            row["name"],
        ),
    )
    return [
        {
            "id": row["product_id"],
            "name": row["name"],
            "units": row["units"],
            "revenue": _money(row["revenue"]),
        }
        for row in sold[:TOP_PRODUCTS]
    ]


# --- Taxes ---------------------------------------------------------------------------------


def _rate_rows(period: ReportRange) -> list[dict[str, Any]]:
    """The day totals of live orders per rate and place (one query), each figure a Decimal."""
    by_rate = (
        _order_totals(period)
        .exclude(status=OrderStatus.CANCELLED)
        .values("sales_tax_rate", "tax_place")
        .annotate(
            subtotal=Sum("subtotal"),
            tax=Sum("sales_tax"),
            excise=Sum("excise_tax"),
            discounts=Sum("discount"),
            excise_sales=Sum("excise_sales"),
            count=Sum("orders"),
        )
        # A key whose orders all moved away (cancelled since) adds up to none.
        .filter(count__gt=0)
        .order_by("-sales_tax_rate", "tax_place")
    )
    figures = ("subtotal", "tax", "excise", "discounts", "excise_sales")
    rows: list[dict[str, Any]] = []
    for row in by_rate:
        sums: dict[str, Any] = {name: row[name] or ZERO for name in figures}  # type: ignore[literal-required]
        sums["taxable"] = sums["subtotal"] - sums["discounts"]
        rows.append({**sums, "rate": row["sales_tax_rate"], "place": row["tax_place"]})
    return rows


def _total(rows: list[dict[str, Any]], name: str) -> Decimal:
    return _money(sum((row[name] for row in rows), ZERO))


def taxes_report(period: ReportRange) -> dict[str, Any]:
    """What the owner files for `period` (Los Angeles days), from the orders placed in it that
    are not cancelled, with the figures and rates each order kept: the taxable sales (goods
    less discounts; delivery fees are not taxed) and the sales tax per rate and place, and the
    excise with the sales it was charged on. One query, of the day totals."""
    rows = _rate_rows(period)
    return {
        "from": period.date_from,
        "to": period.date_to,
        "taxableSales": _total(rows, "taxable"),
        "salesTax": _total(rows, "tax"),
        "exciseSales": _total(rows, "excise_sales"),
        "exciseTax": _total(rows, "excise"),
        "discounts": _total(rows, "discounts"),
        "byRate": [
            {
                "rate": row["rate"],
                "place": row["place"],
                "taxableSales": _money(row["taxable"]),
                "salesTax": _money(row["tax"]),
            }
            for row in rows
        ],
    }
