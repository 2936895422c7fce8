"""The back office at scale: every back-office read at a small and a large number of orders.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/backoffice.py [--sizes 10000,1000000]

For each size, (re)creates a database (<--prefix>_<size>, bench_backoffice_<size> unless
told) on the server of
DATABASE_URL, migrates it and fills it with the shape of docs/performance.md ("A shop with
two years of orders"): orders spread evenly over 730 Los Angeles days, three lines each over
2,000 products, one customer per 50 orders (at most 20,000), 80% completed, 10% pending, 10%
cancelled, a third each pickup, local delivery (dated the day after it was placed) and
shipping. The orders and lines are written by `INSERT ... SELECT generate_series` (a million
orders and three million lines in a few minutes); the day totals are then recounted
(`rebuild_rollups`, as after any bulk load) and the tables analysed. Each size runs in a
process of its own, which times every endpoint through Django's test client (in-process:
routing, auth, queries, serialization; no network): the median and p95 of --requests
sequential requests. Prints one table, the large size's figures beside the small one's and
each row's growth. `make bench-backoffice SIZES=10000,200000` runs it.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.catalog import prepare_database  # noqa: E402

DAYS = 730
PRODUCTS = 2000


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10000,1000000", help="Orders, comma separated.")
    parser.add_argument("--requests", type=int, default=20, help="Requests per row (20).")
    parser.add_argument("--keep", action="store_true", help="Reuse filled databases.")
    parser.add_argument(
        "--prefix", default="bench_backoffice", help="Databases' name before _<size>."
    )
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a child's size
    return parser.parse_args()


def _defaults(model, given):
    """Every concrete column of `model` not in `given`, with its default as a parameter."""
    columns, params = [], []
    for field in model._meta.concrete_fields:
        if field.column in given or field.primary_key:
            continue
        columns.append(field.column)
        params.append(field.get_db_prep_save(field.get_default(), connection=_connection()))
    return columns, params


def _connection():
    from django.db import connection

    return connection


def fill(size):
    """Customers and products by the ORM, orders and lines by INSERT ... SELECT."""
    from decimal import Decimal

    from accounts.models import User
    from orders.models import Order, OrderLine
    from shop.models import Category, Product

    customers = max(1, min(20_000, size // 50))
    User.objects.bulk_create(
        (
            User(email=f"customer{n}@example.com", name=f"Customer {n}", role="customer")
            for n in range(customers)
        ),
        batch_size=5000,
    )
    first_user = User.objects.filter(email="customer0@example.com").values_list("pk", flat=True)[0]
    categories = list(Category.objects.all())
    Product.objects.bulk_create(
        (
            Product(
                name=f"Bench item {n:04d}",
                price=Decimal(5 + n % 20),
                quantity=1_000_000,
                category=categories[n % len(categories)],
            )
            for n in range(PRODUCTS)
        ),
        batch_size=2000,
    )
    first_product = Product.objects.order_by("pk").values_list("pk", flat=True)[0]
    # Line k (0-2) of order g: product j = (7g + k) mod PRODUCTS at 5 + j mod 20, 1-3 units.
    subtotal = (
        f"(SELECT sum((5 + ((g * 7 + k) % {PRODUCTS}) % 20) * (1 + (g + k) % 3))"
        " FROM generate_series(0, 2) k)::numeric"
    )
    placed = f"(now() - interval '{DAYS} days' * ({size} - g) / {size})"
    given = {
        "user_id": f"{first_user} + g % {customers}",
        "customer_name": f"'Customer ' || (g % {customers})",
        "status": "CASE g % 10 WHEN 0 THEN 'cancelled' WHEN 1 THEN 'pending' ELSE 'completed' END",
        "delivery_option": "(ARRAY['pickup', 'delivery', 'shipping'])[1 + g % 3]",
        "delivery_date": f"CASE g % 3 WHEN 1 THEN ({placed} AT TIME ZONE 'America/Los_Angeles')::date + 1 END",
        "subtotal": subtotal,
        "sales_tax": f"round({subtotal} * 0.0875, 2)",
        "sales_tax_rate": "8.75",
        "tax_place": "'Pickup'",
        "total": f"{subtotal} + round({subtotal} * 0.0875, 2)",
        "created_at": placed,
        "updated_at": placed,
    }
    columns, params = _defaults(Order, given)
    # `%` is the driver's placeholder mark: the expressions' modulo is written %%.
    values = [sql.replace("%", "%%") for sql in given.values()] + ["%s"] * len(params)
    with _connection().cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Order._meta.db_table} ({', '.join([*given, *columns])}) "
            f"SELECT {', '.join(values)} FROM generate_series(1, {size}) g",
            params,
        )
        first_order = Order.objects.order_by("pk").values_list("pk", flat=True)[0]
        lines = {
            "order_id": f"{first_order} - 1 + g",
            "product_id": f"{first_product} + (g * 7 + k) % {PRODUCTS}",
            "product_name": f"'Bench item ' || lpad(((g * 7 + k) % {PRODUCTS})::text, 4, '0')",
            "unit_price": f"5 + ((g * 7 + k) % {PRODUCTS}) % 20",
            "quantity": "1 + (g + k) % 3",
        }
        columns, params = _defaults(OrderLine, lines)
        values = [sql.replace("%", "%%") for sql in lines.values()] + ["%s"] * len(params)
        cursor.execute(
            f"INSERT INTO {OrderLine._meta.db_table} ({', '.join([*lines, *columns])}) "
            f"SELECT {', '.join(values)} FROM generate_series(1, {size}) g, "
            "generate_series(0, 2) k",
            params,
        )


def timed(client, path, count, **kwargs):
    times = []
    for _ in range(count):
        started = time.perf_counter()
        response = (client.post if "data" in kwargs else client.get)(path, **kwargs)
        if response.streaming:
            for _ in response.streaming_content:
                pass
        times.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            sys.exit(f"{path} answered {response.status_code}: {response.content[:200]!r}")
    times.sort()
    return statistics.median(times), times[max(0, round(len(times) * 0.95) - 1)]


def rows(size, requests):
    """(label, median ms, p95 ms) of every back-office read at this size."""
    from django.test import Client

    from accounts.models import User
    from accounts.tokens import token_for
    from common.shoptime import shop_today
    from orders.filters import OrderPosition
    from orders.models import Order

    admin = User.objects.filter(email="bench-admin@example.com").first() or (
        User.objects.create_user(
            email="bench-admin@example.com", password="bench-password-1", name="B", role="admin"
        )
    )
    api = Client(HTTP_AUTHORIZATION=f"Bearer {token_for(admin)}")
    today = shop_today()
    middle = Order.objects.order_by("-created_at", "-id")[size // 2]
    cursor = OrderPosition(middle.created_at, middle.pk).as_cursor(size // 50)
    month = f"from={today - timedelta(days=29)}&to={today}"
    year = f"from={today - timedelta(days=364)}&to={today}"
    always = f"from={today - timedelta(days=DAYS)}&to={today}"
    paths = [
        ("orders, first page", "/api/orders?limit=25"),
        ("orders, search by customer name", "/api/orders?limit=25&search=Customer%20123"),
        ("orders, search by email", "/api/orders?limit=25&search=customer123%40"),
        ("orders, due today", "/api/orders?limit=25&due=today"),
        ("orders, middle page by cursor", f"/api/orders?limit=25&cursor={cursor}"),
        ("orders, middle page by number", f"/api/orders?limit=25&page={size // 50}"),
        ("sales report, 30 days", f"/api/reports/sales?{month}"),
        ("sales report, 1 year", f"/api/reports/sales?{year}"),
        ("sales report, all time", f"/api/reports/sales?{always}"),
        ("sales CSV, all time", f"/api/reports/sales.csv?{always}"),
        ("taxes report, all time", f"/api/reports/taxes?{always}"),
        ("users list, first page", "/api/auth/users?limit=50"),
        ("users list, search by email", "/api/auth/users?limit=50&search=customer123%40"),
    ]
    answer = []
    for label, path in paths:
        timed(api, path, 2)
        answer.append((label, *timed(api, path, requests)))
    answer.append(admin_export(admin, today))
    return answer


def admin_export(admin, today):
    """The Django admin's orders CSV of the last 30 days (its stream, read to the end) once:
    the time, the rows a second (what EXPORT_STREAM_MAX_ROWS is chosen by) and the RSS added."""
    from orders.export import orders_csv_stream
    from orders.selectors import orders_for_export

    started, before = time.perf_counter(), _rss()
    orders = orders_for_export(date_from=today - timedelta(days=29))
    size = rows = 0
    for piece in orders_csv_stream(orders):
        size += len(piece)
        rows += piece.count("\n")
    seconds = time.perf_counter() - started
    grown = (_rss() - before) / 2**20
    label = (
        f"admin orders CSV, 30 days ({rows - 1:,} rows, {size / 2**20:.0f} MiB, "
        f"{(rows - 1) / seconds:,.0f} rows/s, RSS +{grown:.0f} MiB)"
    )
    return (label, seconds * 1000, seconds * 1000)


def _rss():
    with open("/proc/self/status") as status:
        for row in status:
            if row.startswith("VmRSS:"):
                return int(row.split()[1]) * 1024
    return 0


def child(args):
    url = prepare_database(
        os.environ.get("DATABASE_URL", ""), f"{args.prefix}_{args.one}", args.keep
    )
    os.environ.update(
        {
            "DATABASE_URL": url,
            "SECRET_KEY": "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "LOG_LEVEL": "WARNING",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )
    import django

    os.chdir(ROOT)
    django.setup()
    from django.core.management import call_command

    from orders.models import Order
    from orders.rollups import rollups_rebuild

    call_command("migrate", verbosity=0)
    call_command("createcachetable")
    if not Order.objects.exists():
        started = time.perf_counter()
        fill(args.one)
        filled = time.perf_counter() - started
        rollups_rebuild()
        with _connection().cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
        print(
            f"{args.one} orders: filled in {filled:.0f} s, rollups and VACUUM ANALYZE in "
            f"{time.perf_counter() - started - filled:.0f} s",
            file=sys.stderr,
        )
    print(json.dumps(rows(args.one, args.requests)))


def main():
    args = parse_args()
    if args.one:
        return child(args)
    sizes = [int(size) for size in args.sizes.split(",")]
    results = {}
    for size in sizes:
        command = [
            *(sys.executable, __file__, "--one", str(size), "--prefix", args.prefix),
            *("--requests", str(args.requests)),
        ]
        done = subprocess.run(
            command + (["--keep"] if args.keep else []), stdout=subprocess.PIPE, check=True
        )
        results[size] = json.loads(done.stdout.decode().strip().splitlines()[-1])
    small, large = sizes[0], sizes[-1]
    print(f"\nmedian / p95 ms of {args.requests} sequential requests, PostgreSQL, in-process")
    print(f"| back office | {large:,} orders | {small:,} orders | growth (median) |")
    print("|---|---|---|---|")
    for (label, big_median, big_p95), (small_label, median, p95) in zip(
        results[large], results[small], strict=True
    ):
        growth = big_median / median if median else float("nan")
        if label != small_label:  # the export's row names its own size
            label = f"{label}; at {small:,}: {small_label.split('(', 1)[1].rstrip(')')}"
        print(
            f"| {label} | {big_median:,.0f} / {big_p95:,.0f} | {median:,.0f} / {p95:,.0f} "
            f"| x{growth:.1f} |"
        )


if __name__ == "__main__":
    main()
