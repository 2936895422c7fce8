"""A gunicorn worker's memory under made-up catalog query values.

    .venv/bin/python bench/catalog_memory.py [--requests 8000] [--clients 4]

Serves the project with one gunicorn worker (the shipped config's threads; worker recycling
off, so one process answers everything) on a scratch SQLite file with the demo catalog,
warms it up with ordinary list requests, then sends, per run, N list requests whose value
is new each time: a 3.5 KB `category`, a 200-character `search` (the longest allowed; two
runs, the second after the cache is full) and a `page` past the end. Prints the worker's resident memory (VmRSS) before and after each
run and the growth; the runs follow each other in one process, so each growth adds to the
one before. The catalog's answers live in the shared cache (shop/readcache.py: the database's
cache table here, bounded by its MAX_ENTRIES and each entry's timeout), not in the worker, so
no run should grow the worker by more than a few MB.
"""

import argparse
import http.client
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.liveserver import gunicorn, login, prepare_database, server_env  # noqa: E402

PASSWORD = "bench-admin-pass-8461"


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=8000, help="Requests per run (8000).")
    parser.add_argument("--clients", type=int, default=4, help="Connections at once (4).")
    return parser.parse_args()


def rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def worker_pid(pid_file):
    master = Path(pid_file).read_text().strip()
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    assert len(children) == 1, f"expected one worker, found {children}"
    return int(children[0])


def send_all(base, token, paths, clients):
    host, port = base.removeprefix("http://").split(":")
    statuses = {}

    def run(share):
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        for path in share:
            conn.request("GET", path, headers={"Authorization": f"Bearer {token}"})
            response = conn.getresponse()
            response.read()
            statuses[response.status] = statuses.get(response.status, 0) + 1
        conn.close()

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(run, [paths[i::clients] for i in range(clients)]))
    return statuses


def main():
    args = parse_args()
    n = args.requests
    runs = {
        "3.5 KB categories": [f"/api/products?category={i:06d}{'c' * 3500}" for i in range(n)],
        "200-character searches": [f"/api/products?search={i:06d}{'s' * 194}" for i in range(n)],
        # As many again: what a search keeps is in the shared cache, never in the worker.
        "as many more searches": [f"/api/products?search={i:06d}{'t' * 194}" for i in range(n)],
        "pages past the end": [f"/api/products?page={1000 + i}" for i in range(n)],
    }
    with tempfile.TemporaryDirectory() as workdir:
        pid_file = Path(workdir) / "gunicorn.pid"
        env = server_env(
            DATABASE_URL=f"sqlite:///{workdir}/db.sqlite3",
            MEDIA_ROOT=f"{workdir}/media",
            VAR_DIR=workdir,
            DEMO_ADMIN_PASSWORD=PASSWORD,
            AUTH_THROTTLE_RATE="none",
            GUNICORN_MAX_REQUESTS="0",
            GUNICORN_CMD_ARGS=f"--pid {pid_file}",
        )
        prepare_database(env)
        with gunicorn(env, workers=1, log_path=Path(workdir) / "gunicorn.log") as base:
            token = login(base, PASSWORD)
            warm = ["/api/products", "/api/products?page=2", "/api/products?search=pod"] * 200
            send_all(base, token, warm, args.clients)
            pid = worker_pid(pid_file)
            print(f"worker {pid}, {n} requests per run, {args.clients} connections")
            for name, paths in runs.items():
                before = rss_mb(pid)
                started = time.monotonic()
                statuses = send_all(base, token, paths, args.clients)
                seconds = time.monotonic() - started
                after = rss_mb(pid)
                print(
                    f"{name:>22}: RSS {before:6.1f} -> {after:6.1f} MB "
                    f"(+{after - before:5.1f}) in {seconds:4.1f} s, statuses {statuses}"
                )
            os.kill(pid, 0)  # the same worker answered every run


if __name__ == "__main__":
    main()
