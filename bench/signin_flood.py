#!/usr/bin/env python
"""Sign-in under a flood of wrong sign-ins from rotating addresses, two scenarios.

    .venv/bin/python bench/signin_flood.py many-addresses [--duration 60] [--threads 10]
                                           [--workers 3] [--modes defended,undefended]
    .venv/bin/python bench/signin_flood.py catalog [--duration 20] [--rate 4] [--workers 3]
                                           [--modes bounded,unbounded]

many-addresses (issue 43's attack): --threads guessers send wrong passwords as fast as they
are answered, each from a new address (X-Forwarded-For, NUM_PROXIES=1), for --duration
seconds; they do not solve challenges. Meanwhile the demo customer signs in every
duration/10 seconds from a new browser (no device cookie, a new address: on a 429
`challenge_required` it fetches GET /api/auth/challenge, solves it in Python and sends again,
as frontend/src/features/auth does in the browser) and, halfway between, from its known
browser (the device cookie of an earlier sign-in). Printed per mode: the customer's
successes and p50/p95 per browser, and the guessers' answers and checked passwords a second
(401s: the guesses that learned something).

  defended    as shipped: the shop-wide ceiling (FAILED_SIGN_INS_PER_MINUTE, 120) and the
              challenge; hashing in three lanes (accounts/hashers.py);
  undefended  no ceiling, no challenge (FAILED_SIGN_INS_PER_MINUTE=0,
              SIGN_IN_CHALLENGE_MAX_NUMBER=0): every guess waits for a hash, bounded only
              by the hashing lanes (the guesser's rate without the defence, the baseline
              of the "falls tenfold" goal).

catalog: a bystander's catalog reads, quiet and during a flood of wrong sign-ins, side by
side.

Each mode gets a fresh SQLite database with the demo catalog and a real gunicorn
(config/gunicorn.conf.py, default profile: the throttles in the database cache), behind
one proxy (NUM_PROXIES=1), so each wrong sign-in comes from its own address in
X-Forwarded-For: a guesser rotating addresses, every attempt within the address throttle.
The shop-wide ceiling is off (FAILED_SIGN_INS_PER_MINUTE=0): every attempt reaches the
password hash, the worst case below the ceiling.

  bounded    password hashing as shipped (accounts/hashers.py): SIGN_IN_HASH_CONCURRENCY
             per process and lane, in the request's thread;
  unbounded  SIGN_IN_HASH_CONCURRENCY=0: every hash at once.

One bystander (the demo customer, signed in) reads GET /api/products?limit=12 in a loop (a pause of 20 ms between reads)
for --duration seconds while nothing else happens, then for --duration seconds while
--rate wrong sign-ins a second arrive (open loop: sent on schedule whatever the answers).
Printed per mode: the catalog's p50/p95 quiet and during the flood and their ratio, and
the sign-in answers by status with their p50.
"""

import argparse
import itertools
import json
import multiprocessing
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.challenge import sign_in  # noqa: E402
from tests.liveserver import call, gunicorn, login, prepare_database, server_env  # noqa: E402

MODES = {"bounded": {}, "unbounded": {"SIGN_IN_HASH_CONCURRENCY": "0"}}
FLOOD_MODES = {
    "defended": {},
    "undefended": {"FAILED_SIGN_INS_PER_MINUTE": "0", "SIGN_IN_CHALLENGE_MAX_NUMBER": "0"},
}
SCENARIOS = ("many-addresses", "catalog")
CATALOG = "/api/products?limit=12"
CUSTOMER_PASSWORD = "shopper-demo-1357"  # the demo customer (accounts/demo.py)


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("scenario", nargs="?", default="many-addresses", choices=SCENARIOS)
    parser.add_argument("--duration", type=float, default=None, help="seconds (per phase)")
    parser.add_argument("--rate", type=float, default=4.0, help="catalog: wrong sign-ins a second")
    parser.add_argument("--threads", type=int, default=10, help="many-addresses: guessers")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn processes")
    parser.add_argument("--modes", default=None, help="comma-separated subset")
    args = parser.parse_args()
    many = args.scenario == "many-addresses"
    if args.duration is None:
        args.duration = 60.0 if many else 20.0
    if args.modes is None:
        args.modes = ",".join(FLOOD_MODES if many else MODES)
    return args


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


def guess(base, n):
    """One wrong sign-in from address number n: (status, code, seconds)."""
    address = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
    began = time.perf_counter()
    status, body, _ = call(
        base,
        "POST",
        "/api/auth/login",
        {"password": f"wrong-guess-{n}"},
        headers={"X-Forwarded-For": address},
        timeout=60,
    )
    code = json.loads(body).get("code") if body else None
    return status, code, time.perf_counter() - began


def guessers(base, threads, until, answers):
    """`threads` guessers, each sending its next guess when the last is answered. In a
    process of its own, so its threads never hold the customer's GIL."""
    numbers = itertools.count()

    def one_thread():
        while time.monotonic() < until:
            answers.append(guess(base, next(numbers)))

    with ThreadPoolExecutor(threads) as pool:
        for _ in range(threads):
            pool.submit(one_thread)


def customer(base, duration, device):
    """Ten sign-ins from new browsers and ten from the known one, spread over the run:
    [(browser, status, seconds, challenged)]."""
    results = []
    step = duration / 10
    start = time.monotonic()
    for n in range(10):
        for browser, offset in (("new", 0.0), ("known", step / 2)):
            time.sleep(max(0.0, start + n * step + offset - time.monotonic()))
            began = time.perf_counter()
            status, _, _, challenged = sign_in(
                base,
                CUSTOMER_PASSWORD,
                f"192.0.2.{100 + n}" if browser == "new" else "192.0.2.1",
                device=device if browser == "known" else None,
            )
            results.append((browser, status, time.perf_counter() - began, challenged))
    return results


def run_flood_mode(name, args, workdir):
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        VAR_DIR=workdir,
        NUM_PROXIES=1,
        LOG_LEVEL="WARNING",
        **FLOOD_MODES[name],
    )
    prepare_database(env)
    with gunicorn(env, workers=args.workers, log_path=workdir / "gunicorn.log") as base:
        status, _, device, _ = sign_in(base, CUSTOMER_PASSWORD, "192.0.2.1")
        assert status == 200 and device, status
        with multiprocessing.Manager() as manager:
            answers = manager.list()
            until = time.monotonic() + args.duration
            flooder = multiprocessing.Process(
                target=guessers, args=(base, args.threads, until, answers)
            )
            flooder.start()
            results = customer(base, args.duration, device)
            flooder.join()
            answers = list(answers)
    return results, answers


def flood_row(name, results, answers, duration):
    cells = [f"{name:<10}"]
    for browser in ("new", "known"):
        mine = [r for r in results if r[0] == browser]
        times = [seconds for _, status, seconds, _ in mine if status == 200]
        inside = sum(1 for _, status, _, _ in mine if status == 200)
        challenged = sum(1 for *_, was in mine if was)
        p50 = f"{statistics.median(times):.2f}" if times else "-"
        p95 = f"{percentile(times, 0.95):.2f}" if times else "-"
        cells.append(f"{inside:>2}/{len(mine)} in, p50 {p50} s, p95 {p95} s ({challenged} chal.)")
    by_answer = {}
    for status, code, _ in answers:
        key = f"{status}" + (f" {code}" if status == 429 else "")
        by_answer[key] = by_answer.get(key, 0) + 1
    checked = by_answer.get("401", 0) / duration
    cells.append(f"{checked:6.1f}/s checked")
    cells.append(", ".join(f"{key}: {count}" for key, count in sorted(by_answer.items())))
    return " | ".join(cells)


def main_many_addresses(args):
    print(
        f"{args.threads} guessers, a new address each guess, {args.duration:g} s, "
        f"{args.workers} gunicorn workers; the customer 10x from a new browser, 10x known"
    )
    print("mode       | new browser | known browser | guesses checked | guessers' answers")
    rows = []
    for name in args.modes.split(","):
        with tempfile.TemporaryDirectory(prefix=f"signin-flood-{name}-") as tmp:
            results, answers = run_flood_mode(name, args, Path(tmp))
        rows.append(flood_row(name, results, answers, args.duration))
        print(rows[-1], flush=True)
        for browser in ("new", "known"):
            each = ", ".join(
                f"{seconds:.2f}{'' if status == 200 else f' ({status})'}"
                for kind, status, seconds, _ in results
                if kind == browser
            )
            print(f"    {browser} browser, in order (s): {each}", flush=True)


def main():
    args = parse_args()
    if args.scenario == "many-addresses":
        main_many_addresses(args)
        return
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
