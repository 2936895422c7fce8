#!/usr/bin/env python
"""Checkouts per second and p95 with a normal and with a stalled mail server, side by side.

    .venv/bin/python bench/mail_stall.py [--duration 15] [--clients 8] [--workers 3]

Each mode gets a fresh PostgreSQL database with the demo catalog, a real gunicorn
(config/gunicorn.conf.py) and a real `manage.py db_worker`, the SMTP backend pointed at a
local SMTP server (common/testing/smtp.py) and EMAIL_TIMEOUT=10, as in production:

  answering  an SMTP server that accepts every message;
  stalled    one that accepts connections and never answers (each send waits 10 s);
  in-request the stalled server again, but with tasks run inside the request (the
             immediate backend): what a checkout cost before emails became tasks.

--clients threads, each signed in as its own customer, check out one unit of a random
product for --duration seconds. Printed per mode: checkouts/s, p50/p95/max latency, answers
by status, and for "answering" how many emails the worker delivered and how long after.
Needs a PostgreSQL server with trust auth (BENCH_PG_SERVER, default
postgres://postgres@127.0.0.1:5432).
"""

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from loadkit import add_shoppers, pg_database  # noqa: E402

from common.testing.smtp import AnsweringSMTPServer, StalledSMTPServer  # noqa: E402
from tests.liveserver import call, gunicorn, login, prepare_database, server_env  # noqa: E402

MODES = ("answering", "stalled", "in-request")


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per mode")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client threads")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn processes")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated subset")
    return parser.parse_args()


def shop_products(base, token):
    status, body, _ = call(base, "GET", "/api/products?pageSize=100", token=token)
    products = json.loads(body)["products"]
    return [
        p["id"]
        for p in products
        if p["availability"] and p["quantity"] > 0 and not p["types"] and p["price"] is not None
    ]


def shopper(base, token, products, stop_at, results, refusals):
    rng = random.Random()
    while time.monotonic() < stop_at:
        body = {
            "cartItems": [{"productId": rng.choice(products), "quantity": 1}],
            "customerName": "Bench Shopper",
            "deliveryOption": "pickup",
            "ageConfirmed": True,  # most demo categories are 21+
            "dateOfBirth": "1990-05-17",  # set once, then the same date again
        }
        started = time.monotonic()
        status, answer, _ = call(
            base, "POST", "/api/orders/checkout", body, token=token, timeout=60
        )
        results.append((status, time.monotonic() - started))
        if status != 201 and not refusals:
            refusals.append(f"{status} {answer[:200].decode(errors='replace')}")


def run_mode(mode, args):
    with ExitStack() as stack:
        if mode == "answering":
            smtp = AnsweringSMTPServer().start()
            stack.callback(smtp.stop)
        else:
            smtp = StalledSMTPServer().start()
            stack.callback(smtp.stop)
        database = stack.enter_context(pg_database("bench_mail"))
        workdir = Path(tempfile.mkdtemp(prefix="bench-mail-"))
        env = server_env(
            DATABASE_URL=database,
            MEDIA_ROOT=workdir / "media",
            AUTH_THROTTLE_RATE="none",
            RIDE_THROTTLE_RATE="none",
            # Each shopper checks out in a loop: far more pending orders than a customer may hold.
            MAX_PENDING_ORDERS="0",
            MAX_PENDING_UNITS="0",
            MAX_PENDING_VALUE="0",
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=smtp.port,
            EMAIL_TIMEOUT=10,
            GUNICORN_WORKERS=args.workers,
            TASK_BACKEND=(
                "django_tasks.backends.immediate.ImmediateBackend"
                if mode == "in-request"
                else "django_tasks_db.DatabaseBackend"
            ),
        )
        prepare_database(env)
        passwords = add_shoppers(env, args.clients)
        base = stack.enter_context(
            gunicorn(env, workers=args.workers, log_path=workdir / "gunicorn.log")
        )
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        stack.callback(worker.wait, 20)
        stack.callback(worker.terminate)

        tokens = [login(base, password) for password in passwords]
        products = shop_products(base, tokens[0])
        results, refusals = [], []
        stop_at = time.monotonic() + args.duration
        started = time.monotonic()
        threads = [
            threading.Thread(
                target=shopper,
                args=(base, token, products, stop_at, results, refusals),
            )
            for token in tokens
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started

        mail = ""
        if mode == "answering":
            placed = sum(1 for status, _ in results if status == 201)
            wait_started = time.monotonic()
            while len(smtp.messages) < 2 * placed and time.monotonic() - wait_started < 60:
                time.sleep(0.2)
            mail = (
                f"{len(smtp.messages)} of {2 * placed} emails delivered "
                f"{time.monotonic() - wait_started:.1f} s after the last checkout"
            )
        elif mode == "stalled":
            ready = json.loads(call(base, "GET", "/readyz")[1])
            mail = f"/readyz after the run: tasks {ready['tasks']}"
        return summarize(mode, results, elapsed, mail, refusals)


def summarize(mode, results, elapsed, mail, refusals):
    ok = sorted(seconds for status, seconds in results if status == 201)
    by_status = {}
    for status, _ in results:
        by_status[status] = by_status.get(status, 0) + 1
    p95 = ok[max(0, int(len(ok) * 0.95) - 1)] if ok else float("nan")
    return {
        "mode": mode,
        "checkouts": len(ok),
        "per_second": len(ok) / elapsed,
        "p50_ms": statistics.median(ok) * 1000 if ok else float("nan"),
        "p95_ms": p95 * 1000,
        "max_ms": ok[-1] * 1000 if ok else float("nan"),
        "answers": by_status,
        "mail": mail,
        "first_refusal": refusals[0] if refusals else "",
    }


def main():
    args = parse_args()
    rows = [run_mode(mode, args) for mode in args.modes.split(",")]
    print(
        f"\n{args.clients} clients, {args.duration:.0f} s per mode, gunicorn {args.workers} "
        "processes x 8 threads, PostgreSQL, EMAIL_TIMEOUT=10\n"
    )
    print(
        f"{'mail server':12} {'checkouts/s':>11} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  answers"
    )
    for row in rows:
        print(
            f"{row['mode']:12} {row['per_second']:11.1f} {row['p50_ms']:8.0f} "
            f"{row['p95_ms']:8.0f} {row['max_ms']:8.0f}  {row['answers']}"
        )
    for row in rows:
        if row["mail"]:
            print(f"{row['mode']}: {row['mail']}")
        if row["first_refusal"]:
            print(f"{row['mode']}: first refusal: {row['first_refusal']}")


if __name__ == "__main__":
    main()
