#!/usr/bin/env python
"""A bystander's catalog reads, quiet and during a flood of wrong sign-ins, side by side.

    .venv/bin/python bench/signin_flood.py [--duration 20] [--rate 4] [--workers 3]
                                           [--modes bounded,unbounded]

Each mode gets a fresh SQLite database with the demo catalog and a real gunicorn
(config/gunicorn.conf.py, default profile: the throttles in the database cache), behind
one proxy (NUM_PROXIES=1), so each wrong sign-in comes from its own address in
X-Forwarded-For: a guesser rotating addresses, every attempt within the address throttle.
The shop-wide ceiling is off (FAILED_SIGN_INS_PER_MINUTE=0): every attempt reaches the
password hash, the worst case below the ceiling.

  bounded    password hashing as shipped (accounts/hashers.py): SIGN_IN_HASH_CONCURRENCY
             per process, on lower-priority threads;
  unbounded  SIGN_IN_HASH_CONCURRENCY=0: each hash in its request's thread, as before.

One bystander (the demo customer, signed in) reads GET /api/products?limit=12 in a loop (a pause of 20 ms between reads)
for --duration seconds while nothing else happens, then for --duration seconds while
--rate wrong sign-ins a second arrive (open loop: sent on schedule whatever the answers).
Printed per mode: the catalog's p50/p95 quiet and during the flood and their ratio, and
the sign-in answers by status with their p50.
"""

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.liveserver import call, gunicorn, login, prepare_database, server_env  # noqa: E402

MODES = {"bounded": {}, "unbounded": {"SIGN_IN_HASH_CONCURRENCY": "0"}}
CATALOG = "/api/products?limit=12"
CUSTOMER_PASSWORD = "shopper-demo-1357"  # the demo customer (accounts/demo.py)


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per phase")
    parser.add_argument("--rate", type=float, default=4.0, help="wrong sign-ins per second")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn processes")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated subset")
    return parser.parse_args()


def percentile(samples, share):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def read_catalog(base, token, until):
    samples = []
    while time.monotonic() < until:
        began = time.perf_counter()
        status, _, _ = call(base, "GET", CATALOG, token=token)
        assert status == 200, status
        samples.append((time.perf_counter() - began) * 1000)
        time.sleep(0.02)
    return samples


def flood(base, rate, until, answers):
    """Wrong sign-ins on schedule, each from a new address; (status, ms) into answers. Run
    in a process of its own, so its threads never hold the bystander's GIL."""

    def one(n):
        address = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
        began = time.perf_counter()
        status, _, _ = call(
            base,
            "POST",
            "/api/auth/login",
            {"password": f"wrong-guess-{n}"},
            headers={"X-Forwarded-For": address},
            timeout=60,
        )
        answers.append((status, (time.perf_counter() - began) * 1000))

    with ThreadPoolExecutor(64) as pool:
        n, start = 0, time.monotonic()
        while time.monotonic() < until:
            pool.submit(one, n)
            n += 1
            time.sleep(max(0.0, start + n / rate - time.monotonic()))


def run_mode(name, args, workdir):
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        VAR_DIR=workdir,
        NUM_PROXIES=1,
        FAILED_SIGN_INS_PER_MINUTE="0",
        LOG_LEVEL="WARNING",
        **MODES[name],
    )
    prepare_database(env)
    with gunicorn(env, workers=args.workers, log_path=workdir / "gunicorn.log") as base:
        token = login(base, CUSTOMER_PASSWORD, headers={"X-Forwarded-For": "192.0.2.1"})
        read_catalog(base, token, time.monotonic() + 2)  # warm the read cache and connections
        quiet = read_catalog(base, token, time.monotonic() + args.duration)
        with multiprocessing.Manager() as manager:
            answers = manager.list()
            until = time.monotonic() + args.duration
            flooder = multiprocessing.Process(target=flood, args=(base, args.rate, until, answers))
            flooder.start()
            during = read_catalog(base, token, until)
            flooder.join()
            answers = list(answers)
    return quiet, during, answers


def main():
    args = parse_args()
    print(
        f"{args.rate:g} wrong sign-ins/s from rotating addresses for {args.duration:g} s, "
        f"{args.workers} gunicorn workers; catalog: GET {CATALOG}"
    )
    header = (
        f"{'mode':<10} {'quiet p50':>9} {'quiet p95':>9} {'flood p50':>9} {'flood p95':>9} "
        f"{'p95 x':>6}  sign-ins (status: count, p50 ms)"
    )
    rows = []
    for name in args.modes.split(","):
        with tempfile.TemporaryDirectory(prefix=f"signin-flood-{name}-") as tmp:
            quiet, during, answers = run_mode(name, args, Path(tmp))
        by_status = {}
        for status, ms in answers:
            by_status.setdefault(status, []).append(ms)
        signins = ", ".join(
            f"{status}: {len(times)}, {statistics.median(times):.0f}"
            for status, times in sorted(by_status.items())
        )
        q95, f95 = percentile(quiet, 0.95), percentile(during, 0.95)
        rows.append(
            f"{name:<10} {statistics.median(quiet):>7.1f}ms {q95:>7.1f}ms "
            f"{statistics.median(during):>7.1f}ms {f95:>7.1f}ms {f95 / q95:>5.1f}x  {signins}"
        )
        print(rows[-1], flush=True)
    print()
    print(header)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
