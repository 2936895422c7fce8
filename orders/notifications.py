"""Emails about a placed order: a confirmation to the customer and an alert to the shop.

Each is a background task (common.mail): queued once the order is committed, sent by the
worker, retried when the mail server fails; a checkout never waits on mail.
"""

from django.conf import settings
from django.core.mail import EmailMessage

from common.mail import send_email_later
from common.shoptime import format_day_and_clock
from orders.age import id_notice


def _money(value):
    return f"${value:.2f}"


def _summary(order):
    lines = [f"Order #{order.pk} ({order.get_delivery_option_display()})", ""]
    for line in order.items.all():
        lines.append(
            f"  {line.quantity} x {line.label} @ {_money(line.unit_price)} = {_money(line.subtotal)}"
        )
    lines += ["", f"Subtotal: {_money(order.subtotal)}"]
    if order.delivery_fee > 0:
        lines.append(f"Delivery fee: {_money(order.delivery_fee)}")
    lines.append(f"Total: {_money(order.total)}")
    if order.delivery_address:
        lines.append(f"Address: {order.delivery_address}")
    if order.delivery_date:
        lines.append(f"Delivery: {format_day_and_clock(order.delivery_date, order.delivery_time)}")
    if order.phone_number:
        lines.append(f"Phone: {order.phone_number}")
    if order.id_check_required:
        lines.append(id_notice(order))
    if order.special_instructions:
        lines += ["", "Special instructions:", order.special_instructions]
    return lines


def confirmation_email(order):
    body = [
        f"Hello {order.customer_name},",
        "",
        "Thank you for your order. Here is what you ordered:",
        "",
    ]
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


def _order(order_id):
    from orders.selectors import order_get

    return order_get(order_id=order_id)


def order_confirmation_email(order_id):
    """Builder for the task: the customer's confirmation, or None if the order is gone."""
    order = _order(order_id)
    return confirmation_email(order) if order is not None else None


def order_shop_alert_email(order_id):
    order = _order(order_id)
    return shop_alert_email(order) if order is not None else None


def order_placed_emails(order_id):
    """Queue both emails for the order `order_id`; the worker reads the order afresh."""
    send_email_later("orders.notifications.order_confirmation_email", order_id)
    send_email_later("orders.notifications.order_shop_alert_email", order_id)
