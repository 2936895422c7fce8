"""The daily low-stock digest to the shop (queued by `manage.py low_stock_digest`)."""

from datetime import date
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string

from common.mail import send_email_later
from shop.models import LowStockDigest
from shop.selectors import low_stock_rows
from storesettings.selectors import shop_config

# The stock report's rows (shop.selectors.low_stock_rows).
StockRows = list[list[Any]]


def low_stock_items() -> tuple[StockRows, StockRows]:
    """(sold out, low) rows of low_stock_rows, at LOW_STOCK_THRESHOLD."""
    rows = low_stock_rows(shop_config().low_stock_threshold)
    return [row for row in rows if row[5] == 0], [row for row in rows if row[5] > 0]


def _item(row: list[Any]) -> dict[str, Any]:
    product_id, product, type_id, type_name, category, quantity, available = row
    return {
        "product_id": product_id,
        "product": product,
        "type_id": type_id,
        "type_name": type_name,
        "category": category,
        "quantity": quantity,
        "available": available,
    }


def low_stock_digest_email() -> EmailMessage | None:
    """Builder for the task: the digest, or None when nothing is low or sold out."""
    sold_out, low = low_stock_items()
    if not sold_out and not low:
        return None
    context = {
        "threshold": shop_config().low_stock_threshold,
        "sold_out": [_item(row) for row in sold_out],
        "low": [_item(row) for row in low],
    }
    return EmailMessage(
        subject=f"Low stock: {len(sold_out)} sold out, {len(low)} low",
        body=render_to_string("shop/email/low_stock_digest.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.SHOP_EMAIL],
    )


def low_stock_digest_queue(*, day: date) -> tuple[StockRows, StockRows] | None:
    """Queue the low-stock digest of `day` once. Returns (sold out, low) rows; both empty when
    nothing is low (nothing queued, the day stays open), None when the day's digest was
    queued already. Two runs at once: the second waits on the first's row (unique key) and
    then finds it."""
    with transaction.atomic():
        sold_out, low = low_stock_items()
        if not sold_out and not low:
            return sold_out, low
        _, created = LowStockDigest.objects.get_or_create(day=day)
        if not created:
            return None
        send_email_later("shop.notifications.low_stock_digest_email")
    return sold_out, low
