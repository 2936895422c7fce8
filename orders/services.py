"""Every write to orders after checkout (orders/checkout.py): complete, cancel, and the
cancel of pending orders whose hold ran out. Which status may follow which is
orders.models.ORDER_TRANSITIONS, enforced by common.status.transition."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from common.errors import Conflict, InvalidInput, NotFound
from common.mail import send_email_later
from common.status import record_event, transition
from common.templatetags.emails import money as money_text
from orders.checkout import FIGURE_FIELDS, log_order_status, store_figures
from orders.checks import refuse_unchecked_complete
from orders.models import ORDER_TRANSITIONS, Order, OrderLine, OrderStatus
from orders.pricing import Offer, PriceLine, TaxRates, price_order
from orders.records import ERASED_EMAIL_END, kept_records, records_cutoff
from orders.rollups import rollup_replace, rollup_state
from orders.rules import limit
from orders.selectors import order_expired_hold_ids, order_get
from orders.status_emails import status_email_note
from promotions.services import promotion_give_back
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
    lines = [_releasable_line(line) for line in order.items.all()]
    return [line for line in lines if line is not None]


def _releasable_line(line: OrderLine) -> StockLine | None:
    type_id = line.product_type_id if line.sold_as_type else None
    # A type is deleted with its product, so a line with a type still has its product.
    if line.product_id is None or (line.sold_as_type and type_id is None):
        return None
    return StockLine(product_id=line.product_id, type_id=type_id, quantity=line.quantity)


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
    customer's email (a builder of orders/status_emails.py) queued for when this commits.
    The day's rollups move with it, last (orders/rollups.py)."""
    before = rollup_state(order)
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
        # Its promo code's use, if any, counts no more.
        promotion_give_back(order_id=order.pk)
    if email:
        send_email_later(f"orders.status_emails.{email}", order.pk)
    rollup_replace(before, order)


def _order_leave_pending(*, order_id: int, actor: User, to_status: OrderStatus) -> Order:
    with transaction.atomic():
        # The lock makes a complete and a cancel of one order take turns: the second one
        # sees the first one's status and is refused.
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        from_status = order.status
        if to_status == OrderStatus.COMPLETED and from_status == OrderStatus.PENDING:
            refuse_unchecked_complete(order)
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
        except (Conflict, InvalidInput) as refused:
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


# What no order keeps of an erased person; and what only its compliance records keep, for
# their years (orders/records.py).
ERASED_ALWAYS = {
    "phone_number": "",
    "special_instructions": "",
    # A digest of the checkout request, which held those details.
    "request_hash": "",
}
ERASED_UNLESS_RECORD = {
    "customer_name": DELETED_CUSTOMER,
    "delivery_address": "",
    "delivery_zip": "",
    "handover_recipient": "",
    "handover_id_type": "",
    "handover_birth_year": None,
    "handover_home_address": "",
    "handover_signature_png": None,
}


def orders_anonymize_for_user(*, user: User) -> int:
    """Keep a closing account's orders for the books with nothing that names the person
    (accounts.people.user_erase, through accounts.personal_data), except what its
    compliance records within their years must keep (orders/records.py); its pending orders
    are cancelled first (orders_cancel_for_closed_account). Returns how many orders it kept."""
    orders_cancel_for_closed_account(user=user)
    orders = Order.objects.filter(user=user)
    kept = [order.pk for order in kept_records(orders)]
    orders.filter(pk__in=kept).update(**ERASED_ALWAYS)
    return orders.exclude(pk__in=kept).update(**ERASED_ALWAYS, **ERASED_UNLESS_RECORD) + len(kept)


def orders_records_expire(*, now: datetime | None = None) -> int:
    """Erase what the records of erased customers kept once their years are over (`manage.py
    compliance_monthly`): their orders become as any erased customer's. Returns how many
    orders it erased; a second run finds none."""
    past = Order.objects.filter(
        user__is_active=False,
        user__email__endswith=ERASED_EMAIL_END,
        handed_over_at__lt=records_cutoff(now),
    ).exclude(customer_name=DELETED_CUSTOMER)
    return past.update(**ERASED_ALWAYS, **ERASED_UNLESS_RECORD)


# --- Adjusting a pending order -------------------------------------------------------------

LINE_NOT_FOUND = "This line is not on the order."
ONLY_LOWER = "A line's quantity can only be lowered (to {most} at most); to remove it, send 0."
NOTHING_LEFT = "An order cannot be left with nothing in it. Cancel the order instead."
ADJUST_ONLY_PENDING = "Only pending orders can be changed. This order is {status}."
ADJUSTED_NOTE = "{label}: {before} -> {after}{why}. New total {total}."


def order_line_adjust(
    *, order_id: int, item_id: int, quantity: int, actor: User, reason: str = ""
) -> Order:
    """Lower a line of a pending order to `quantity` (0 removes it), as an admin does when
    the last unit broke or the customer phoned: the units go back to stock through the
    ledger (`order_adjusted`, with `reason`), the totals, discount and taxes are computed
    again under the rates and promotion the order was placed with (its delivery fee stays as
    charged), the history records who changed what, and the customer is emailed the new
    total. Refused: another order's line (404), a quantity not lower (400), an order left
    with nothing (400: cancel it instead), an order no longer pending (409)."""
    with transaction.atomic():
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        if order.status != OrderStatus.PENDING:
            raise Conflict(ADJUST_ONLY_PENDING.format(status=order.status))
        lines = list(order.items.all())
        line = next((item for item in lines if item.pk == item_id), None)
        if line is None:
            raise NotFound(LINE_NOT_FOUND)
        if not 0 <= quantity < line.quantity:
            message = ONLY_LOWER.format(most=line.quantity - 1)
            raise InvalidInput(message, errors={"quantity": [message]})
        if quantity == 0 and len(lines) == 1:
            raise InvalidInput(NOTHING_LEFT, errors={"quantity": [NOTHING_LEFT]})
        before = line.quantity
        counted = rollup_state(order)
        _give_back(order, line, before - quantity, actor=actor, reason=reason)
        if quantity:
            line.quantity = quantity
            line.save(update_fields=["quantity"])
        else:
            line.delete()
        order_reprice(order)
        why = f" ({reason})" if reason else ""
        record_event(
            order,
            from_status=OrderStatus.PENDING,
            to_status=OrderStatus.PENDING,
            actor=actor,
            note=ADJUSTED_NOTE.format(
                label=line.label[:80],
                before=before,
                after=quantity,
                why=why[:60],
                total=money_text(order.total),
            ),
        )
        send_email_later("orders.notifications.order_adjusted_email", order.pk, reason)
        rollup_replace(counted, order)
    return _reread(order)


def _give_back(order: Order, line: OrderLine, units: int, *, actor: User, reason: str) -> None:
    """`units` of `line` back to stock (skipped when its item left the catalog)."""
    taken = _releasable_line(line)
    if taken is None:
        return
    stock_release(
        lines=[StockLine(product_id=taken.product_id, type_id=taken.type_id, quantity=units)],
        order_id=order.pk,
        actor=actor,
        reason=StockReason.ADJUSTED,
        note=reason,
    )


def order_reprice(order: Order) -> None:
    """The order's figures from its lines as they are now, under the rates, promotion and
    delivery fee it was placed with (orders/pricing.py), stored on it and its lines."""
    lines = list(order.items.all())
    offer = (
        Offer(order.promo_kind, order.promo_value)
        if order.promo_kind and order.promo_value is not None
        else None
    )
    figures = price_order(
        [
            PriceLine(line.unit_price, line.quantity, line.excise, line.discountable)
            for line in lines
        ],
        delivery_fee=order.delivery_fee,
        rates=TaxRates(order.sales_tax_rate, order.excise_tax_rate, order.tax_place),
        offer=offer,
    )
    store_figures(order, figures)
    order.save(update_fields=[*FIGURE_FIELDS, "updated_at"])
    for line, shares in zip(lines, figures.lines, strict=True):
        line.discount, line.excise_tax = shares.discount, shares.excise_tax
    OrderLine.objects.bulk_update(lines, ["discount", "excise_tax"])
