"""Reads of orders: the lists (a customer's own, an admin's all), counts, exports, and the
order rules served to the client."""

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import (
    BooleanField,
    Case,
    Count,
    ExpressionWrapper,
    F,
    Prefetch,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from accounts.models import User
from common.shoptime import day_start, shop_today
from orders.filters import ORDER_NUMBER, OrderFilters, OrderPosition
from orders.models import (
    ORDER_TRANSITIONS,
    Order,
    OrderDayTotal,
    OrderEvent,
    OrderLine,
    OrderStatus,
)
from orders.pricing import DeliveryOption, delivery_options_info


def order_rules() -> dict[str, Any]:
    """The order rules the client reads from GET /api/shop/info."""
    return {
        "deliveryOptions": delivery_options_info(),
        "orderStatuses": [
            {
                "id": status.value,
                "label": status.label,
                "next": [to.value for to in ORDER_TRANSITIONS[status]],
            }
            for status in OrderStatus
        ],
    }


def _with_lines(queryset: QuerySet[Order]) -> QuerySet[Order]:
    # The signature's bytes stay in the database (up to 200 KB an order): an answer only
    # says whether there is one (OrderSerializer.signatureUrl).
    return (
        queryset.select_related("user", "handed_over_by")
        .defer("handover_signature_png")
        .annotate(has_signature=SIGNED)
        .prefetch_related(Prefetch("items", queryset=OrderLine.objects.order_by("id")))
    )


SIGNED = ExpressionWrapper(Q(handover_signature_png__isnull=False), output_field=BooleanField())


def _answered(queryset: QuerySet[Order]) -> QuerySet[Order]:
    """Orders as the API answers them: lines, and the status history oldest first with each
    event's actor joined (OrderSerializer says only whether it was staff): one query more for
    the whole page, whatever its orders or events."""
    return _with_lines(queryset).prefetch_related(
        Prefetch(
            "events",
            queryset=OrderEvent.objects.select_related("actor").order_by("created_at", "id"),
        )
    )


def _placed_between(
    queryset: QuerySet[Order], date_from: date | None, date_to: date | None
) -> QuerySet[Order]:
    # Ranges on created_at (Los Angeles days, both included), not created_at__date: the zone
    # is fixed here and the indexes on created_at serve them.
    if date_from:
        queryset = queryset.filter(created_at__gte=day_start(date_from))
    if date_to:
        queryset = queryset.filter(created_at__lt=day_start(date_to + timedelta(days=1)))
    return queryset


def _visible(user: User) -> QuerySet[Order]:
    # The first filter of every list: a customer's own orders, whatever else is asked.
    return Order.objects.all() if user.is_staff else Order.objects.filter(user=user)


def order_filters_resolved(filters: OrderFilters) -> OrderFilters:
    """`filters` with the customers its search names by email looked up (one query), so that
    the counts and the page do not each look them up."""
    if not filters.search or filters.customer_ids is not None:
        return filters
    found = User.objects.filter(email__icontains=filters.search).values_list("pk", flat=True)
    return replace(filters, customer_ids=tuple(found))


def _filtered(queryset: QuerySet[Order], filters: OrderFilters) -> QuerySet[Order]:
    if filters.status:
        queryset = queryset.filter(status=filters.status)
    if filters.delivery_option:
        queryset = queryset.filter(delivery_option=filters.delivery_option)
    if filters.search:
        text = filters.search
        # The customers whose email holds the text, looked up first among the users (a
        # table a fiftieth the size of the orders): an OR across a join to users would scan
        # every order, while `user_id IN (...)` OR the name's trigram index (migration
        # 0011) is two index lookups.
        customers = order_filters_resolved(filters).customer_ids or ()
        match = Q(customer_name__icontains=text) | Q(user_id__in=customers)
        number = ORDER_NUMBER.fullmatch(text)
        if number:
            match |= Q(pk=int(number.group(1)))
        queryset = queryset.filter(match)
    queryset = _placed_between(queryset, filters.date_from, filters.date_to)
    if filters.due_today:
        today = shop_today()
        queryset = queryset.filter(
            Q(
                delivery_option=DeliveryOption.PICKUP,
                created_at__gte=day_start(today),
                created_at__lt=day_start(today + timedelta(days=1)),
            )
            | Q(delivery_option=DeliveryOption.DELIVERY, delivery_date=today)
        )
    return queryset


def order_list(
    *, user: User, filters: OrderFilters | None = None, after: OrderPosition | None = None
) -> QuerySet[Order]:
    """Orders `user` may see, newest first (ties by id, so pages never repeat rows):
    an admin sees every order, a customer only their own; with `after`, those after it.
    With `due_today`, the day's handovers instead: those still to hand over (pending)
    first, each group in time order: deliveries at their booked time, pickups when
    placed (a short list, paged by number)."""
    queryset = _filtered(_visible(user), filters or OrderFilters())
    if filters is not None and filters.due_today:
        done = Case(When(status=OrderStatus.PENDING, then=Value(0)), default=Value(1))
        return _answered(queryset).order_by(
            done.asc(), Coalesce("delivery_at", "created_at").asc(), F("id").asc()
        )
    if after is not None:
        # created_at <= the position is the index range; the exclude drops the position's
        # own moment up to its id.
        queryset = queryset.filter(created_at__lte=after.created_at).exclude(
            created_at=after.created_at, id__gte=after.order_id
        )
    if filters is not None and filters.search:
        # The same order, written so that PostgreSQL cannot walk order_newest (NULLS LAST
        # is not that index's order; created_at is never null): it would, reading a page by
        # filtering the newest orders one by one, and find a customer's 26th order a million
        # rows in. Instead it takes the few rows the indexes of the search give, then sorts.
        return _answered(queryset).order_by(
            F("created_at").desc(nulls_last=True), F("id").desc(nulls_last=True)
        )
    return _answered(queryset).order_by("-created_at", "-id")


def order_status_counts(*, user: User, filters: OrderFilters | None = None) -> dict[str, int]:
    """{status: orders} under every filter but the status one (one query). An admin's
    counts by delivery option and dates come from the day totals (orders/rollups.py), a few
    rows a day, exact; a search or today's handovers count the orders they match."""
    filters = (filters or OrderFilters()).without_status()
    counts = dict.fromkeys(OrderStatus.values, 0)
    rows: Iterable[tuple[Any, ...]]
    if user.is_staff and not filters.search and not filters.due_today:
        totals = OrderDayTotal.objects.order_by()
        if filters.delivery_option:
            totals = totals.filter(delivery_option=filters.delivery_option)
        if filters.date_from:
            totals = totals.filter(day__gte=filters.date_from)
        if filters.date_to:
            totals = totals.filter(day__lte=filters.date_to)
        rows = totals.values_list("status").annotate(orders=Sum("orders"))
    else:
        queryset = _filtered(_visible(user), filters).order_by()
        rows = queryset.values_list("status").annotate(orders=Count("id"))
    for status, orders in rows:
        counts[status] += orders or 0
    return counts


def order_get(*, order_id: int) -> Order | None:
    return _answered(Order.objects.filter(pk=order_id)).first()


def order_by_idempotency_key(*, user: User, key: str) -> Order | None:
    return _answered(Order.objects.filter(user=user, idempotency_key=key)).first()


@dataclass(frozen=True)
class PendingHoldings:
    """What a customer's pending orders hold together: how many orders (what
    MAX_PENDING_ORDERS caps), units per (product id, type id or None) as the stock
    reservation counts them (MAX_PENDING_UNITS), and the goods' value (MAX_PENDING_VALUE)."""

    orders: int
    units: dict[tuple[int, int | None], int]
    value: Decimal


def order_pending_holdings(*, user: User) -> PendingHoldings:
    """`user`'s pending orders (two queries)."""
    totals = Order.objects.filter(user=user, status=OrderStatus.PENDING).aggregate(
        orders=Count("pk"), value=Coalesce(Sum("subtotal"), Decimal("0"))
    )
    units: dict[tuple[int, int | None], int] = {}
    if totals["orders"]:
        pending = OrderLine.objects.filter(
            order__user=user, order__status=OrderStatus.PENDING, product_id__isnull=False
        )
        for product_id, type_id, sold_as_type, quantity in pending.values_list(
            "product_id", "product_type_id", "sold_as_type", "quantity"
        ):
            key = (product_id, type_id if sold_as_type else None)
            units[key] = units.get(key, 0) + quantity
    return PendingHoldings(orders=totals["orders"], units=units, value=totals["value"])


def order_expired_hold_ids(*, cutoff: datetime) -> list[int]:
    """Ids of pending orders whose hold ran out: placed before `cutoff`, whatever their
    delivery date (stock is held at most the hold from when the order was placed, so a
    delivery booked weeks ahead cannot keep goods off sale for weeks)."""
    return list(
        Order.objects.filter(status=OrderStatus.PENDING, created_at__lt=cutoff)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def orders_for_export(
    *,
    date_from: date | None = None,
    date_to: date | None = None,
    status: str | None = None,
    queryset: QuerySet[Order] | None = None,
) -> QuerySet[Order]:
    """Orders for a CSV export, oldest first; dates are business dates in the shop's zone."""
    queryset = Order.objects.all() if queryset is None else queryset
    queryset = _placed_between(queryset, date_from, date_to)
    if status:
        queryset = queryset.filter(status=status)
    return _with_lines(queryset).order_by("created_at", "id")


def orders_export_part(
    *, queryset: QuerySet[Order], after_id: int, upto_id: int, limit: int
) -> QuerySet[Order]:
    """Up to `limit` orders of `queryset` numbered after `after_id` and at most `upto_id`,
    by number, with their lines: one part of a background export (orders/export.py)."""
    part = queryset.filter(pk__gt=after_id, pk__lte=upto_id)
    return _with_lines(part).order_by("pk")[:limit]


def _money(value: Decimal) -> str:
    return f"{value:.2f}"


def _order_export(order: Order) -> dict[str, Any]:
    return {
        "id": order.pk,
        "createdAt": order.created_at.isoformat(),
        "status": order.status,
        "customerName": order.customer_name,
        "deliveryOption": order.delivery_option,
        "deliveryAddress": order.delivery_address,
        "deliveryZip": order.delivery_zip,
        "phoneNumber": order.phone_number,
        "deliveryDate": order.delivery_date.isoformat() if order.delivery_date else None,
        "deliveryTime": order.delivery_time,
        "specialInstructions": order.special_instructions,
        "subtotal": _money(order.subtotal),
        "deliveryFee": _money(order.delivery_fee),
        "total": _money(order.total),
        "lines": [
            {
                "product": line.product_name,
                "type": line.product_type_name,
                "unitPrice": _money(line.unit_price),
                "quantity": line.quantity,
            }
            for line in order.items.all()
        ],
    }


def orders_export(*, user: User) -> list[dict[str, Any]]:
    """A customer's own orders with their lines, oldest first (GET /api/auth/me/export)."""
    orders = Order.objects.filter(user=user).prefetch_related("items").order_by("created_at", "id")
    return [_order_export(order) for order in orders]


def order_deliveries(*, day: date) -> QuerySet[Order]:
    """The local deliveries booked for `day` (shop time), every status, in booked-time order
    (ties by id): the driver's view (GET /api/orders/deliveries)."""
    return _answered(
        Order.objects.filter(delivery_option=DeliveryOption.DELIVERY, delivery_date=day)
    ).order_by(F("delivery_at").asc(nulls_last=True), "id")


def orders_placed_after(*, order_id: int, limit: int) -> list[Order]:
    """The orders placed after `order_id` (ids only grow), newest first, at most `limit`:
    what an open back-office tab has not seen yet (GET /api/announcements)."""
    return list(
        Order.objects.filter(pk__gt=order_id)
        .only("id", "customer_name", "delivery_option", "total", "created_at")
        .order_by("-id")[:limit]
    )


def latest_order_id() -> int:
    return Order.objects.order_by("-id").values_list("id", flat=True).first() or 0


def order_signature(*, order_id: int) -> bytes | None:
    """The PNG of the recipient's signature kept with the order, or None."""
    found = Order.objects.filter(pk=order_id).values_list("handover_signature_png", flat=True)
    data = found.first()
    return None if data is None else bytes(data)
