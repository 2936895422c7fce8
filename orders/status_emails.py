"""The customer's email when an order is completed or cancelled, by an admin or because its
hold ran out (a background task, queued by orders.services when the change commits; see
common/mail.py)."""

from django.conf import settings
from django.core.mail import EmailMessage

from common.shoptime import format_when
from orders.age import id_notice
from orders.models import OrderStatus
from orders.pricing import DeliveryOption
from storesettings.selectors import shop_config


def _completed(order, config):
    """Complete means the order left the shop: handed over at the counter, delivered, or
    given to the carrier. `updated_at` is when its status moved."""
    when = format_when(order.updated_at)
    if order.delivery_option == DeliveryOption.PICKUP:
        return (
            f"Order #{order.pk} was picked up",
            [
                f"Your order #{order.pk} was handed over at {config.pickup_location} on {when}.",
                "Thank you for picking it up. If anything is missing, reply to this email or "
                f"call us at {config.pickup_phone}.",
            ],
        )
    if order.delivery_option == DeliveryOption.DELIVERY:
        return (
            f"Order #{order.pk} was delivered",
            [
                f"Your order #{order.pk} was delivered on {when}.",
                f"If anything is missing, reply to this email or call us at {config.pickup_phone}.",
            ],
        )
    return (
        f"Order #{order.pk} has shipped",
        [f"Your order #{order.pk} left our shop on {when} and is on its way."],
    )


def _subject_and_news(order, *, hold_expired=False):
    config = shop_config()
    if order.status == OrderStatus.CANCELLED:
        return (
            f"Order #{order.pk} was cancelled",
            [
                f"Your order #{order.pk}, placed {format_when(order.created_at)}, was not "
                f"completed within {config.pending_hold_hours} hours, so we cancelled it and "
                "its items went back on our shelves. You are welcome to order again."
                if hold_expired
                else f"Your order #{order.pk}, placed {format_when(order.created_at)}, was "
                "cancelled, and its items went back on our shelves.",
                "If you did not expect this, reply to this email or call us at "
                f"{config.pickup_phone}.",
            ],
        )
    return _completed(order, config)


# Starts the part of an event's note that is for the back office only (the customer's
# history shows what comes before it: orders.serializers.OrderEventSerializer.reason).
EMAIL_QUEUED = "Customer email queued: "


def status_email_note(order):
    """The order event's note when the email is queued (the task's row shows when it left)."""
    subject, _ = _subject_and_news(order)
    return f"{EMAIL_QUEUED}{subject}"


def order_hold_expired_email(order_id):
    """Builder for the task: a pending order cancelled because its hold ran out."""
    return order_status_email(order_id, hold_expired=True)


def order_status_email(order_id, hold_expired=False):
    """Builder for the task: the news of the order's current status, or None when there is
    nothing to tell (order gone, or back to pending)."""
    from orders.selectors import order_get

    order = order_get(order_id=order_id)
    if order is None or order.status == OrderStatus.PENDING:
        return None
    subject, news = _subject_and_news(order, hold_expired=hold_expired)
    body = [f"Hello {order.customer_name},", "", *news]
    notice = id_notice(order)
    # Only while the handover is still ahead: a parcel the carrier still has to hand over.
    # A pickup or a local delivery is completed once handed over, ID checked.
    if (
        notice
        and order.status == OrderStatus.COMPLETED
        and order.delivery_option == DeliveryOption.SHIPPING
    ):
        body += ["", notice]
    body += ["", f"Thank you for shopping at {shop_config().shop_name}."]
    return EmailMessage(
        subject=subject,
        body="\n".join(body),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[order.user.email],
    )
