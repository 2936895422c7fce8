"""The customer's email when an order is completed or cancelled, by an admin or because its
hold ran out (a background task, queued by orders.services when the change commits; see
common/mail.py)."""

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string

from common.shoptime import format_when
from orders.age import id_notice
from orders.models import Order, OrderStatus
from orders.pricing import DeliveryOption
from storesettings.selectors import shop_config


def _news(order: Order, *, hold_expired: bool = False) -> str:
    """Which news the email tells (orders/templates/orders/email/status.txt). Complete means
    the order left the shop: handed over at the counter, delivered, or given to the
    carrier."""
    if order.status == OrderStatus.CANCELLED:
        return "hold_expired" if hold_expired else "cancelled"
    if order.delivery_option == DeliveryOption.PICKUP:
        return "picked_up"
    if order.delivery_option == DeliveryOption.DELIVERY:
        return "delivered"
    return "shipped"


SUBJECTS = {
    "hold_expired": "Order #{pk} was cancelled",
    "cancelled": "Order #{pk} was cancelled",
    "picked_up": "Order #{pk} was picked up",
    "delivered": "Order #{pk} was delivered",
    "shipped": "Order #{pk} has shipped",
}


# Starts the part of an event's note that is for the back office only (the customer's
# history shows what comes before it: orders.answer_serializers.OrderEventSerializer.reason).
EMAIL_QUEUED = "Customer email queued: "


def status_email_note(order: Order) -> str:
    """The order event's note when the email is queued (the task's row shows when it left)."""
    return EMAIL_QUEUED + SUBJECTS[_news(order)].format(pk=order.pk)


def order_hold_expired_email(order_id: int) -> EmailMessage | None:
    """Builder for the task: a pending order cancelled because its hold ran out."""
    return order_status_email(order_id, hold_expired=True)


def order_status_email(order_id: int, hold_expired: bool = False) -> EmailMessage | None:
    """Builder for the task: the news of the order's current status, or None when there is
    nothing to tell (order gone, or back to pending)."""
    from orders.selectors import order_get

    order = order_get(order_id=order_id)
    if order is None or order.status == OrderStatus.PENDING:
        return None
    news = _news(order, hold_expired=hold_expired)
    context = {
        "order": order,
        "news": news,
        "config": shop_config(),
        # `updated_at` is when its status moved.
        "when": format_when(order.updated_at),
        "placed": format_when(order.created_at),
        # Only while the handover is still ahead: a parcel the carrier still has to hand
        # over. A pickup or a local delivery is completed once handed over, ID checked.
        "id_notice": id_notice(order) if news == "shipped" else None,
    }
    return EmailMessage(
        subject=SUBJECTS[news].format(pk=order.pk),
        body=render_to_string("orders/email/status.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[order.user.email],
    )
