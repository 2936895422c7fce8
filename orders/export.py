"""Orders as CSV, one row per order: shared by the admin action and `manage.py export_orders`."""

import csv

from orders.calendar import SHOP_TIME_ZONE

COLUMNS = [
    "id",
    "created_at",
    "status",
    "customer_email",
    "customer_name",
    "delivery_option",
    "delivery_address",
    "phone_number",
    "delivery_date",
    "delivery_time",
    "special_instructions",
    "items",
    "subtotal",
    "delivery_fee",
    "total",
]


def _cell(value):
    # A spreadsheet would run a cell that starts like a formula; names and addresses are
    # typed by customers, so such cells are quoted as text.
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _items(order):
    return "; ".join(
        f"{line.quantity} x {line.label} @ {line.unit_price:.2f}" for line in order.items.all()
    )


def write_orders_csv(orders, out):
    """Write `orders` (with items prefetched, see selectors.orders_for_export) to `out`."""
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    count = 0
    for order in orders:
        writer.writerow(
            [
                order.pk,
                order.created_at.astimezone(SHOP_TIME_ZONE).isoformat(timespec="seconds"),
                order.status,
                _cell(order.user.email),
                _cell(order.customer_name),
                order.delivery_option,
                _cell(order.delivery_address),
                _cell(order.phone_number),
                order.delivery_date.isoformat() if order.delivery_date else "",
                _cell(order.delivery_time),
                _cell(order.special_instructions),
                _cell(_items(order)),
                f"{order.subtotal:.2f}",
                f"{order.delivery_fee:.2f}",
                f"{order.total:.2f}",
            ]
        )
        count += 1
    return count
