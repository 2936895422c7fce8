"""Which orders are compliance records, and for how long they outlive their customer's
erasure (issue 38; docs/security.md, "Closing an account").

An order handed over is a record the law asks the shop to keep when it was handed over
with a check (an ID type, a recipient, a signature or a home address recorded), a `record`
or `id_at_handover` rule covered it at checkout (the N2O log), or it is a local delivery
with nicotine (the PACT Act's delivery sales). Such a record keeps, for
`settings.COMPLIANCE_RECORDS_YEARS` after its hand-over, the buyer's name, the delivery
address and what was recorded at the hand-over, even once the customer is erased; the rest
of the person goes at once, and the record itself when its years are over."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from accounts.services import DELETED_EMAIL
from compliance.models import Action
from orders.models import Order, OrderLine, OrderStatus
from orders.pricing import DeliveryOption

# Rule actions (the rule snapshots of Order.compliance_rules) whose orders are records.
RECORD = Action.RECORD.value
RECORDED_ACTIONS = frozenset({RECORD, Action.ID_AT_HANDOVER.value})

# What a kept record holds of the person, and why (the export and the privacy text say so).
# Worded without "signature": a customer's answers never name or carry it
# (orders/tests/test_handover_checks.py).
KEPT_FIELDS = [
    "customer_name",
    "delivery_address",
    "delivery_zip",
    "handover_recipient",
    "handover_id_type",
    "handover_birth_year",
    "handover_home_address",
    "handover_signature_png",
]
KEPT_WHAT = (
    "The buyer's name, the delivery address and what was recorded when the order was handed "
    "over (recipient's name, ID type, birth year, home address, the name signed on screen)."
)
KEPT_WHY = (
    "The law asks the shop to keep these records for inspection: the federal PACT Act for "
    "nicotine products delivered (five years), California Penal Code 381e for nitrous oxide "
    "(one year at least), and the ID checked at hand-over for 21+ goods."
)
# The erased person's placeholder email ends so (accounts.people.user_erase).
ERASED_EMAIL_END = DELETED_EMAIL.split("{pk}", 1)[1]


def recorded_pairs(rules: Iterable[dict[str, Any]]) -> set[tuple[int, int | None]]:
    """The lines (product id, type id or None) the `record` rules among `rules` (a checkout's
    rule snapshots) covered: the lines checkout marks `OrderLine.recorded`."""
    return {
        (int(product_id), int(type_id) if type_id is not None else None)
        for rule in rules
        if rule.get("action") == RECORD
        for product_id, type_id in rule.get("lines", [])
    }


def nicotine_mg(line: OrderLine) -> float:
    """The nicotine the line had when placed (its `regulatory`), 0 when none or unknown."""
    value = (line.regulatory or {}).get("nicotineMg")
    try:
        return float(value or 0)
    except (TypeError, ValueError):
        return 0.0


def _recorded_at_handover(order: Order) -> bool:
    return bool(
        order.handover_id_type
        or order.handover_recipient
        or order.handover_home_address
        or order.handover_signature_png
    )


def is_compliance_record(order: Order) -> bool:
    """Whether `order` (its lines prefetched) is a record the law asks to keep."""
    if order.status != OrderStatus.COMPLETED or order.handed_over_at is None:
        return False
    if _recorded_at_handover(order):
        return True
    if any(rule.get("action") in RECORDED_ACTIONS for rule in order.compliance_rules or []):
        return True
    return order.delivery_option == DeliveryOption.DELIVERY and any(
        nicotine_mg(line) > 0 for line in order.items.all()
    )


def _years_later(moment: datetime, years: int) -> datetime:
    try:
        return moment.replace(year=moment.year + years)
    except ValueError:  # 29 February, in a year without one
        return moment.replace(year=moment.year + years, day=28)


def records_cutoff(now: datetime | None = None) -> datetime:
    """Records handed over before this moment are past their years."""
    return _years_later(now or timezone.now(), -settings.COMPLIANCE_RECORDS_YEARS)


def kept_until(order: Order) -> datetime:
    assert order.handed_over_at is not None
    return _years_later(order.handed_over_at, settings.COMPLIANCE_RECORDS_YEARS)


def kept_records(orders: QuerySet[Order], *, now: datetime | None = None) -> list[Order]:
    """The orders among `orders` that are records still within their years."""
    recent = orders.filter(handed_over_at__gte=records_cutoff(now)).prefetch_related("items")
    return [order for order in recent.order_by("pk") if is_compliance_record(order)]


def records_export(orders: QuerySet[Order]) -> dict[str, Any]:
    """What the export says of the records kept (GET /api/auth/me/export)."""
    return {
        "what": KEPT_WHAT,
        "why": KEPT_WHY,
        "years": settings.COMPLIANCE_RECORDS_YEARS,
        "orders": [
            {"orderId": order.pk, "keptUntil": kept_until(order).date().isoformat()}
            for order in kept_records(orders)
        ],
    }
