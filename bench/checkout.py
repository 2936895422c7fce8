#!/usr/bin/env python
"""Checkout throughput on PostgreSQL through gunicorn, and the stock ledger afterwards.

    .venv/bin/python bench/checkout.py [--duration 15] [--clients 16] [--workers 4]

What it does, from nothing:
  1. drops and creates the database `bench_checkout` on --pg-url and migrates it (with the
     cache table: Django's cache is in the database unless REDIS_URL is set);
  2. creates 100 products with stock, one hot product with --hot-stock units, and one
     customer per client thread (real Argon2 passwords);
  3. starts gunicorn (config/gunicorn.conf.py, --workers workers, persistent connections,
     throttles off) on a free port and signs every customer in through POST /api/auth/login;
  4. phase "spread": --clients threads check out for --duration seconds, each cart 1-3 of
     the 100 products, 1-2 units each;
     phase "hot": the same threads all buy 1 unit of the hot product until the time is up
     (it sells out part-way, after which the answers are 409s);
  5. prints checkouts/s, p50/p95 latency and the 201/409/other counts per phase, then the
     stock ledger from the database: for every product, units at start == units left +
     units in orders that are not cancelled. Oversold units must be 0.

Emails are built but not sent (locmem backend): the figure is the shop's, not a mail
server's. Request log lines go to a file (printed at the end), as they would in production.
Needs a PostgreSQL server with trust auth on --pg-url (toolchain.md). Exit status 1 when
the ledger does not balance or any request failed outright.
"""

import argparse
import http.client
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCTS = 100


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--pg-url",
        default="postgres://postgres@127.0.0.1:5432",
        help="server, without a database name",
    )
    parser.add_argument(
        "--db",
        default="bench_checkout",
        help="database to (re)create; dropped afterwards unless --keep-db",
    )
    parser.add_argument(
        "--duration", type=float, default=15.0, help="seconds per phase (default 15)"
    )
    parser.add_argument(
        "--clients", type=int, default=16, help="concurrent client threads (default 16)"
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (default 4)")
    parser.add_argument(
        "--threads", type=int, default=1, help="gunicorn threads per worker (1: sync workers)"
    )
    parser.add_argument(
        "--stock", type=int, default=1_000_000, help="units of each of the 100 products"
    )
    parser.add_argument(
        "--hot-stock", type=int, default=2000, help="units of the hot product (default 2000)"
    )
    parser.add_argument("--keep-db", action="store_true", help="leave the database for inspection")
    return parser.parse_args()


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def recreate_database(pg_url, name):
    import psycopg

    with psycopg.connect(f"{pg_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(pg_url, name):
    import psycopg

    with psycopg.connect(f"{pg_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def configure_environment(args):
    """The same environment for this process (seeding, ledger) and for gunicorn."""
    os.environ.update(
        DATABASE_URL=f"{args.pg_url}/{args.db}",
        SECRET_KEY=os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        DJANGO_SETTINGS_MODULE="config.settings",
        # A new connection per request costs ~10x (toolchain.md); keep them.
        CONN_MAX_AGE="600",
        AUTH_THROTTLE_RATE="none",
        RIDE_THROTTLE_RATE="none",
        # Each client checks out in a loop: far more pending orders than a customer may hold.
        MAX_PENDING_ORDERS="0",
        MAX_PENDING_UNITS="0",
        MAX_PENDING_VALUE="0",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        GUNICORN_WORKERS=str(args.workers),
        GUNICORN_THREADS=str(args.threads),
        VAR_DIR=tempfile.mkdtemp(prefix="bench-checkout-var-"),
        DEBUG="",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def seed(args):
    """Products and customers; returns ({product_id: units at start}, hot id, passwords)."""
    from django.core.management import call_command
    from django.db import connection

    from accounts.models import User
    from shop.models import Category, Product

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)  # the cache without REDIS_URL (`make migrate`)
    categories = list(Category.objects.all())
    products = Product.objects.bulk_create(
        Product(
            name=f"Bench item {n:03d}",
            price=f"{random.randint(100, 4000) / 100:.2f}",
            quantity=args.stock,
            category=categories[n % len(categories)],
        )
        for n in range(PRODUCTS)
    )
    hot = Product.objects.create(
        name="Hot item", price="19.99", quantity=args.hot_stock, category=categories[0]
    )
    passwords = []
    for n in range(args.clients):
        password = f"bench-shopper-{n}-{secrets.token_hex(4)}"
        User.objects.create_user(
            email=f"shopper{n}@bench.test", password=password, name=f"Shopper {n}"
        )
        passwords.append(password)
    start = {p.pk: args.stock for p in products} | {hot.pk: args.hot_stock}
    connection.close()
    return start, hot.pk, passwords


def start_gunicorn(port, log_path):
    log = open(log_path, "w")
    process = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "config.wsgi",
            "-c",
            "config/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited early; see {log_path}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/readyz")
            if conn.getresponse().status == 200:
                return process
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"gunicorn did not become ready; see {log_path}")


def stop_gunicorn(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)  # its own session: the master and its workers
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def call(conn, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    return response.status, response.read()


def sign_in(port, passwords):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    tokens = []
    for password in passwords:
        status, raw = call(conn, "POST", "/api/auth/login", {"password": password})
        if status != 200:
            raise SystemExit(f"login failed: {status} {raw[:200]!r}")
        tokens.append(json.loads(raw)["token"])
    conn.close()
    return tokens


def spread_cart(rng, product_ids):
    return [
        {"productId": pid, "productTypeId": None, "quantity": rng.randint(1, 2)}
        for pid in rng.sample(product_ids, rng.randint(1, 3))
    ]


def run_phase(port, tokens, duration, make_cart):
    """Every client thread checks out in a loop until `duration` is over, on one
    keep-alive connection (reopened by http.client when the server closes it)."""
    results = [[] for _ in tokens]
    stop_at = time.monotonic() + duration
    barrier = threading.Barrier(len(tokens))

    def client(index, token):
        rng = random.Random(index)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        barrier.wait()
        while time.monotonic() < stop_at:
            body = {
                "cartItems": make_cart(rng),
                "customerName": f"Shopper {index}",
                "deliveryOption": "pickup",
                "ageConfirmed": True,  # most categories are 21+
                "dateOfBirth": "1990-05-17",  # set once, then the same date again
            }
            began = time.perf_counter()
            try:
                status, _ = call(conn, "POST", "/api/orders/checkout", body, token)
            except (OSError, http.client.HTTPException):
                status = "error"
                conn.close()
            finished = time.perf_counter()
            results[index].append((status, finished - began, finished))
        conn.close()

    threads = [threading.Thread(target=client, args=(i, t)) for i, t in enumerate(tokens)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    return [r for per_client in results for r in per_client], began, elapsed


def report_phase(name, results, began, elapsed):
    statuses = [status for status, _, _ in results]
    created = statuses.count(201)
    latencies = sorted(seconds * 1000 for _, seconds, _ in results)
    p50 = statistics.median(latencies) if latencies else 0.0
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0
    other = len(statuses) - created - statuses.count(409)
    print(
        f"{name:7s} {created / elapsed:8.1f} checkouts/s  {len(statuses) / elapsed:8.1f} requests/s  "
        f"p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  201: {created}  409: {statuses.count(409)}  other: {other}"
    )
    if statuses.count(409) and created:
        # The rate while stock lasted: after the last unit is gone every answer is a quick 409.
        sold_out = max(done for status, _, done in results if status == 201) - began
        print(
            f"{'':7s} sold out after {sold_out:.1f} s: {created / sold_out:.1f} checkouts/s while stock lasted"
        )
    return created, other


def ledger(start):
    """Per product: units at start - units left - units in orders not cancelled."""
    from django.db.models import Sum

    from orders.models import Order, OrderLine, OrderStatus
    from shop.models import Product

    left = dict(Product.objects.values_list("pk", "quantity"))
    sold = dict(
        OrderLine.objects.exclude(order__status=OrderStatus.CANCELLED)
        .filter(sold_as_type=False)
        .values("product_id")
        .annotate(units=Sum("quantity"))
        .values_list("product_id", "units")
    )
    oversold = sum(max(0, sold.get(pk, 0) - units) for pk, units in start.items())
    unbalanced = sum(abs(units - left[pk] - sold.get(pk, 0)) for pk, units in start.items())
    return oversold, unbalanced, Order.objects.count(), sum(left.values()) < 0


def main():
    args = parse_args()
    recreate_database(args.pg_url, args.db)
    configure_environment(args)
    log_path = Path(tempfile.gettempdir()) / f"bench-checkout-gunicorn-{os.getpid()}.log"
    process = None
    try:
        start, hot_id, passwords = seed(args)
        port = free_port()
        process = start_gunicorn(port, log_path)
        tokens = sign_in(port, passwords)
        print(
            f"gunicorn: {args.workers} workers x {args.threads} thread(s), PostgreSQL {args.db}, "
            f"{args.clients} clients, {args.duration:.0f} s per phase, {os.cpu_count()} CPUs"
        )
        product_ids = [pk for pk in start if pk != hot_id]
        spread = run_phase(port, tokens, args.duration, lambda rng: spread_cart(rng, product_ids))
        created_a, failed_a = report_phase("spread", *spread)
        hot_cart = [{"productId": hot_id, "productTypeId": None, "quantity": 1}]
        hot = run_phase(port, tokens, args.duration, lambda rng: hot_cart)
        created_b, failed_b = report_phase("hot", *hot)
        stop_gunicorn(process)

        from shop.models import Product

        hot_left = Product.objects.get(pk=hot_id).quantity
        oversold, unbalanced, orders, _ = ledger(start)
        print(f"hot item: {args.hot_stock} units at start, {created_b} sold, {hot_left} left")
        print(f"orders in the database: {orders} (201 answers: {created_a + created_b})")
        print(f"oversold units: {oversold}   ledger difference (start - left - sold): {unbalanced}")
        print(f"server log: {log_path}")
        ok = (
            oversold == 0
            and unbalanced == 0
            and orders == created_a + created_b
            and not (failed_a or failed_b)
        )
        return 0 if ok else 1
    finally:
        if process is not None:
            stop_gunicorn(process)
        from django.db import connections

        connections.close_all()
        if not args.keep_db:
            drop_database(args.pg_url, args.db)


if __name__ == "__main__":
    sys.exit(main())
