"""What announcing new orders costs: open back-office tabs polling GET /api/announcements.

    .venv/bin/python bench/announcements.py [--seconds 20] [--tabs 20] [--every 3]

A scratch SQLite demo shop served by gunicorn (one worker, as the figure is per core), its
cache first the database's cache table (the default profile), then Redis (a redis-server
started on a free port, when one is installed). For each:

- **sustained**: 8 keep-alive connections polling as fast as answers come, each with the
  last ETag (nothing new: every answer a 304); the requests/s one worker sustains and its
  CPU milliseconds per poll (the server processes' CPU time from /proc over the polls);
- **tabs**: `--tabs` tabs each polling every `--every` seconds for `--seconds` seconds, as
  the back office does; the server's CPU share of one core over that time, and the poll's
  median and p95 milliseconds;
- **a new order each second** during another tabs run: every tab then gets its 200 with
  the order, then 304s again (the share it costs, and how many 200s were answered).

The figures are docs/performance.md's "Announcing new orders".
"""

import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.liveserver import (  # noqa: E402
    call,
    free_port,
    gunicorn,
    prepare_database,
    server_env,
)

ADMIN_PASSWORD = "admin-demo-2468"  # the demo data's (accounts/demo.py)
CUSTOMER_PASSWORD = "shopper-demo-1357"
TICKS = os.sysconf("SC_CLK_TCK")


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--tabs", type=int, default=20)
    parser.add_argument("--every", type=float, default=3)
    return parser.parse_args()


def _stat(proc):
    """(ppid, CPU seconds) of a /proc entry, with its reaped children's (a worker that was
    recycled counts on its master)."""
    fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[1]), sum(int(value) for value in fields[11:15]) / TICKS


def server_cpu_seconds(base):
    """CPU seconds used so far by the gunicorn serving `base`: its master (the process
    whose command line binds that port) and the master's children, the workers."""
    bind = f"127.0.0.1:{base.rsplit(':', 1)[1]}".encode()
    stats, masters = {}, set()
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stats[int(proc.name)] = _stat(proc)
            if bind in (proc / "cmdline").read_bytes().split(b"\0"):
                masters.add(int(proc.name))
        except (FileNotFoundError, ProcessLookupError):
            continue
    return sum(cpu for pid, (ppid, cpu) in stats.items() if pid in masters or ppid in masters)


class Poller:
    """One tab: a keep-alive connection that polls with its last ETag."""

    def __init__(self, base, token):
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=10)
        self.token, self.etag = token, None
        self.after = {"afterOrder": 0, "afterRide": 0}
        self.statuses, self.ms = [], []

    def poll(self):
        headers = {"Authorization": f"Bearer {self.token}"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        query = "&".join(f"{key}={value}" for key, value in self.after.items())
        started = time.perf_counter()
        self.conn.request("GET", f"/api/announcements?{query}", headers=headers)
        response = self.conn.getresponse()
        body = response.read()
        self.ms.append((time.perf_counter() - started) * 1000)
        self.statuses.append(response.status)
        self.etag = response.headers.get("ETag") or self.etag
        if response.status == 200:
            answer = json.loads(body)
            self.after = {
                "afterOrder": answer["latestOrderId"],
                "afterRide": answer["latestRideId"],
            }


def sustained(base, token, seconds, connections=8):
    pollers = [Poller(base, token) for _ in range(connections)]
    for poller in pollers:
        poller.poll()
        poller.poll()  # now with the ETag of its ids
    stop = time.monotonic() + seconds
    cpu_before = server_cpu_seconds(base)

    def run(poller):
        while time.monotonic() < stop:
            poller.poll()

    started = time.monotonic()
    threads = [threading.Thread(target=run, args=(p,)) for p in pollers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    cpu = server_cpu_seconds(base) - cpu_before
    polls = sum(len(p.statuses) - 2 for p in pollers)
    not_modified = sum(p.statuses[2:].count(304) for p in pollers)
    return polls / elapsed, cpu / polls * 1000, not_modified / polls


def tabs(base, token, args, new_order=None):
    pollers = [Poller(base, token) for _ in range(args.tabs)]
    for poller in pollers:
        poller.poll()
        poller.poll()  # now with the ETag of its ids, as an open tab has
    stop = time.monotonic() + args.seconds

    def run(poller, offset):
        time.sleep(offset)  # tabs opened at different moments
        while time.monotonic() < stop:
            poller.poll()
            time.sleep(args.every)

    cpu_before, started = server_cpu_seconds(base), time.monotonic()
    threads = [
        threading.Thread(target=run, args=(p, i * args.every / args.tabs))
        for i, p in enumerate(pollers)
    ]
    for thread in threads:
        thread.start()
    placed = 0
    while new_order and time.monotonic() < stop - 1:
        new_order()
        placed += 1
        time.sleep(1)
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    cpu = server_cpu_seconds(base) - cpu_before
    ms = sorted(m for p in pollers for m in p.ms[2:])
    oks = sum(p.statuses[2:].count(200) for p in pollers)
    return {
        "share": cpu / elapsed,
        "polls": len(ms),
        "p50": statistics.median(ms),
        "p95": ms[int(len(ms) * 0.95)],
        "200s": oks,
        "orders": placed,
    }


def order_placer(base):
    """A shopper's checkout of one unit, from the demo products with stock in turn."""
    token = json.loads(call(base, "POST", "/api/auth/login", {"password": CUSTOMER_PASSWORD})[1])[
        "token"
    ]
    products = json.loads(call(base, "GET", "/api/products?limit=100&inStock=1", token=token)[1])
    units = [
        product["id"]
        for product in products["products"]
        if not product["types"] and not product["ageRestricted"]
        for _ in range(product["quantity"])
    ]

    def place():
        body = {
            "cartItems": [{"productId": units.pop(), "productTypeId": None, "quantity": 1}],
            "customerName": "Bench Shopper",
            "deliveryOption": "pickup",
        }
        status, answer, _ = call(base, "POST", "/api/orders/checkout", body, token=token)
        assert status == 201, answer[:300]

    return place


def run_one(label, env, workdir, args):
    with gunicorn(env, workers=1, log_path=workdir / f"{label}.log") as base:
        login = call(base, "POST", "/api/auth/login", {"password": ADMIN_PASSWORD})
        token = json.loads(login[1])["token"]
        rate, cpu_ms, share_304 = sustained(base, token, args.seconds)
        quiet = tabs(base, token, args)
        busy = tabs(base, token, args, new_order=order_placer(base))
    print(f"\n== cache: {label} (one gunicorn worker)")
    print(
        f"sustained: {rate:,.0f} polls/s, {cpu_ms:.2f} CPU ms per poll, "
        f"{share_304:.0%} answered 304"
    )
    demand = args.tabs / args.every
    print(
        f"{args.tabs} tabs every {args.every:g} s ({demand:.1f} polls/s, "
        f"{demand / rate:.1%} of what one worker sustains):"
    )
    print(
        f"  nothing new: {quiet['share']:.1%} of one core, p50 {quiet['p50']:.1f} ms, "
        f"p95 {quiet['p95']:.1f} ms over {quiet['polls']} polls"
    )
    print(
        f"  a new order each second ({busy['orders']} orders): {busy['share']:.1%} of one core "
        f"(the checkouts included), {busy['200s']} answers 200 of {busy['polls']}, "
        f"p50 {busy['p50']:.1f} ms, p95 {busy['p95']:.1f} ms"
    )


def main():
    args = parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bench-announcements-"))
    common = {
        "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
        "MEDIA_ROOT": workdir / "media",
        "VAR_DIR": workdir,
        "AUTH_THROTTLE_RATE": "none",
        "FAILED_SIGN_INS_PER_MINUTE": "0",
        "MAX_PENDING_ORDERS": "0",
        # No worker recycled during a run: its CPU time would leave the count.
        "GUNICORN_MAX_REQUESTS": "0",
        "GUNICORN_KEEPALIVE": "120",
    }
    env = server_env(**common)
    prepare_database(env)
    print(f"{os.cpu_count()} cores; {args.seconds:g} s per run")
    run_one("database table", env, workdir, args)
    redis = shutil.which("redis-server")
    if redis is None:
        print("\nno redis-server: the Redis run is skipped")
        return
    port = free_port()
    process = subprocess.Popen(
        [redis, "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        time.sleep(0.5)
        run_one(
            "redis", server_env(**common, CACHE_URL=f"redis://127.0.0.1:{port}/0"), workdir, args
        )
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
