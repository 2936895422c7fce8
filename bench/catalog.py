"""Catalog read speed on PostgreSQL: list, deep page, search, typo search and detail.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/catalog.py --products 10000 [--wrk]

Creates a fresh database (--db, default bench_catalog) on the server of DATABASE_URL,
migrates it, bulk-loads N products (5 types and 2 images each, like `manage.py
bulk_products`), then times 200 requests per endpoint through Django's test client
(in-process: routing, auth, queries, serialization; no network): "built" empties the
cache of answers (Django's cache: the database's cache table, or Redis when CACHE_URL or
REDIS_URL is set) before each request (the cost of a first request after a change), "cached"
does not (every later request until the catalog changes). With --wrk it also serves
the app with gunicorn and measures requests/s at 16 connections with `wrk`, if installed.
Prints the plan PostgreSQL picks for the search, to show the trigram index is used.

bench/catalog_typo.py times the typo-forgiving search on both databases.
The app's PG_OPTIONS setting applies (default `-c random_page_cost=1.1`); run with
PG_OPTIONS= to see the server's own planner costs.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--products", type=int, default=10_000)
    parser.add_argument(
        "--requests", type=int, default=200, help="Requests per endpoint in-process (200)."
    )
    parser.add_argument(
        "--search", default="mango", help="Search word (bulk names use fruit words)."
    )
    parser.add_argument(
        "--db", default="bench_catalog", help="Database to (re)create (default bench_catalog)."
    )
    parser.add_argument(
        "--keep", action="store_true", help="Reuse the database if it already has the products."
    )
    parser.add_argument(
        "--wrk", action="store_true", help="Also measure through gunicorn with wrk."
    )
    parser.add_argument("--wrk-seconds", type=int, default=10)
    return parser.parse_args()


def prepare_database(url, name, keep):
    import psycopg

    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        sys.exit(
            "DATABASE_URL must point at a PostgreSQL server (the bench creates its own database there)."
        )
    admin_url = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and not keep:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        if not exists or not keep:
            conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def timed(client, path, count, headers, cold=False):
    from django.core.cache import cache

    times = []
    for _ in range(count):
        if cold:
            cache.clear()
        started = time.perf_counter()
        response = client.get(path, **headers)
        times.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            sys.exit(f"{path} answered {response.status_code}: {response.content[:200]!r}")
    times.sort()
    return statistics.median(times), times[max(0, round(len(times) * 0.95) - 1)]


def search_plan(word):
    """The plan of a search's query: the names holding its words or their typos, or the
    text (shop/search.py)."""
    from django.db import connection

    from shop import search
    from shop.models import Product

    typos = search.typo_words(search.query_words(word))
    sql, params = search.postgres_candidates(
        Product.objects.all(), word, typos
    ).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, COSTS OFF) {sql}", params)
        plan = [row[0] for row in cursor.fetchall()]
    uses = "uses trigram index" if any("trgm" in line for line in plan) else "no trigram index"
    return [f"  names  {uses}: " + " | ".join(line.strip() for line in plan[:6])]


def run_wrk(paths, token, seconds, env):
    if not shutil.which("wrk"):
        return [
            "wrk not installed: the gunicorn/wrk measurement was skipped (apt-get install wrk)."
        ]
    port = "8765"
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "config.wsgi",
            "-c",
            "config/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env={**env, "LOG_LEVEL": "WARNING"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    lines = []
    try:
        import urllib.request

        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        for label, path in paths:
            out = subprocess.run(
                [
                    "wrk",
                    "-t2",
                    "-c16",
                    f"-d{seconds}s",
                    "-H",
                    f"Authorization: Bearer {token}",
                    f"http://127.0.0.1:{port}{path}",
                ],
                capture_output=True,
                text=True,
                check=False,
            ).stdout
            rate = next(
                (line.split()[-1] for line in out.splitlines() if line.startswith("Requests/sec")),
                "?",
            )
            errors = next(
                (
                    line.strip()
                    for line in out.splitlines()
                    if "Non-2xx" in line or "Socket errors" in line
                ),
                "",
            )
            lines.append(f"  {label:26} {rate:>10} req/s  {errors}")
    finally:
        server.terminate()
        server.wait(timeout=20)
    return lines


def main():
    args = parse_args()
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit(
            "Set DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres"
        )
    media = Path(tempfile.mkdtemp(prefix="bench-catalog-media-"))
    env = {
        **os.environ,
        "DATABASE_URL": prepare_database(url, args.db, args.keep),
        # Persistent connections: a new connection per request costs more than the query.
        "CONN_MAX_AGE": "600",
        "MEDIA_ROOT": str(media),
        "SECRET_KEY": os.environ.get("SECRET_KEY")
        or "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client

    from accounts.models import User
    from accounts.tokens import token_for
    from shop.bulk import bulk_create_products
    from shop.models import Product

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    if Product.objects.count() < args.products:
        started = time.perf_counter()
        bulk_create_products(args.products - Product.objects.count(), types=5, images=2, seed=1)
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        print(
            f"loaded {args.products} products (5 types, 2 images each) in {time.perf_counter() - started:.1f} s"
        )
    user = User.objects.filter(email="bench@example.com").first() or User.objects.create_user(
        email="bench@example.com", password="bench-password-1", name="Bench"
    )
    token = token_for(user)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    total = Product.objects.count()
    deep = min(500, max(1, -(-total // 12)))
    # Bulk names end in their number: a number is a rare word (a handful of matches).
    rare = str(total * 7 // 9)
    product_id = Product.objects.order_by("id").values_list("id", flat=True)[total // 2]
    paths = [
        ("list page 1", "/api/products?page=1"),
        (f"list page {deep}", f"/api/products?page={deep}"),
        (f"search '{args.search}'", f"/api/products?search={args.search}"),
        (f"search '{rare}' (rare)", f"/api/products?search={rare}"),
        ("search 'frosty mangp' (typo)", "/api/products?search=frosty%20mangp"),
        ("category + page 2", "/api/products?category=juices&page=2"),
        ("product detail", f"/api/products/{product_id}"),
    ]
    client = Client()
    for _, path in paths:  # warm up: connection, caches, imports
        timed(client, path, 5, headers)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        print(
            f"\nrandom_page_cost: {cursor.fetchone()[0]} (PG_OPTIONS={settings.DATABASES['default']['OPTIONS'].get('options', '')!r})"
        )
    print(
        f"\nPostgreSQL, {total} products, {args.requests} requests each, Django test client (in-process)"
    )
    print(f"  {'endpoint':30} {'built median / p95 ms':>22} {'cached median / p95 ms':>23}")
    for label, path in paths:
        built = timed(client, path, args.requests, headers, cold=True)
        cached = timed(client, path, args.requests, headers)
        print(
            f"  {label:30} {built[0]:>12.1f} / {built[1]:<7.1f} {cached[0]:>12.2f} / {cached[1]:<7.2f}"
        )
    for word in (args.search, rare, "frosty mangp"):
        matches = client.get("/api/products", {"search": word}, **headers).json()["pagination"][
            "totalItems"
        ]
        print(f"\nsearch '{word}' matches {matches} products; plans:")
        print("\n".join(search_plan(word)))
    if args.wrk:
        print(f"\ngunicorn + wrk, 16 connections, {args.wrk_seconds} s each")
        print("\n".join(run_wrk(paths, token, args.wrk_seconds, env)))
    shutil.rmtree(media, ignore_errors=True)


if __name__ == "__main__":
    main()
