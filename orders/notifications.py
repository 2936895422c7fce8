"""Emails about a placed order: a confirmation to the customer and an alert to the shop.

They run after the order is committed (transaction.on_commit); a mail server that is down
or slow must never fail or roll back an order, so every failure is caught and logged.
"""

import logging

from django.conf import settings
from django.core.mail import EmailMessage, get_connection

logger = logging.getLogger("shop.orders")


def _money(value):
    return f"${value:.2f}"


def _summary(order):
    lines = [f"Order #{order.pk} ({order.get_delivery_option_display()})", ""]
    for line in order.items.all():
        lines.append(f"  {line.quantity} x {line.label} @ {_money(line.unit_price)} = {_money(line.subtotal)}")
    lines += ["", f"Subtotal: {_money(order.subtotal)}"]
    if order.delivery_fee > 0:
        lines.append(f"Delivery fee: {_money(order.delivery_fee)}")
    lines.append(f"Total: {_money(order.total)}")
    if order.delivery_address:
        lines.append(f"Address: {order.delivery_address}")
    if order.delivery_date:
        lines.append(f"Delivery: {order.delivery_date.isoformat()} {order.delivery_time}".rstrip())
    if order.phone_number:
        lines.append(f"Phone: {order.phone_number}")
    if order.special_instructions:
        lines += ["", "Special instructions:", order.special_instructions]
    return lines


def confirmation_email(order):
    body = [f"Hello {order.customer_name},", "", "Thank you for your order. Here is what you ordered:", ""]
    body += _summary(order)
    return EmailMessage(
        subject=f"Order #{order.pk} confirmed",
        body="\n".join(body),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[order.user.email],
    )


def shop_alert_email(order):
    body = [f"A new order was placed by {order.customer_name} <{order.user.email}>.", ""]
    body += _summary(order)
    return EmailMessage(
        subject=f"New order #{order.pk}: {_money(order.total)}",
        body="\n".join(body),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.SHOP_EMAIL],
    )


def order_placed_emails(order_id, *, order=None):
    """Send both emails for the order `order_id` (or `order`, already read with its lines)."""
    from orders.selectors import order_get

    try:
        order = order if order is not None else order_get(order_id=order_id)
        messages = [confirmation_email(order), shop_alert_email(order)]
        connection = get_connection()
    except Exception as exc:
        logger.error("order email failed", extra={"order_id": order_id, "error": exc.__class__.__name__})
        return
    for kind, message in zip(("confirmation", "shop_alert"), messages):
        try:
            message.connection = connection
            message.send()
        except Exception as exc:
            # Only ids and the error class: the message holds names and addresses.
            logger.error(
                "order email failed", extra={"order_id": order_id, "email": kind, "error": exc.__class__.__name__}
            )
