"""Sales report speed on PostgreSQL over 100,000 orders.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/sales_report.py [--orders 100000]

Creates a fresh database (--db, default bench_sales) on the server of DATABASE_URL, migrates
it, bulk-inserts N orders spread over the last 365 Los Angeles days (1 to 4 lines each over
200 products in the 13 categories; 80% completed, 10% pending, 10% cancelled), then times
GET /api/reports/sales through Django's test client (in-process: routing, auth, queries,
serialization; no network): the default range (last 30 days), a quarter, and the whole
year, plus the CSV of the year. Prints the median and p95 of each and the queries per
request.
"""

import argparse
import os
import random
import sys
import time
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.catalog import prepare_database, timed  # noqa: E402

BATCH = 5_000


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--orders", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=30, help="Requests per range (30).")
    parser.add_argument("--db", default="bench_sales", help="Database to (re)create.")
    parser.add_argument(
        "--keep", action="store_true", help="Reuse the database if it already has the orders."
    )
    return parser.parse_args()


def load_orders(count, rng):
    from django.db import connection, transaction
    from django.utils import timezone

    from accounts.models import User
    from orders.models import Order, OrderLine, OrderStatus
    from shop.models import Category, Product

    # Bulk rows carry their own timestamps: switch the automatic "now" off for this load.
    Order._meta.get_field("created_at").auto_now_add = False
    categories = list(Category.objects.all())
    products = Product.objects.bulk_create(
        Product(
            name=f"Report item {n:03d}",
            price=Decimal(rng.randint(300, 6000)) / 100,
            quantity=1_000_000,
            category=categories[n % len(categories)],
        )
        for n in range(200)
    )
    users = [
        User.objects.create_user(email=f"buyer{n}@example.com", password=None, name=f"Buyer {n}")
        for n in range(50)
    ]
    now = timezone.now()
    statuses = [OrderStatus.COMPLETED] * 8 + [OrderStatus.PENDING, OrderStatus.CANCELLED]
    options = ["pickup", "pickup", "shipping", "delivery"]
    made = 0
    while made < count:
        size = min(BATCH, count - made)
        orders, carts = [], []
        for _ in range(size):
            cart = [(rng.choice(products), rng.randint(1, 3)) for _ in range(rng.randint(1, 4))]
            subtotal = sum((p.price * q for p, q in cart), Decimal("0.00"))
            fee = Decimal("0.00") if subtotal >= 60 else Decimal("8.00")
            placed = now - timedelta(seconds=rng.randint(0, 365 * 24 * 3600))
            orders.append(
                Order(
                    user=rng.choice(users),
                    customer_name="Bench Buyer",
                    status=rng.choice(statuses),
                    delivery_option=rng.choice(options),
                    subtotal=subtotal,
                    delivery_fee=fee,
                    total=subtotal + fee,
                    created_at=placed,
                )
            )
            carts.append(cart)
        with transaction.atomic():
            Order.objects.bulk_create(orders, batch_size=BATCH)
            OrderLine.objects.bulk_create(
                (
                    OrderLine(
                        order=order,
                        product=product,
                        product_name=product.name,
                        unit_price=product.price,
                        quantity=quantity,
                    )
                    for order, cart in zip(orders, carts, strict=True)
                    for product, quantity in cart
                ),
                batch_size=BATCH,
            )
        made += size
    # What autovacuum does on a live shop: planner statistics and the visibility map (which
    # lets the report's covering indexes answer without reading the tables).
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")


def count_queries(connection, call):
    # Not CaptureQueriesContext: the test client's request_started signal resets the
    # connection's query log mid-request, so it would count nothing.
    seen = []

    def counted(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        call()
    return len(seen)


def main():
    args = parse_args()
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit(
            "Set DATABASE_URL to a PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres)"
        )
    os.environ.update(
        {
            "DATABASE_URL": prepare_database(url, args.db, args.keep),
            "SECRET_KEY": os.environ.get("SECRET_KEY")
            or "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "LOG_LEVEL": "WARNING",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from accounts.models import User
    from accounts.tokens import token_for
    from common.shoptime import shop_today
    from orders.models import Order, OrderLine

    call_command("migrate", verbosity=0)
    call_command("createcachetable")  # the cache table, when no Redis
    if Order.objects.count() < args.orders:
        started = time.perf_counter()
        load_orders(args.orders - Order.objects.count(), random.Random(1))
        print(f"loaded {args.orders} orders in {time.perf_counter() - started:.1f} s")
    admin = User.objects.filter(email="bench-admin@example.com").first() or (
        User.objects.create_user(
            email="bench-admin@example.com",
            password="bench-password-1",
            name="Bench Admin",
            role="admin",
        )
    )
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token_for(admin)}"}
    today = shop_today()
    year = f"from={today - timedelta(days=364)}&to={today}"
    paths = [
        ("default (30 days)", "/api/reports/sales"),
        ("90 days", f"/api/reports/sales?from={today - timedelta(days=89)}&to={today}"),
        ("365 days (all orders)", f"/api/reports/sales?{year}"),
        ("365 days as CSV", f"/api/reports/sales.csv?{year}"),
    ]
    client = Client()
    for _, path in paths:
        timed(client, path, 3, headers)
    print(
        f"\nPostgreSQL, {Order.objects.count()} orders, {OrderLine.objects.count()} lines, "
        f"{args.requests} requests each, Django test client (in-process), "
        f"{datetime.now():%Y-%m-%d}"
    )
    print(f"  {'range':24} {'median ms':>10} {'p95 ms':>10} {'queries':>8}")
    for label, path in paths:
        queries = count_queries(connection, lambda path=path: client.get(path, **headers))
        median, p95 = timed(client, path, args.requests, headers)
        print(f"  {label:24} {median:>10.1f} {p95:>10.1f} {queries:>8}")


if __name__ == "__main__":
    main()
