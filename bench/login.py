#!/usr/bin/env python
"""Sign-in cost against the number of users: POST /api/auth/login with 10 users, then with
5,000, through Django's test client on a fresh database: SQLite, or with --postgres a
scratch PostgreSQL database (created on the local server and dropped afterwards).

    .venv/bin/python bench/login.py [--postgres] [--users 10 5000] [--rounds 30]

The signed-in user has a real Argon2 hash; the other users are bulk-inserted with their own
password digests (the unique index a password-only sign-in looks up) and no usable hash, since
only their number matters here. Prints median and p95 per population, and the ratio, which
should stay near 1: the lookup is one indexed query, and exactly one hash is verified.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup_django(database_url):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DEBUG", "1")
    os.environ["AUTH_THROTTLE_RATE"] = "none"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)
    call_command("createcachetable")  # the cache table, when no Redis


def grow_population(total):
    from accounts.models import User
    from accounts.passwords import password_digest

    missing = total - User.objects.count()
    if missing <= 0:
        return
    unusable = "!filler"  # never verified: no sign-in uses these users
    start = User.objects.count()
    User.objects.bulk_create(
        [
            User(
                email=f"filler{start + n}@example.com",
                name="Filler",
                password=unusable,
                password_digest=password_digest(f"filler-password-{start + n}"),
            )
            for n in range(missing)
        ],
        batch_size=1000,
    )


def time_logins(client, password, rounds):
    samples = []
    for _ in range(rounds):
        began = time.perf_counter()
        response = client.post(
            "/api/auth/login", {"password": password}, content_type="application/json"
        )
        samples.append((time.perf_counter() - began) * 1000)
        assert response.status_code == 200, response.content
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--users", type=int, nargs="+", default=[10, 5000])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument(
        "--postgres", action="store_true", help="a scratch database on the local PostgreSQL"
    )
    args = parser.parse_args()
    if args.postgres:
        from loadkit import pg_database

        with pg_database("bench_login") as url:
            run(url, args)
    else:
        run(f"sqlite:///{Path(tempfile.mkdtemp(prefix='shop-bench-login-')) / 'db.sqlite3'}", args)


def run(database_url, args):
    setup_django(database_url)
    from django.db import connection
    from django.test import Client

    from accounts.models import User

    password = "bench-login-password"
    User.objects.create_user("bench@example.com", password, name="Bench")  # real Argon2 hash
    client = Client()
    time_logins(client, password, 3)  # warm-up: imports, connection, first hash

    print(f"POST /api/auth/login on {connection.vendor}, {args.rounds} sign-ins per population")
    print(f"{'users':>8} {'median ms':>10} {'p95 ms':>8}")
    medians = []
    for total in sorted(args.users):
        grow_population(total)
        median, p95 = time_logins(client, password, args.rounds)
        medians.append(median)
        print(f"{User.objects.count():>8} {median:>10.1f} {p95:>8.1f}")
    print(f"ratio largest/smallest median: {medians[-1] / medians[0]:.2f}")
    connection.close()


if __name__ == "__main__":
    main()
