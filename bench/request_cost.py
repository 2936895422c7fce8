"""What each request pays before (and after) its view: the WSGI handler called in-process.

    .venv/bin/python bench/request_cost.py [--requests 3000] [--profile]

A scratch SQLite shop (a temporary folder: migrate, 50 products, one customer) served by
Django's own WSGI handler, called directly with a made-up environ (no network, no gunicorn).
For `/healthz`, `/api/auth/me` and a cached `/api/products?page=1` it prints the median
microseconds per request with every middleware, then without each one in turn (its marginal
cost), and with LOG_LEVEL=INFO (the request log line written to a null stream) against
WARNING. --profile adds a cProfile of the `/api/auth/me` requests, sorted by own time.
The figures are docs/performance.md's "What a request pays before its view".
"""

import argparse
import cProfile
import io
import logging
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--profile", action="store_true")
    return parser.parse_args()


def environ(path, token):
    path, _, query = path.partition("?")
    return {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1",
        "HTTP_AUTHORIZATION": f"Bearer {token}",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


def per_request_us(handler, path, token, count):
    """Median of 5 batches, CPU microseconds per request (thread time: the machine is shared)."""

    def start_response(status, headers):
        assert status.startswith(("200", "304")), (path, status)

    batches = []
    for _ in range(5):
        started = time.thread_time()
        for _ in range(count // 5):
            for _chunk in handler(environ(path, token), start_response):
                pass
        batches.append((time.thread_time() - started) / (count // 5) * 1e6)
    return statistics.median(batches)


def main():
    args = parse_args()
    folder = Path(tempfile.mkdtemp(prefix="request-cost-"))
    os.environ.update(
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
        MEDIA_ROOT=str(folder / "media"),
        SECRET_KEY="bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        ENV_FILE="",
        REDIS_URL="",
        CACHE_URL="",
        LOG_LEVEL="INFO",
        DJANGO_SETTINGS_MODULE="config.settings",
        PROMETHEUS_MULTIPROC_DIR=str(folder / "metrics"),
    )
    import django

    django.setup()
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.management import call_command

    from accounts.models import User
    from accounts.tokens import token_for
    from shop.bulk import bulk_create_products

    call_command("migrate", verbosity=0)
    call_command("createcachetable")  # the cache table, when no Redis
    call_command("createcachetable", verbosity=0)
    bulk_create_products(50, types=5, images=2, seed=1)
    token = token_for(
        User.objects.create_user(email="cost@example.com", password="cost-pass-x9", name="Cost")
    )
    # The request log line goes where a server's stderr would, minus the terminal.
    for handler in logging.getLogger().handlers:
        handler.setStream(open(os.devnull, "w"))  # type: ignore[attr-defined]
    paths = ["/healthz", "/api/auth/me", "/api/products?page=1"]
    everything = list(settings.MIDDLEWARE)

    def row(label, middleware=everything, level=logging.INFO):
        settings.MIDDLEWARE = middleware
        logging.getLogger().setLevel(level)
        try:
            handler = WSGIHandler()
            for path in paths:  # warm: imports, connection, caches
                per_request_us(handler, path, token, 50)
        # Another middleware needs this one (auth needs sessions, the skip needs its end).
        except (AssertionError, ImproperlyConfigured):
            return label, [float("nan")] * len(paths)
        figures = [per_request_us(handler, path, token, args.requests) for path in paths]
        print(f"  {label:48} " + " ".join(f"{f:9.0f}" for f in figures), flush=True)
        return label, figures

    rows = [row("all middleware, INFO (request log line)")]
    base = rows[0][1]
    rows.append(row("all middleware, WARNING (no log line)", level=logging.WARNING))
    for name in everything:
        rows.append(row(f"without {name.rsplit('.', 1)[-1]}", [m for m in everything if m != name]))
    rows.append(row("no middleware at all", []))
    print(f"\n{args.requests} requests each, in-process WSGI handler, SQLite, CPU us per request")
    print(f"  {'':48} " + " ".join(f"{p:>22}" for p in paths))
    for label, figures in rows:
        cells = [
            f"{value:9.0f}" + (f" ({value - ref:+6.0f})" if label != rows[0][0] else " " * 9)
            for value, ref in zip(figures, base, strict=True)
        ]
        print(f"  {label:48} " + " ".join(f"{c:>22}" for c in cells))
    if args.profile:
        settings.MIDDLEWARE = everything
        logging.getLogger().setLevel(logging.INFO)
        handler = WSGIHandler()
        profiler = cProfile.Profile()
        profiler.enable()
        per_request_us(handler, "/api/auth/me", token, args.requests)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
