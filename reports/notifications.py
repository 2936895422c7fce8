"""The monthly email telling the admins that last month's delivery-sales report is ready
(queued by `manage.py compliance_monthly`)."""

from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string

from accounts.models import User
from common.mail import send_email_later
from common.roles import Role
from reports.compliance import Period, delivery_sales, month_of
from reports.models import DeliverySalesNotice

REPORT_PATH = "/api/compliance/delivery-sales"


def _admin_emails() -> list[str]:
    return list(
        User.objects.filter(role=Role.ADMIN, is_active=True)
        .order_by("pk")
        .values_list("email", flat=True)
    )


def _origin() -> str:
    """The shop's address for the links: the first of CSRF_TRUSTED_ORIGINS (the site's own
    origin in production), else none (paths only)."""
    origins = getattr(settings, "CSRF_TRUSTED_ORIGINS", None) or [""]
    return str(origins[0]).rstrip("/")


def delivery_sales_ready_email(month: str) -> EmailMessage | None:
    """Builder for the task: `month` (YYYY-MM-DD, its first day); None without admins."""
    to = _admin_emails()
    if not to:
        return None
    period = month_of(date.fromisoformat(month))
    report = delivery_sales(period)
    query = f"?month={report['month']}"
    context: dict[str, Any] = {
        "month_name": f"{period.first:%B %Y}",
        "totals": report["totals"],
        "pdf_link": f"{_origin()}{REPORT_PATH}.pdf{query}",
        "csv_link": f"{_origin()}{REPORT_PATH}.csv{query}",
    }
    return EmailMessage(
        subject=f"Delivery-sales report of {period.first:%B %Y} is ready",
        body=render_to_string("reports/email/delivery_sales_ready.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=to,
    )


def delivery_sales_notice_queue(*, today: date) -> Period | None:
    """Queue the email of last month's report once (the month before `today`'s). Returns the
    month, or None when it was queued already."""
    period = month_of(today.replace(day=1) - timedelta(days=1))
    with transaction.atomic():
        _, created = DeliverySalesNotice.objects.get_or_create(month=period.first)
        if not created:
            return None
        send_email_later("reports.notifications.delivery_sales_ready_email", f"{period.first}")
    return period
