"""Orders as CSV, one row per order: shared by the admin action and `manage.py export_orders`."""

import csv
from collections.abc import Iterable

from common.csvcells import Writable, text_cell
from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order

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
    "promo_code",
    "discount",
    "delivery_fee",
    "excise_tax",
    "excise_tax_rate",
    "sales_tax",
    "sales_tax_rate",
    "tax_place",
    "total",
]


def _items(order: Order) -> str:
    return "; ".join(
        f"{line.quantity} x {line.label} @ {line.unit_price:.2f}" for line in order.items.all()
    )


def write_orders_csv(orders: Iterable[Order], out: Writable) -> int:
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
                text_cell(order.user.email),
                text_cell(order.customer_name),
                order.delivery_option,
                text_cell(order.delivery_address),
                text_cell(order.phone_number),
                order.delivery_date.isoformat() if order.delivery_date else "",
                text_cell(order.delivery_time),
                text_cell(order.special_instructions),
                text_cell(_items(order)),
                f"{order.subtotal:.2f}",
                text_cell(order.promo_code),
                f"{order.discount:.2f}",
                f"{order.delivery_fee:.2f}",
                f"{order.excise_tax:.2f}",
                f"{order.excise_tax_rate.normalize():f}",
                f"{order.sales_tax:.2f}",
                f"{order.sales_tax_rate.normalize():f}",
                text_cell(order.tax_place),
                f"{order.total:.2f}",
            ]
        )
        count += 1
    return count
