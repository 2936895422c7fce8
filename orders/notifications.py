"""Emails about a placed order: a confirmation to the customer and an alert to the shop.

Each is a background task (common.mail): queued once the order is committed, sent by the
worker, retried when the mail server fails; a checkout never waits on mail.
"""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string

from accounts.models import User
from common.mail import send_email_later
from common.shoptime import format_day_and_clock, format_when
from common.templatetags.emails import money
from orders.age import id_notice
from orders.models import Order
from storesettings.selectors import shop_config


def _context(order: Order) -> dict[str, Any]:
    """What the order's templates read beside the order (orders/templates/orders/email/)."""
    return {
        "order": order,
        "delivery_when": format_day_and_clock(order.delivery_date, order.delivery_time)
        if order.delivery_date
        else None,
        "id_notice": id_notice(order),
        "hold_until": _hold_until(order),
    }


def _hold_until(order: Order) -> str | None:
    """When a still-pending order is cancelled by `expire_pending_orders`: the hold counts
    from when it was placed, whatever its delivery date (None: holds never expire)."""
    hours = shop_config().pending_hold_hours
    if hours <= 0:
        return None
    return format_when(order.created_at + timedelta(hours=hours))


def confirmation_email(order: Order) -> EmailMessage:
    return EmailMessage(
        subject=f"Order #{order.pk} confirmed",
        body=render_to_string("orders/email/confirmation.txt", _context(order)),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[order.user.email],
    )


def shop_alert_email(order: Order) -> EmailMessage:
    return EmailMessage(
        subject=f"New order #{order.pk}: {money(order.total)}",
        body=render_to_string("orders/email/shop_alert.txt", _context(order)),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.SHOP_EMAIL],
    )


def _order(order_id: int) -> Order | None:
    from orders.selectors import order_get

    return order_get(order_id=order_id)


def order_confirmation_email(order_id: int) -> EmailMessage | None:
    """Builder for the task: the customer's confirmation, or None if the order is gone."""
    order = _order(order_id)
    return confirmation_email(order) if order is not None else None


def order_shop_alert_email(order_id: int) -> EmailMessage | None:
    order = _order(order_id)
    return shop_alert_email(order) if order is not None else None


def order_placed_emails(order_id: int) -> None:
    """Queue both emails for the order `order_id`; the worker reads the order afresh."""
    send_email_later("orders.notifications.order_confirmation_email", order_id)
    send_email_later("orders.notifications.order_shop_alert_email", order_id)


def order_adjusted_email(order_id: int, reason: str = "") -> EmailMessage | None:
    """The customer's email when the shop lowered or removed a line of their pending order:
    the order as it is now and its new total (orders.services.order_line_adjust)."""
    order = _order(order_id)
    if order is None:
        return None
    return EmailMessage(
        subject=f"Order #{order.pk} was changed: new total {money(order.total)}",
        body=render_to_string("orders/email/adjusted.txt", {**_context(order), "reason": reason}),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[order.user.email],
    )


def order_ready_email(order_id: int) -> EmailMessage | None:
    """Builder for the task: a pickup order is ready, and where to collect it (the pickup
    place, phone and instructions of the shop's settings); None if the order is gone."""
    order = _order(order_id)
    if order is None:
        return None
    context = {**_context(order), "config": shop_config()}
    return EmailMessage(
        subject=READY_SUBJECT.format(pk=order.pk),
        body=render_to_string("orders/email/ready.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[order.user.email],
    )


READY_SUBJECT = "Order #{pk} is ready for pickup"


EXPORT_SUBJECT = "Your orders CSV is ready ({rows} orders)"


def export_ready_email(user_id: int, link: str, rows: int) -> EmailMessage | None:
    """Builder for the task: a background orders export (orders/export.py) is stored; its
    link, which opens for staff signed in to the Django admin. None if the account is gone."""
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return None
    context = {"user": user, "link": link, "rows": rows, "shop_name": shop_config().shop_name}
    return EmailMessage(
        subject=EXPORT_SUBJECT.format(rows=rows),
        body=render_to_string("orders/email/export_ready.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
    )
