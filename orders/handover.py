"""Ready, then handed over (docs/api.md, "Ready and hand-over"): a pending pickup order is
marked ready and its customer emailed where to collect it; an order is handed over (at the
counter or the door) with what the law asks to be checked, or its delivery fails.

What must be checked is orders/checks.py."""

from dataclasses import dataclass
from typing import Literal

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from common.errors import Conflict, InvalidInput, NotFound
from common.mail import send_email_later
from common.shoptime import shop_today
from common.status import record_event
from orders.age import LEGAL_AGE
from orders.checkout import log_order_status
from orders.checks import FIELD_LABELS, order_checks
from orders.models import Order, OrderStatus
from orders.pricing import DeliveryOption
from orders.selectors import order_get
from orders.services import ORDER_NOT_FOUND, _leave_pending

NOT_READY_KIND = "Only a pending pickup order can be marked ready. This order is {what}."
READY_NOTE = "Ready for pickup. Customer email queued: Order #{pk} is ready for pickup"


def order_mark_ready(*, order_id: int, actor: User) -> Order:
    """A pending pickup order gains `ready_at` and its customer is emailed (once: marking it
    again changes nothing and sends nothing). It stays pending until handed over."""
    with transaction.atomic():
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        if order.status != OrderStatus.PENDING or order.delivery_option != DeliveryOption.PICKUP:
            what = (
                order.get_status_display().lower()
                if order.status != OrderStatus.PENDING
                else f"for {order.get_delivery_option_display().lower()}"
            )
            raise Conflict(NOT_READY_KIND.format(what=what))
        if order.ready_at is None:
            order.ready_at = timezone.now()
            order.save(update_fields=["ready_at", "updated_at"])
            record_event(
                order,
                from_status=order.status,
                to_status=order.status,
                actor=actor,
                note=READY_NOTE.format(pk=order.pk),
            )
            send_email_later("orders.notifications.order_ready_email", order.pk)
    return _reread(order)


@dataclass(frozen=True)
class Handover:
    """One handover attempt as the request gave it (orders.handover_serializers.HandoverSerializer)."""

    outcome: Literal["delivered", "failed"]
    id_type: str = ""
    birth_year: int | None = None
    recipient_name: str = ""
    # The signature's PNG as orders.signature.signature_png keeps it; None when not given.
    signature: bytes | None = None
    home_address: str = ""
    reason: str = ""
    cancel: bool = False


UNDER_AGE = "The birth year on the ID is under 21: the order cannot be handed over."
NOT_THE_BUYER = (
    "The birth year on the ID ({seen}) does not match the customer's date of birth on file "
    "(born {known}): the order cannot be handed over to this person."
)
REASON_NEEDED = "Say why the order could not be handed over."
FAILED_NOTE = "Could not deliver: {reason}"


def _check_problems(order: Order, handover: Handover) -> dict[str, list[str]]:
    """Each required field missing, named with the check that asks for it; then the birth
    year: 21 or older this year, and the customer's own year when their profile has one."""
    checks = order_checks(order)
    given = {
        "idType": handover.id_type.strip(),
        "birthYear": handover.birth_year,
        "recipientName": handover.recipient_name.strip(),
        "signature": handover.signature,
        "homeAddress": handover.home_address.strip(),
    }
    errors = {
        name: [f"{FIELD_LABELS[name]} is required ({checks.reasons[name]})."]
        for name in checks.required_fields
        if not given[name]
    }
    year = handover.birth_year
    if year and "birthYear" in checks.required_fields and shop_today().year - year < LEGAL_AGE:
        errors["birthYear"] = [UNDER_AGE]
    born = order.user.date_of_birth
    if year and born is not None and year != born.year and "birthYear" not in errors:
        errors["birthYear"] = [NOT_THE_BUYER.format(seen=year, known=born.year)]
    return errors


def order_handover(*, order_id: int, actor: User, handover: Handover) -> Order:
    """Delivered: the checks `order_checks` names are required (else a 400 naming each
    missing field, nothing changed), then the order completes as the plain complete does
    (event, customer email) with who, when and what was checked. Failed: the reason goes in
    the order's events and it stays pending, or with `cancel` it is cancelled as the plain
    cancel does (stock back, customer email)."""
    if handover.outcome == "failed" and not handover.reason.strip():
        raise InvalidInput(REASON_NEEDED, errors={"reason": [REASON_NEEDED]})
    with transaction.atomic():
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        from_status = order.status
        to_status = _hand_over(order, actor, handover)
    if to_status != from_status:
        log_order_status(order, from_status=from_status, to_status=to_status, actor=actor)
    return _reread(order)


def _hand_over(order: Order, actor: User, handover: Handover) -> str:
    """The locked order's handover; returns its status afterwards."""
    if order.status != OrderStatus.PENDING:
        raise Conflict(f"Only pending orders can be handed over. This order is {order.status}.")
    if handover.outcome == "failed":
        reason = FAILED_NOTE.format(reason=handover.reason.strip())
        if handover.cancel:
            _leave_pending(order, actor=actor, to_status=OrderStatus.CANCELLED, reason=reason)
        else:
            record_event(
                order, from_status=order.status, to_status=order.status, actor=actor, note=reason
            )
        return order.status
    errors = _check_problems(order, handover)
    if errors:
        first = next(iter(errors.values()))[0]
        raise InvalidInput(first, errors=errors, code="check_required")
    order.handed_over_by = actor
    order.handed_over_at = timezone.now()
    order.handover_id_type = handover.id_type.strip()
    order.handover_birth_year = handover.birth_year
    order.handover_recipient = handover.recipient_name.strip()
    order.handover_signature_png = handover.signature
    order.handover_home_address = handover.home_address.strip()
    order.save(update_fields=[*HANDOVER_FIELDS, "updated_at"])
    _leave_pending(order, actor=actor, to_status=OrderStatus.COMPLETED)
    return order.status


HANDOVER_FIELDS = [
    "handed_over_by",
    "handed_over_at",
    "handover_id_type",
    "handover_birth_year",
    "handover_recipient",
    "handover_signature_png",
    "handover_home_address",
]


def _reread(order: Order) -> Order:
    moved = order_get(order_id=order.pk)
    assert moved is not None  # orders are never deleted
    return moved
