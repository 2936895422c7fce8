"""Every write to orders: checkout (with stock reservation), complete, cancel, and the
cancel of pending orders whose hold ran out."""

import logging
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from common import metrics
from common.errors import BadRequest, Conflict, Forbidden, NotFound
from common.mail import send_email_later
from common.status import log_status_change, record_event, transition
from orders.delivery import delivery_slot_take
from orders.models import Order, OrderLine, OrderStatus
from orders.notifications import order_placed_emails
from orders.pricing import DeliveryOption, delivery_fee, money
from orders.rules import check_pending_orders, checkout_plan, limit
from orders.selectors import (
    order_by_idempotency_key,
    order_expired_hold_ids,
    order_get,
    order_pending_count,
)
from orders.status_emails import status_email_note
from shop.models import ProductType
from shop.stock import StockLine, stock_release, stock_reserve

logger = logging.getLogger("shop.orders")

ORDER_NOT_FOUND = "Order not found"
CART_EMPTY = "Your cart is empty"
QUANTITY_TOO_LOW = "Quantity must be at least 1"
ADMINS_DO_NOT_SHOP = "Admins cannot place orders. Please sign in as a customer to shop."
PRICES_CHANGED = "Prices have changed. Please review your cart."
TYPE_REQUIRED = "Please select a product type"
ORDER_TOO_LARGE = "This order is too large for one checkout. Please split it into smaller orders."
# What Order.total (12 digits, 2 decimals) can hold.
MAX_ORDER_TOTAL = Decimal("9999999999.99")
IDEMPOTENCY_KEY_TOO_LONG = "The Idempotency-Key header must be at most 255 characters."
# The reason an order event gives when the hold ran out (no actor: the scheduled command).
HOLD_EXPIRED = "Hold expired."
IDEMPOTENCY_KEY_REUSED = (
    "This Idempotency-Key was already used for a different order. Use a new key for a new order."
)


@dataclass(frozen=True)
class CheckoutResult:
    order: Order
    # False when an earlier checkout with the same Idempotency-Key is answered again.
    created: bool


def _log_status(order, *, from_status, to_status, actor):
    log_status_change(
        logger,
        "order status changed",
        from_status=from_status,
        to_status=to_status,
        actor=actor,
        order_id=order.pk,
        user_id=order.user_id,
    )


def _differs(client_value, server_value):
    """Whether a figure the shopper was shown differs from the server's, to the cent."""
    if client_value is None:
        return False
    try:
        return money(client_value) != server_value
    except InvalidOperation:
        # Too many digits to round to cents (1e30): certainly not the server's figure.
        return True


def _replay(*, user, key, request_hash):
    order = order_by_idempotency_key(user=user, key=key)
    if order is None:
        return None
    if order.request_hash != request_hash:
        raise Conflict(IDEMPOTENCY_KEY_REUSED)
    return CheckoutResult(order=order, created=False)


def order_checkout(
    *,
    user,
    lines,
    customer_name,
    delivery_option,
    delivery_address="",
    phone_number="",
    delivery_date=None,
    delivery_time="",
    delivery_zip="",
    age_confirmed=False,
    special_instructions="",
    client_delivery_fee=None,
    client_total=None,
    idempotency_key=None,
    request_hash="",
    notify=True,
):
    """Place an order for `lines` (shop.stock.StockLine): reserve the stock, price it from
    the database, store the order with copies of names and prices, and email both sides.

    All or nothing: any refusal (unknown or short item, changed price) rolls back every
    reservation. With `idempotency_key`, a repeat of the same request answers the first
    order (created=False) instead of placing a second one, even once the customer is at
    MAX_PENDING_ORDERS.
    """
    if user.is_staff:
        raise Forbidden(ADMINS_DO_NOT_SHOP)
    if not lines:
        raise BadRequest(CART_EMPTY, errors={"cartItems": [CART_EMPTY]})
    if any(line.quantity < 1 for line in lines):
        raise BadRequest(QUANTITY_TOO_LOW, errors={"cartItems": [QUANTITY_TOO_LOW]})
    option = DeliveryOption(delivery_option)
    if (
        idempotency_key
        and len(idempotency_key) > Order._meta.get_field("idempotency_key").max_length
    ):
        raise BadRequest(IDEMPOTENCY_KEY_TOO_LONG)
    if idempotency_key:
        replayed = _replay(user=user, key=idempotency_key, request_hash=request_hash)
        if replayed is not None:
            return replayed

    try:
        with transaction.atomic():
            # The customer's row lock makes their checkouts take turns, so parallel requests
            # cannot all count the same pending orders and together pass the cap.
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
            if idempotency_key:
                # A retry that waited on the lock for its original answers that order,
                # which may be the one that reached the cap.
                replayed = _replay(user=user, key=idempotency_key, request_hash=request_hash)
                if replayed is not None:
                    return replayed
            check_pending_orders(order_pending_count(user=user))
            # A product sold in types has its stock on the types: a line without one would
            # sell units the product does not show.
            untyped = {line.product_id for line in lines if line.type_id is None}
            if untyped and ProductType.objects.filter(product_id__in=untyped).exists():
                raise BadRequest(TYPE_REQUIRED, errors={"cartItems": [TYPE_REQUIRED]})
            # Shipping, delivery area and hours, phone and the 21+ confirmation (400s; the
            # capacity of a delivery hour is taken below, once the order row exists).
            plan = checkout_plan(
                option=option,
                lines=lines,
                age_confirmed=age_confirmed,
                delivery_zip=delivery_zip,
                phone_number=phone_number,
                delivery_date=delivery_date,
                delivery_time=delivery_time,
            )
            # A retry racing its original was answered above, after the customer's lock; the
            # unique index on the key stays the backstop, and is met before any stock lock,
            # so a retry can never be refused for stock its original just took.
            order = Order.objects.create(
                user=user,
                customer_name=customer_name,
                delivery_option=option,
                delivery_address=delivery_address,
                phone_number=plan.phone_number,
                delivery_date=delivery_date,
                delivery_time=plan.delivery_time,
                delivery_zip=plan.delivery_zip,
                delivery_at=plan.delivery_at,
                id_check_required=plan.id_check_required,
                # Recorded only when the order needs it: a box ticked for a cart of
                # unrestricted goods confirms nothing an ID check will look for.
                age_confirmed_at=(
                    timezone.now() if plan.id_check_required and age_confirmed is True else None
                ),
                special_instructions=special_instructions,
                idempotency_key=idempotency_key or None,
                request_hash=request_hash if idempotency_key else "",
            )
            if plan.delivery_at is not None:
                delivery_slot_take(order=order, moment=plan.delivery_at)
            reserved = stock_reserve(lines=lines)
            subtotal = money(
                sum((line.unit_price * line.quantity for line in reserved), start=money(0))
            )
            fee = delivery_fee(option, subtotal)
            total = subtotal + fee
            if total > MAX_ORDER_TOTAL:
                # Raised before the totals are stored: the whole checkout rolls back.
                raise BadRequest(ORDER_TOO_LARGE, errors={"cartItems": [ORDER_TOO_LARGE]})
            if _differs(client_delivery_fee, fee) or _differs(client_total, total):
                raise Conflict(PRICES_CHANGED)
            order.subtotal, order.delivery_fee, order.total = subtotal, fee, total
            order.save(update_fields=["subtotal", "delivery_fee", "total"])
            OrderLine.objects.bulk_create(
                OrderLine(
                    order=order,
                    product_id=line.product_id,
                    product_type_id=line.type_id,
                    sold_as_type=line.type_id is not None,
                    product_name=line.product_name,
                    product_type_name=line.type_name,
                    unit_price=line.unit_price,
                    quantity=line.quantity,
                )
                for line in reserved
            )
            record_event(order, from_status="", to_status=OrderStatus.PENDING, actor=user)
            if notify:
                # In the order's own transaction: the emails are due exactly when the order
                # exists, never for a rolled-back one (common/mail.py).
                order_placed_emails(order.pk)
    except IntegrityError:
        # Two requests with one key at once: the other committed first; answer its order.
        if not idempotency_key:
            raise
        replayed = _replay(user=user, key=idempotency_key, request_hash=request_hash)
        if replayed is None:
            raise
        return replayed

    _log_status(order, from_status="", to_status=OrderStatus.PENDING, actor=user)
    metrics.order_placed()
    return CheckoutResult(order=order_get(order_id=order.pk), created=True)


def _releasable(order):
    """Stock lines to put back; lines whose product or type was deleted are skipped."""
    lines = []
    for line in order.items.all():
        if line.sold_as_type:
            if line.product_type_id is not None:
                lines.append(
                    StockLine(
                        product_id=line.product_id,
                        type_id=line.product_type_id,
                        quantity=line.quantity,
                    )
                )
        elif line.product_id is not None:
            lines.append(
                StockLine(product_id=line.product_id, type_id=None, quantity=line.quantity)
            )
    return lines


def _leave_pending(order, *, actor, to_status, reason="", email="order_status_email"):
    """Move the locked, pending `order` on: stock back on a cancel, the event (`reason`
    first in its note), and the customer's email (a builder of orders/status_emails.py)
    queued for when this commits."""
    if to_status == OrderStatus.CANCELLED:
        stock_release(lines=_releasable(order))
    transition(
        order,
        to_status=to_status,
        actor=actor,
        event_fields=lambda moved: {
            "note": " ".join(filter(None, [reason, status_email_note(moved)]))
        },
    )
    send_email_later(f"orders.status_emails.{email}", order.pk)


def _order_leave_pending(*, order_id, actor, to_status, verb):
    with transaction.atomic():
        # The lock makes a complete and a cancel of one order take turns: the second one
        # sees the first one's status and is refused.
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        from_status = order.status
        if from_status != OrderStatus.PENDING:
            raise Conflict(f"Only pending orders can be {verb}. This order is {from_status}.")
        _leave_pending(order, actor=actor, to_status=to_status)
    _log_status(order, from_status=from_status, to_status=to_status, actor=actor)
    return order_get(order_id=order.pk)


def order_complete(*, order_id, actor):
    """The sale becomes final. Stock does not change: the units left it at checkout."""
    return _order_leave_pending(
        order_id=order_id, actor=actor, to_status=OrderStatus.COMPLETED, verb="completed"
    )


def order_cancel(*, order_id, actor):
    """Every reserved unit goes back to the product or type it came from, in the same
    transaction as the status change."""
    return _order_leave_pending(
        order_id=order_id, actor=actor, to_status=OrderStatus.CANCELLED, verb="cancelled"
    )


def orders_expire_holds():
    """Cancel every pending order whose hold of PENDING_HOLD_HOURS ran out, as an admin's
    cancel does (stock back, event, customer email), with no actor and the reason "Hold
    expired". Returns how many it cancelled.

    One transaction per order, its row locked with SKIP LOCKED: a run never waits on an
    order an admin or another run is changing, and one that another run cancelled first is
    no longer pending when its turn comes, so runs may overlap and a repeat finds nothing.
    """
    hours = limit(settings.PENDING_HOLD_HOURS)
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
        _log_status(
            order, from_status=OrderStatus.PENDING, to_status=OrderStatus.CANCELLED, actor=None
        )
        cancelled += 1
    return cancelled
