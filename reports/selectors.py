"""The sales and taxes reports, read from the rollups (orders/rollups.py), never from the
orders or their lines: the sales report's queries each answer a row a status x option, a
day, or a product sold, and read at most the range's days of order totals and, per product,
its months of month totals plus about a month of day totals (sales_spans), so a range up to
3,660 days costs the same whatever the number of orders (docs/performance.md, "A shop with
two years of orders").

Revenue is what orders that are not cancelled brought the shop: goods less discounts, plus
delivery fees (their total less the sales and excise taxes collected for the state, which
the tax report counts); orders per day, per category, per product and per delivery option count those orders too. byStatus
counts every order, cancelled ones included. Category and product revenue are goods only
(unit price x quantity, as sold). Days are Los Angeles days.
"""

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import (
    Case,
    DecimalField,
    F,
    Field,
    IntegerField,
    Q,
    QuerySet,
    Sum,
    When,
)
from django.http import QueryDict

from common.errors import InvalidInput
from common.querydates import query_date_range
from common.shoptime import shop_today
from orders.models import OrderDayTotal, OrderStatus, ProductDayTotal, ProductMonthTotal
from orders.pricing import DeliveryOption

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
    """At most four queries, each over rollups and each answering a few rows a key (status
    x option, day, product), so that the work grows with the days and products of the range,
    never with its orders: orders by status and option, live orders by day, and the goods
    sold by product (with their category) from the month totals and from the day totals."""
    by_status, by_option = _order_tallies(period)
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
        "days": _days(period),
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


# What the shop took: the totals less the taxes it collected for the state.
REVENUE = Sum("total") - Sum("sales_tax") - Sum("excise_tax")


def _order_tallies(period: ReportRange) -> tuple[dict[str, int], dict[str, Tally]]:
    """Orders per status (cancelled ones too), and orders, revenue and discounts of live
    orders per delivery option: one query of at most statuses x options rows."""
    by_status = dict.fromkeys(OrderStatus.values, 0)
    by_option = {option: Tally() for option in DeliveryOption.values}
    grouped = (
        _order_totals(period)
        .values("status", "delivery_option")
        .annotate(count=Sum("orders"), revenue=REVENUE, discounts=Sum("discount"))
    )
    for row in grouped:
        by_status[row["status"]] += row["count"]
        if row["status"] != OrderStatus.CANCELLED:
            by_option[row["delivery_option"]].add(row["count"], row["revenue"], row["discounts"])
    return by_status, by_option


def _days(period: ReportRange) -> list[dict[str, Any]]:
    """Every day of the range, zero days included: one query of a row a day."""
    per_day = {
        row["day"]: (row["count"], row["revenue"])
        for row in _order_totals(period)
        .exclude(status=OrderStatus.CANCELLED)
        .values("day")
        .annotate(count=Sum("orders"), revenue=REVENUE)
    }
    days = []
    for offset in range(period.days):
        day = period.date_from + timedelta(days=offset)
        orders, revenue = per_day.get(day, (0, ZERO))
        days.append({"date": day, "orders": orders or 0, "revenue": _money(revenue)})
    return days


@dataclass(frozen=True)
class Spans:
    """How the goods of a range are read: the month totals of `months` (first days, both
    included; none when None), plus the day totals of `added`, less those of `taken`
    (inclusive day ranges)."""

    months: tuple[date, date] | None
    added: list[tuple[date, date]]
    taken: list[tuple[date, date]]


def _month_end(first: date) -> date:
    return (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)


def sales_spans(period: ReportRange) -> Spans:
    """Whole months from the month totals; a month the range only partly covers from the
    days it covers, or, when those are more than half of it, from its month total less the
    days it leaves out. Either way at most about a month of days is read, whatever the
    range, and a range ending today or on a month's last day reads no day at all past it."""
    months: list[date] = []
    added: list[tuple[date, date]] = []
    taken: list[tuple[date, date]] = []
    month = period.date_from.replace(day=1)
    while month <= period.date_to:
        end = _month_end(month)
        first, last = max(month, period.date_from), min(end, period.date_to)
        inside = (last - first).days + 1
        if inside * 2 <= (end - month).days + 1 and (first, last) != (month, end):
            added.append((first, last))
        else:
            months.append(month)
            if first > month:
                taken.append((month, first - timedelta(days=1)))
            if last < end:
                taken.append((last + timedelta(days=1), end))
        month = end + timedelta(days=1)
    return Spans((months[0], months[-1]) if months else None, added, taken)


def _product_sales(period: ReportRange) -> list[dict[str, Any]]:
    """Units, goods revenue, name and category sold per product, live orders only (see
    sales_spans): two grouped queries, of the month totals and of the day totals, each a row
    a product and name, added up here. A deleted product's sales (product null) stay apart by
    the name they were sold under, so each keeps its place in the top products and counts
    under "Deleted products"."""
    spans = sales_spans(period)
    sources = []
    if spans.months:
        months = ProductMonthTotal.objects.filter(month__range=spans.months)
        sources.append(_per_product(months, taken=None))
    if spans.added or spans.taken:
        days = ProductDayTotal.objects.filter(_within(spans.added + spans.taken))
        sources.append(_per_product(days, taken=_within(spans.taken) if spans.taken else None))
    merged: dict[tuple[Any, str], dict[str, Any]] = {}
    for rows in sources:
        for row in rows:
            product = row["product_id"]
            key = (product, "" if product else row["product_name"])
            category = (row["category_id"], row["category_name"])
            seen = merged.setdefault(
                key,
                {"id": product, "name": "", "units": 0, "revenue": ZERO, "category": category},
            )
            seen["units"] += row["units"] or 0
            seen["revenue"] += row["revenue"] or ZERO
            # Sold under two names (renamed in between): the alphabetically last.
            seen["name"] = max(seen["name"], row["product_name"])
    return [row for row in merged.values() if row["units"] > 0]


def _within(spans: list[tuple[date, date]]) -> Q:
    days = Q()
    for first, last in spans:
        days |= Q(day__range=(first, last))
    return days


def _per_product(totals: QuerySet[Any], taken: Q | None) -> QuerySet[Any, dict[str, Any]]:
    """`totals` grouped per product, the name it was sold under (a product renamed since
    keeps its old name here) and its category now; the rows matching `taken` subtracted."""

    def signed(name: str, field: Field[Any, Any]) -> Sum:
        if taken is None:
            return Sum(name)
        return Sum(Case(When(taken, then=-F(name)), default=F(name), output_field=field))

    return (
        # The category is the product's, the same for all its rows: grouping by it only
        # brings it along.
        totals.values(
            "product_id",
            "product_name",
            category_id=F("product__category_id"),
            category_name=F("product__category__name"),
        )
        .annotate(
            units=signed("units", IntegerField()),
            revenue=signed("revenue", DecimalField(max_digits=14, decimal_places=2)),
        )
        .order_by()
    )


def _by_category(per_product: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Sales per category (the products' now; none once deleted), by revenue."""
    by_category: dict[str | None, dict[str, Any]] = {}
    for row in per_product:
        category_id, name = row["category"] if row["id"] is not None else (None, DELETED_PRODUCTS)
        entry = by_category.setdefault(
            category_id, {"id": category_id, "name": name, "units": 0, "revenue": ZERO}
        )
        entry["units"] += row["units"]
        entry["revenue"] += row["revenue"]
    return [
        {**entry, "revenue": _money(entry["revenue"])}
        for entry in sorted(
            by_category.values(), key=lambda entry: (-entry["revenue"], entry["id"] or "")
        )
    ]


def _top_products(per_product: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # A deleted product (id null) keeps its place under the name it was sold under, as its
    # revenue still counts in the totals and under "Deleted products" (docs/api.md, Reports).
    sold = sorted(
        per_product,
        key=lambda row: (
            -row["revenue"],
            -row["units"],
            row["id"] is None,
            row["id"] or 0,
            row["name"],
        ),
    )
    return [
        {
            "id": row["id"],
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
