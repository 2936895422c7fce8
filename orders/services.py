"""Every write to orders after checkout (orders/checkout.py): complete, cancel, and the
cancel of pending orders whose hold ran out. Which status may follow which is
orders.models.ORDER_TRANSITIONS, enforced by common.status.transition."""

from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from common.errors import Conflict, NotFound
from common.mail import send_email_later
from common.status import transition
from orders.checkout import log_order_status
from orders.models import ORDER_TRANSITIONS, Order, OrderStatus
from orders.rules import limit
from orders.selectors import order_expired_hold_ids, order_get
from orders.status_emails import status_email_note
from shop.models import StockReason
from shop.stock import StockLine, stock_release
from storesettings.selectors import shop_config

ORDER_NOT_FOUND = "Order not found"
# The reason an order event gives when the hold ran out (no actor: the scheduled command).
HOLD_EXPIRED = "Hold expired."
ONLY_PENDING = "Only pending orders can be {verb}. This order is {from_status}."


def _only_pending(from_status: str, to_status: str) -> str:
    # The verb is the status it was to reach: "completed", "cancelled".
    return ONLY_PENDING.format(verb=str(to_status), from_status=str(from_status))


def _releasable(order: Order) -> list[StockLine]:
    """Stock lines to put back; lines whose product or type was deleted are skipped (a
    deleted type's units are not put on its product)."""
    lines = []
    for line in order.items.all():
        type_id = line.product_type_id if line.sold_as_type else None
        # A type is deleted with its product, so a line with a type still has its product.
        if line.product_id is None or (line.sold_as_type and type_id is None):
            continue
        lines.append(StockLine(product_id=line.product_id, type_id=type_id, quantity=line.quantity))
    return lines


def _leave_pending(
    order: Order,
    *,
    actor: User | None,
    to_status: OrderStatus,
    reason: str = "",
    email: str | None = "order_status_email",
) -> None:
    """Move the locked `order` on as ORDER_TRANSITIONS allows (else a 409 and nothing
    changes): the event (`reason` first in its note), stock back on a cancel, and the
    customer's email (a builder of orders/status_emails.py) queued for when this commits."""
    transition(
        order,
        to_status=to_status,
        actor=actor,
        allowed=ORDER_TRANSITIONS,
        refusal=_only_pending,
        event_fields=lambda moved: {
            "note": " ".join(filter(None, [reason, status_email_note(moved)]))
        },
    )
    if to_status == OrderStatus.CANCELLED:
        stock_release(
            lines=_releasable(order),
            order_id=order.pk,
            actor=actor,
            reason=StockReason.HOLD_EXPIRED if reason == HOLD_EXPIRED else StockReason.CANCEL,
        )
    if email:
        send_email_later(f"orders.status_emails.{email}", order.pk)


def _order_leave_pending(*, order_id: int, actor: User, to_status: OrderStatus) -> Order:
    with transaction.atomic():
        # The lock makes a complete and a cancel of one order take turns: the second one
        # sees the first one's status and is refused.
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        from_status = order.status
        _leave_pending(order, actor=actor, to_status=to_status)
    log_order_status(order, from_status=from_status, to_status=to_status, actor=actor)
    return _reread(order)


def _reread(order: Order) -> Order:
    moved = order_get(order_id=order.pk)
    assert moved is not None  # its row was locked until now, and orders are never deleted
    return moved


def order_complete(*, order_id: int, actor: User) -> Order:
    """The sale becomes final. Stock does not change: the units left it at checkout."""
    return _order_leave_pending(order_id=order_id, actor=actor, to_status=OrderStatus.COMPLETED)


def order_cancel(*, order_id: int, actor: User) -> Order:
    """Every reserved unit goes back to the product or type it came from, in the same
    transaction as the status change."""
    return _order_leave_pending(order_id=order_id, actor=actor, to_status=OrderStatus.CANCELLED)


BulkAction = Literal["complete", "cancel"]
# The most orders one bulk call moves: each is its own transaction and its own email.
MAX_BULK_ORDERS = 100


@dataclass(frozen=True)
class BulkResult:
    """One order of a bulk action: done, or refused with the sentence the single action's
    409 or 404 gives; `status` is the order's status afterwards (None: no such order)."""

    order_id: int
    done: bool
    message: str
    status: str | None


_SINGLE = {"complete": order_complete, "cancel": order_cancel}
_DONE = {"complete": "Order completed.", "cancel": "Order cancelled. Items returned to stock."}


def orders_bulk_action(
    *, action: BulkAction, order_ids: list[int], actor: User
) -> list[BulkResult]:
    """Complete or cancel each of `order_ids` (each once, in the order given; the API takes
    at most MAX_BULK_ORDERS a call) exactly as the single action does: each in its own
    transaction, with its event, its stock and its customer's email; one refused order
    leaves the others done. The Django admin's actions call it too."""
    move = _SINGLE[action]
    results = []
    for order_id in dict.fromkeys(order_ids):
        try:
            order = move(order_id=order_id, actor=actor)
        except Conflict as refused:
            current = Order.objects.filter(pk=order_id).values_list("status", flat=True).first()
            results.append(BulkResult(order_id, False, refused.message, current))
        except NotFound as missing:
            results.append(BulkResult(order_id, False, missing.message, None))
        else:
            results.append(BulkResult(order_id, True, _DONE[action], order.status))
    return results


def orders_expire_holds() -> int:
    """Cancel every pending order whose hold of PENDING_HOLD_HOURS ran out, as an admin's
    cancel does (stock back, event, customer email), with no actor and the reason "Hold
    expired". Returns how many it cancelled.

    One transaction per order, its row locked with SKIP LOCKED: a run never waits on an
    order an admin or another run is changing, and one that another run cancelled first is
    no longer pending when its turn comes, so runs may overlap and a repeat finds nothing.
    """
    hours = limit(shop_config().pending_hold_hours)
    if hours is None:
        return 0
    cutoff = timezone.now() - timedelta(hours=hours)
    cancelled = 0
    for order_id in order_expired_hold_ids(cutoff=cutoff):
        with transaction.atomic():
            order = (
                Order.objects.select_for_update(skip_locked=True)
                .filter(pk=order_id, status=OrderStatus.PENDING)
                .first()
            )
            if order is None:
                continue
            _leave_pending(
                order,
                actor=None,
                to_status=OrderStatus.CANCELLED,
                reason=HOLD_EXPIRED,
                email="order_hold_expired_email",
            )
        log_order_status(
            order, from_status=OrderStatus.PENDING, to_status=OrderStatus.CANCELLED, actor=None
        )
        cancelled += 1
    return cancelled


DELETED_CUSTOMER = "Deleted customer"
# The reason a closing account's pending orders give (their event note).
ACCOUNT_CLOSED = "Account closed."


def orders_cancel_for_closed_account(*, user: User) -> int:
    """Cancel a closing account's pending orders as an admin's cancel does (event with the
    reason, stock back through the ledger) in the caller's transaction, so the account
    cannot close while its orders keep holding stock. No email: the address is being
    erased and the person asked for it. Returns how many it cancelled."""
    cancelled = 0
    pending = Order.objects.select_for_update().filter(user=user, status=OrderStatus.PENDING)
    for order in pending.order_by("pk"):
        _leave_pending(
            order, actor=None, to_status=OrderStatus.CANCELLED, reason=ACCOUNT_CLOSED, email=None
        )
        log_order_status(
            order, from_status=OrderStatus.PENDING, to_status=OrderStatus.CANCELLED, actor=None
        )
        cancelled += 1
    return cancelled


def orders_anonymize_for_user(*, user: User) -> int:
    """Keep a closing account's orders for the books with nothing that names the person
    (accounts.services.user_erase, through accounts.personal_data); its pending orders are
    cancelled first (orders_cancel_for_closed_account). Returns how many orders it kept."""
    orders_cancel_for_closed_account(user=user)
    return Order.objects.filter(user=user).update(
        customer_name=DELETED_CUSTOMER,
        phone_number="",
        delivery_address="",
        delivery_zip="",
        special_instructions="",
        # A digest of the checkout request, which held those details.
        request_hash="",
    )
