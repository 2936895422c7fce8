"""Load: shoppers browse, search, open products and check out while admins settle orders,
against gunicorn on PostgreSQL; prints requests/s and p50/p95/p99 per endpoint, the error
count, and the stock ledger check.

    make tools && .venv/bin/python bench/load.py [--users 50] [--seconds 60] [--workers 4]
"""

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.loadkit import add_shoppers, ledger, ledger_check, pg_database, print_stats, run_locust  # noqa: E402
from tests.liveserver import gunicorn, manage, prepare_database, server_env  # noqa: E402


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--products", type=int, default=500, help="bulk products besides the demo catalog"
    )
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="shop-load-"))
    with pg_database("bench_load") as url:
        env = server_env(
            DATABASE_URL=url,
            MEDIA_ROOT=workdir / "media",
            AUTH_THROTTLE_RATE="none",
            RIDE_THROTTLE_RATE="none",
            # Shoppers check out faster than the admins settle: past MAX_PENDING_ORDERS.
            MAX_PENDING_ORDERS="0",
            MAX_PENDING_UNITS="0",
            MAX_PENDING_VALUE="0",
            LOG_LEVEL="WARNING",
        )
        prepare_database(env)
        if args.products:
            manage("bulk_products", str(args.products), env=env)
        passwords = add_shoppers(env, 40)
        before = ledger(env)
        with gunicorn(env, workers=args.workers, log_path=workdir / "gunicorn.log") as base:
            rows = run_locust(
                base,
                users=args.users,
                seconds=args.seconds,
                passwords=passwords,
                csv_prefix=workdir / "load",
            )
        after = ledger(env)

    print(f"\n{args.users} users for {args.seconds} s, gunicorn {args.workers} workers, PostgreSQL")
    print_stats(rows)
    errors = sum(int(row["Failure Count"]) for row in rows if row["Name"] != "Aggregated")
    drift = ledger_check(before, after)
    print(f"\nerrors: {errors}")
    print(
        f"orders placed: {after['orders'] - before['orders']}  by status now: {after['by_status']}"
    )
    print(
        f"orders without lines: {after['orders_without_lines']}  with a wrong total: {after['orders_with_wrong_total']}"
    )
    print(
        f"stock ledger (stock + units in live orders, per product and type): "
        f"{'balances' if not drift else f'DRIFT in {len(drift)} items: {list(drift.items())[:5]}'}"
    )
    return 1 if errors or drift else 0


if __name__ == "__main__":
    sys.exit(main())
