"""Orders as CSV, one row per order: one row shape (`_row`) for `manage.py export_orders`
(write_orders_csv), the Django admin's download (orders_csv_stream) and its background
export (orders_export_later).

Memory stays flat whatever the count: orders are read in chunks (`.iterator(chunk_size=...)`
with their lines prefetched per chunk) and written out as they come. A selection of more
than EXPORT_STREAM_MAX_ROWS orders would hold a web worker past its timeout, so the worker
process writes it instead, in parts of EXPORT_PART_ROWS orders (each task a few seconds, so
emails queued meanwhile are not held up and no part outlives TASK_STUCK_SECONDS), into the
default storage under PRIVATE_DIR, and emails its link: a page of the Django admin that
requires signing in (OrderAdmin.export_download) and joins the parts as one download.

Such an export holds customers' details: its link works for EXPORT_FILES_KEEP_DAYS after
its last part was written, and `manage.py delete_old_exports` (the housekeeping timer)
deletes its files then.
"""

import base64
import csv
import logging
import os
import pickle
import secrets
import tempfile
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.files import File
from django.core.files.storage import Storage
from django.db.models import QuerySet
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django_tasks import task

from common.csvcells import Writable, text_cell
from common.mail import send_email_later
from common.shoptime import SHOP_TIME_ZONE
from common.storedfiles import PRIVATE_DIR, private_storage
from orders.models import Order
from orders.selectors import orders_export_part

logger = logging.getLogger("shop.orders")

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
# Orders read per query (their lines prefetched per chunk) and rows per piece streamed.
CHUNK_ROWS = 1000
# Orders per background part: a few seconds of work each.
EXPORT_PART_ROWS = 20_000
EXPORTS_DIR = f"{PRIVATE_DIR}/exports"


def _items(order: Order) -> str:
    return "; ".join(
        f"{line.quantity} x {line.label} @ {line.unit_price:.2f}" for line in order.items.all()
    )


def _row(order: Order) -> list[Any]:
    return [
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


def write_orders_csv(orders: Iterable[Order], out: Writable, *, header: bool = True) -> int:
    """Write `orders` (with items prefetched, see selectors.orders_for_export) to `out`;
    returns how many."""
    writer = csv.writer(out)
    if header:
        writer.writerow(COLUMNS)
    count = 0
    for order in orders:
        writer.writerow(_row(order))
        count += 1
    return count


class _Pieces:
    """What a csv writer writes, kept until the stream hands it on."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def take(self) -> str:
        text = "".join(self.parts)
        self.parts.clear()
        return text


def orders_csv_stream(queryset: QuerySet[Order]) -> Iterator[str]:
    """The CSV of `queryset` (orders_for_export's) in pieces of CHUNK_ROWS orders, for a
    StreamingHttpResponse: at most one chunk of orders is held at a time."""
    pieces = _Pieces()
    writer = csv.writer(pieces)
    writer.writerow(COLUMNS)
    for count, order in enumerate(queryset.iterator(chunk_size=CHUNK_ROWS), start=1):
        writer.writerow(_row(order))
        if count % CHUNK_ROWS == 0:
            yield pieces.take()
    yield pieces.take()


# --- In the background --------------------------------------------------------------------


def orders_export_later(*, queryset: QuerySet[Order], user_id: int, link: str) -> str:
    """Queue the CSV of `queryset` for the worker; `link` (with "{token}" where the export's
    token goes) is what the email carries. The selection is the orders of the query as it
    stands now: orders placed later are left out. Returns the token."""
    token = secrets.token_hex(16)
    # The query itself, not its ids (a million of them would bloat the task row): Django
    # documents pickling a QuerySet's query to run it later. Only this code writes it.
    query = base64.b64encode(pickle.dumps(queryset.order_by().query)).decode()
    upto = queryset.order_by("-pk").values_list("pk", flat=True).first() or 0
    export_orders_part.enqueue(
        query=query,
        token=token,
        upto_id=upto,
        after_id=0,
        part=0,
        rows=0,
        user_id=user_id,
        link=link.replace("{token}", token),
    )
    return token


def export_part_name(token: str, part: int) -> str:
    return f"{EXPORTS_DIR}/{token}/part-{part:05d}.csv"


@task()
def export_orders_part(
    *,
    query: str,
    token: str,
    upto_id: int,
    after_id: int,
    part: int,
    rows: int,
    user_id: int,
    link: str,
) -> dict[str, Any]:
    """Write the next EXPORT_PART_ROWS orders (by number, after `after_id`) as part `part`,
    then queue the next part, or, after the last, the email with the link. Run again (a
    worker lost), a part is written again under the same name."""
    queryset = Order.objects.all()
    queryset.query = pickle.loads(base64.b64decode(query))
    orders = orders_export_part(
        queryset=queryset, after_id=after_id, upto_id=upto_id, limit=EXPORT_PART_ROWS
    )
    storage = private_storage()
    name = export_part_name(token, part)
    last = [after_id]

    def numbered() -> Iterator[Order]:
        for order in orders.iterator(chunk_size=CHUNK_ROWS):
            last[0] = order.pk
            yield order

    with tempfile.TemporaryFile("w+", newline="", encoding="utf-8") as out:
        count = write_orders_csv(numbered(), out, header=part == 0)
        out.seek(0)
        if storage.exists(name):
            storage.delete(name)
        storage.save(name, File(out))
    rows += count
    if count == EXPORT_PART_ROWS:
        export_orders_part.enqueue(
            query=query,
            token=token,
            upto_id=upto_id,
            after_id=last[0],
            part=part + 1,
            rows=rows,
            user_id=user_id,
            link=link,
        )
    else:
        send_email_later("orders.notifications.export_ready_email", user_id, link, rows)
        logger.info("orders export written", extra={"rows": rows, "parts": part + 1})
    return {"part": part, "rows": rows}


def export_parts(token: str) -> list[str]:
    """The stored parts of export `token`, in order (none: no such export)."""
    folder = f"{EXPORTS_DIR}/{token}"
    storage = private_storage()
    try:
        _, files = storage.listdir(folder)
    except FileNotFoundError:
        return []
    return [f"{folder}/{name}" for name in sorted(files) if name.endswith(".csv")]


def export_gone_message() -> str:
    """What an expired or unknown export's link answers (404)."""
    days = settings.EXPORT_FILES_KEEP_DAYS
    return (
        f"This export is no longer available: exports are kept for {days} "
        f"day{pluralize(days)}, then deleted. Select the orders and export them again."
    )


def _kept_since(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) - timedelta(days=settings.EXPORT_FILES_KEEP_DAYS)


def export_expired(parts: list[str], *, now: datetime | None = None) -> bool:
    """Whether the export of `parts` was finished more than EXPORT_FILES_KEEP_DAYS ago (its
    newest part's time): its link no longer works, even before the files are deleted."""
    storage = private_storage()
    return max(storage.get_modified_time(name) for name in parts) < _kept_since(now)


def _remove_empty_folder(storage: Storage, folder: str) -> None:
    # S3 has no folders; on a disk the emptied one would stay behind.
    try:
        path = storage.path(folder)
    except NotImplementedError:
        return
    try:
        os.rmdir(path)
    except OSError:
        logger.warning("could not remove an export's folder", extra={"path": folder})


def exports_delete_old(*, now: datetime | None = None) -> int:
    """Delete the files of every export finished more than EXPORT_FILES_KEEP_DAYS ago, or
    left unfinished that long (a lost worker); returns how many exports. Safe to repeat and
    to run on every server: an export being written has a part newer than that."""
    storage = private_storage()
    try:
        tokens, _ = storage.listdir(EXPORTS_DIR)
    except FileNotFoundError:
        return 0
    deleted = 0
    for token in sorted(tokens):
        parts = export_parts(token)
        # A folder without parts may be one whose first part is being saved: left alone.
        if not parts or not export_expired(parts, now=now):
            continue
        for name in parts:
            storage.delete(name)
        _remove_empty_folder(storage, f"{EXPORTS_DIR}/{token}")
        deleted += 1
    return deleted


def export_stream(parts: list[str]) -> Iterator[bytes]:
    """The parts joined, read 64 KiB at a time."""
    storage = private_storage()
    for name in parts:
        with storage.open(name, "rb") as part:
            while chunk := part.read(64 * 1024):
                yield chunk
