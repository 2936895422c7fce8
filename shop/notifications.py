"""The daily low-stock digest to the shop (queued by `manage.py low_stock_digest`)."""

from django.conf import settings
from django.core.mail import EmailMessage

from shop.selectors import low_stock_rows
from storesettings.selectors import shop_config


def low_stock_items():
    """(sold out, low) rows of low_stock_rows, at LOW_STOCK_THRESHOLD."""
    rows = low_stock_rows(shop_config().low_stock_threshold)
    return [row for row in rows if row[5] == 0], [row for row in rows if row[5] > 0]


def _item(row):
    product_id, product, type_id, type_name, category, quantity, available = row
    label = f"{product} - {type_name}" if type_id else product
    hidden = "" if available else ", not shown to customers"
    return f"  {quantity:>4}  {label} ({category}, #{product_id}{hidden})"


def low_stock_digest_email():
    """Builder for the task: the digest, or None when nothing is low or sold out."""
    sold_out, low = low_stock_items()
    if not sold_out and not low:
        return None
    threshold = shop_config().low_stock_threshold
    body = [f"Stock at {threshold} units or fewer, as of this morning's check.", ""]
    if sold_out:
        body += [f"Sold out ({len(sold_out)}):", *map(_item, sold_out), ""]
    if low:
        body += [f"Low ({len(low)}):", *map(_item, low), ""]
    body.append("Products with types are listed by type.")
    return EmailMessage(
        subject=f"Low stock: {len(sold_out)} sold out, {len(low)} low",
        body="\n".join(body),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.SHOP_EMAIL],
    )
