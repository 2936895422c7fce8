#!/usr/bin/env python
"""One checkout after the other in one process: what a single checkout costs, without the
queueing of bench/checkout.py's 16 clients.

    .venv/bin/python bench/checkout_serial.py [--database postgres|sqlite] [--redis URL]
        [--checkouts 300] [--root PATH]

Makes a scratch database (PostgreSQL: `bench_checkout_serial` on --pg-url, dropped at the
end; SQLite: a temporary file), migrates it with the cache table, adds 20 products and one
customer, then posts --checkouts pickup checkouts of one unit through Django's test client
(routing, token check, the checkout's queries and commit, the answer; no network) after 20
to warm up, and prints the median, p90 and mean in ms. The cache is the database's table,
or Redis with --redis. --root runs another checkout of the shop (e.g. a worktree of an
earlier commit) with this script, for a before and after on the same machine.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

PRODUCTS = 20


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="bench_checkout_serial", help="PostgreSQL database")
    parser.add_argument("--redis", default="", help="REDIS_URL (default: the cache table)")
    parser.add_argument("--checkouts", type=int, default=300)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    return parser.parse_args()


def postgres(pg_url, sql):
    import psycopg

    with psycopg.connect(f"{pg_url}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def setup(args, workdir):
    if args.database == "postgres":
        postgres(args.pg_url, f'DROP DATABASE IF EXISTS "{args.db}" WITH (FORCE)')
        postgres(args.pg_url, f'CREATE DATABASE "{args.db}"')
        url = f"{args.pg_url}/{args.db}"
    else:
        url = f"sqlite:///{workdir}/db.sqlite3"
    os.environ.update(
        DATABASE_URL=url,
        REDIS_URL=args.redis,
        CACHE_URL="",
        ENV_FILE="",
        DEBUG="",
        SECRET_KEY="bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        DJANGO_SETTINGS_MODULE="config.settings",
        CONN_MAX_AGE="600",
        MAX_PENDING_ORDERS="0",
        MAX_PENDING_UNITS="0",
        MAX_PENDING_VALUE="0",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        ALLOWED_HOSTS="testserver",
        LOG_LEVEL="WARNING",
        VAR_DIR=str(workdir),
    )
    sys.path.insert(0, args.root)
    os.chdir(args.root)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def run(count):
    from django.test import Client

    from accounts.models import User
    from accounts.tokens import token_for
    from shop.models import Category, Product

    category = Category.objects.order_by("pk").first()
    products = Product.objects.bulk_create(
        Product(name=f"Serial {n}", price="5.00", quantity=10**6, category=category)
        for n in range(PRODUCTS)
    )
    user = User.objects.create_user(
        email="serial@bench.test", password="bench-serial-password-1", name="Serial"
    )
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token_for(user)}")
    client.get("/api/products")  # what a process does first, whatever it keeps

    def checkout(n):
        body = {
            "cartItems": [
                {"productId": products[n % PRODUCTS].pk, "productTypeId": None, "quantity": 1}
            ],
            "customerName": "Serial Shopper",
            "deliveryOption": "pickup",
            "ageConfirmed": True,
            "dateOfBirth": "1990-05-17",  # set once, then the same date again
        }
        started = time.perf_counter()
        answer = client.post("/api/orders/checkout", json.dumps(body), "application/json")
        elapsed = (time.perf_counter() - started) * 1000
        if answer.status_code != 201:
            sys.exit(f"checkout answered {answer.status_code}: {answer.content[:300]!r}")
        return elapsed

    for n in range(20):
        checkout(n)
    return sorted(checkout(n) for n in range(count))


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-checkout-serial-") as workdir:
        setup(args, workdir)
        try:
            times = run(args.checkouts)
        finally:
            from django.db import connections

            connections.close_all()
            if args.database == "postgres":
                postgres(args.pg_url, f'DROP DATABASE IF EXISTS "{args.db}" WITH (FORCE)')
    cache = "Redis" if args.redis else "cache table"
    print(
        f"{args.root} {args.database}, {cache}: {len(times)} checkouts, median "
        f"{statistics.median(times):.2f} ms, p90 {times[int(0.9 * len(times))]:.2f} ms, mean "
        f"{statistics.mean(times):.2f} ms"
    )
    # Whatever threads the checked-out code started (a listener) must not hold the exit.
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
