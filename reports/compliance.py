"""The records an inspector may ask for (issue 38), read from what each order kept when it was
placed (`Order.compliance_rules`, each line's `regulatory` and `recorded`) and handed over
(who, when, what was seen): a rule or a product changed or deleted since never changes a
record.

- The N2O log (California Penal Code 381e): one row per line of an order handed over that a
  `record` rule covered at checkout.
- The monthly delivery-sales report (the federal PACT Act): one row per line with nicotine
  of a local delivery handed over in the month.

Days and months are the shop's (Los Angeles): a hand-over at 11:30 PM on the 31st belongs to
that month, whatever UTC says."""

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from common.errors import InvalidInput
from common.querydates import FIRST_DAY, LAST_DAY, query_date_range
from common.shoptime import SHOP_TIME_ZONE, day_start, shop_today
from orders.models import Order, OrderLine, OrderStatus
from orders.pricing import DeliveryOption
from orders.records import nicotine_mg

# How many days the N2O log shows when `from` is not given.
DEFAULT_LOG_DAYS = 31
MAX_LOG_DAYS = 3660
MONTH = re.compile(r"^(\d{4})-(\d{2})$")
MONTH_FORMAT = "month must be a month written YYYY-MM."


@dataclass(frozen=True)
class Period:
    """Shop days from `first` to `last`, both included."""

    first: date
    last: date

    def start(self) -> Any:
        return day_start(self.first)

    def end(self) -> Any:
        return day_start(self.last + timedelta(days=1))


def log_period(params: Mapping[str, str]) -> Period:
    """The N2O log's `from`/`to` (shop days, both included); default the last 31 days."""
    first, last = query_date_range(params)
    last = last or (first + timedelta(days=DEFAULT_LOG_DAYS - 1) if first else shop_today())
    first = first or last - timedelta(days=DEFAULT_LOG_DAYS - 1)
    if (last - first).days + 1 > MAX_LOG_DAYS:
        message = f"The log covers at most {MAX_LOG_DAYS} days."
        raise InvalidInput(message, errors={"to": [message]})
    return Period(first, last)


def month_period(value: str | None) -> Period:
    """`YYYY-MM` as the month's shop days; without a value, last month (the one due)."""
    text = (value or "").strip()
    if not text:
        return month_of(shop_today().replace(day=1) - timedelta(days=1))
    match = MONTH.match(text)
    if match is None or not 1 <= int(match[2]) <= 12:
        raise InvalidInput(MONTH_FORMAT, errors={"month": [MONTH_FORMAT]})
    first = date(int(match[1]), int(match[2]), 1)
    if not FIRST_DAY <= first <= LAST_DAY:
        message = f"month must be from {FIRST_DAY:%Y-%m} to {LAST_DAY:%Y-%m}."
        raise InvalidInput(message, errors={"month": [message]})
    return month_of(first)


def month_of(day: date) -> Period:
    first = day.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return Period(first, following - timedelta(days=1))


def _handed_over_in(period: Period) -> QuerySet[Order]:
    return (
        Order.objects.filter(
            status=OrderStatus.COMPLETED,
            handed_over_at__gte=period.start(),
            handed_over_at__lt=period.end(),
        )
        .select_related("handed_over_by")
        .prefetch_related("items")
        .order_by("handed_over_at", "id")
    )


def _person(order: Order) -> str:
    person = order.handed_over_by
    return (person.name or person.email) if person is not None else ""


def _when(order: Order) -> str:
    assert order.handed_over_at is not None
    return order.handed_over_at.astimezone(SHOP_TIME_ZONE).isoformat()


def recorded_lines(order: Order) -> list[OrderLine]:
    """The lines of `order` a `record` rule covered when it was placed (marked then, so a
    line whose product was deleted since stays in the log)."""
    return [line for line in order.items.all() if line.recorded]


def signature_url(order: Order) -> str:
    return f"/api/orders/{order.pk}/signature" if order.handover_signature_png else ""


def n2o_log(period: Period) -> Iterator[dict[str, Any]]:
    """The N2O log's rows, oldest hand-over first."""
    orders = _handed_over_in(period).filter(
        Exists(OrderLine.objects.filter(order=OuterRef("pk"), recorded=True))
    )
    for order in orders.iterator(chunk_size=200):
        for line in recorded_lines(order):
            yield {
                "handedOverAt": _when(order),
                "orderId": order.pk,
                "buyerName": order.handover_recipient or order.customer_name,
                "homeAddress": order.handover_home_address,
                "idType": order.handover_id_type,
                "birthYear": order.handover_birth_year,
                "product": line.product_name,
                "type": line.product_type_name if line.sold_as_type else "",
                "quantity": line.quantity,
                "handedOverBy": _person(order),
                "signatureUrl": signature_url(order),
            }


def brand_of(line: OrderLine) -> str:
    """The brand part of the line's Unflavored Tobacco List entry ("Brand - Style" or
    {"brand", "style"}), else the product's name."""
    entry = (line.regulatory or {}).get("utlEntry")
    if isinstance(entry, dict):
        entry = entry.get("brand") or ""
    brand = re.split(r"\s+[-\u2013\u2014:|/]\s+", str(entry or "").strip(), maxsplit=1)[0]
    return brand or line.product_name


def _address(order: Order) -> str:
    return ", ".join(part for part in (order.delivery_address, order.delivery_zip) if part)


def delivery_sales_rows(period: Period) -> Iterator[dict[str, Any]]:
    """The PACT report's rows: each line with nicotine of a local delivery handed over in the
    period, oldest first. A generator, so a CSV streams it."""
    orders = _handed_over_in(period).filter(delivery_option=DeliveryOption.DELIVERY)
    for order in orders.iterator(chunk_size=200):
        for line in order.items.all():
            if nicotine_mg(line) <= 0:
                continue
            yield {
                "deliveredAt": _when(order),
                "orderId": order.pk,
                "buyerName": order.customer_name,
                "deliveryAddress": _address(order),
                "brand": brand_of(line),
                "product": line.product_name,
                "type": line.product_type_name if line.sold_as_type else "",
                "quantity": line.quantity,
                "deliveredBy": _person(order),
            }


def delivery_sales(period: Period) -> dict[str, Any]:
    """The month's report with its totals."""
    rows = list(delivery_sales_rows(period))
    return {
        "month": f"{period.first:%Y-%m}",
        "from": period.first,
        "to": period.last,
        "rows": rows,
        "totals": {
            "orders": len({row["orderId"] for row in rows}),
            "lines": len(rows),
            "units": sum(row["quantity"] for row in rows),
        },
    }
