"""Faults under load: PostgreSQL restarts for a few seconds, then a gunicorn worker is killed
mid-request. Requests during the outage must get a quick 503 with a message (no hang, no
500), the service must recover by itself, and afterwards no order may be half-written and
the stock ledger must balance.

Needs root on a machine whose PostgreSQL is managed by pg_ctlcluster (it restarts it).

    make tools && .venv/bin/python bench/faults.py [--users 30] [--seconds 60]
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.loadkit import add_shoppers, ledger, ledger_check, pg_database, print_stats, run_locust  # noqa: E402
from tests.liveserver import call, gunicorn, login, prepare_database, server_env  # noqa: E402


def pg_cluster(action):
    version = os.listdir("/etc/postgresql")[0]
    subprocess.run(
        [
            "pg_ctlcluster",
            "--skip-systemctl-redirect",
            version,
            "main",
            action,
            *(["-m", "fast"] if action == "stop" else []),
        ],
        check=True,
    )


def gunicorn_workers(port):
    """PIDs of the worker processes of the gunicorn master bound to `port` (a child of ours)."""
    me = os.getpid()
    masters, parents = [], {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if f"127.0.0.1:{port}" in cmdline and "gunicorn" in cmdline:
            parents[int(pid)] = ppid
            if ppid == me:
                masters.append(int(pid))
    return [pid for pid, ppid in parents.items() if ppid in masters]


class Probe(threading.Thread):
    """Asks for a catalog page every 200 ms and records (time, status, seconds, message)."""

    def __init__(self, base, token):
        super().__init__(daemon=True)
        self.base, self.token, self.samples, self.running = base, token, [], True

    def run(self):
        while self.running:
            started = time.monotonic()
            try:
                status, body, _ = call(
                    self.base, "GET", "/api/products?page=1", token=self.token, timeout=10
                )
                message = json.loads(body).get("message") if status >= 400 else None
            except Exception as error:  # a timeout or reset is exactly what this probe looks for
                status, message = 0, type(error).__name__
            self.samples.append((time.time(), status, time.monotonic() - started, message))
            time.sleep(0.2)


def outage_summary(samples, down_at, up_at):
    during = [s for s in samples if down_at <= s[0] <= up_at]
    after = [s for s in samples if s[0] > up_at]
    first_ok = next((s[0] for s in after if s[1] == 200), None)
    return {
        "probes during outage": len(during),
        "statuses during outage": sorted({s[1] for s in during}),
        "slowest answer during outage (s)": round(max((s[2] for s in during), default=0), 2),
        "messages": sorted({s[3] for s in during if s[3]}),
        "500s anywhere": sum(1 for s in samples if s[1] == 500),
        "recovered after database start (s)": round(first_ok - up_at, 2) if first_ok else None,
    }


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--users", type=int, default=30)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--outage", type=float, default=5.0, help="seconds PostgreSQL stays down")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="shop-faults-"))
    with pg_database("bench_faults") as url:
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
            GUNICORN_TIMEOUT="20",
        )
        prepare_database(env)
        passwords = add_shoppers(env, 30)
        before = ledger(env)
        with gunicorn(env, workers=4, log_path=workdir / "gunicorn.log") as base:
            port = int(base.rsplit(":", 1)[1])
            probe = Probe(base, login(base, passwords[0]))
            probe.start()
            results = {}
            load = threading.Thread(
                target=lambda: results.update(
                    rows=run_locust(
                        base,
                        users=args.users,
                        seconds=args.seconds,
                        passwords=passwords,
                        csv_prefix=workdir / "faults",
                        trace=workdir / "trace.csv",
                    )
                )
            )
            load.start()
            time.sleep(args.seconds * 0.25)
            down_at = time.time()
            pg_cluster("stop")
            time.sleep(args.outage)
            pg_cluster("start")
            up_at = time.time()
            time.sleep(args.seconds * 0.3)
            victims = gunicorn_workers(port)[:1]
            for pid in victims:
                os.kill(pid, signal.SIGKILL)
            killed_at = time.time()
            load.join()
            probe.running = False
            probe.join()
        after = ledger(env)

    trace = [line.split(",") for line in (workdir / "trace.csv").read_text().splitlines()]
    statuses = {}
    for _, _, status, _ in trace:
        statuses[status] = statuses.get(status, 0) + 1
    summary = outage_summary(probe.samples, down_at, up_at)
    drift = ledger_check(before, after)
    print(
        f"\n{args.users} users for {args.seconds} s; PostgreSQL down {args.outage:.0f} s; "
        f"killed worker(s) {victims} at +{killed_at - down_at:.0f} s after the outage began"
    )
    print_stats(results.get("rows", []))
    print(f"\nall load answers by status: {dict(sorted(statuses.items()))}")
    for key, value in summary.items():
        print(f"{key}: {value}")
    print(
        f"orders without lines: {after['orders_without_lines']}  with a wrong total: {after['orders_with_wrong_total']}"
    )
    print(f"stock ledger: {'balances' if not drift else f'DRIFT in {len(drift)} items'}")
    bad = (
        drift
        or after["orders_without_lines"]
        or after["orders_with_wrong_total"]
        or summary["500s anywhere"]
        or statuses.get("500")
        or summary["recovered after database start (s)"] is None
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
