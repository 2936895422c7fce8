"""The cached product list against the shop's own ceiling, side by side, under gunicorn.

    .venv/bin/python bench/catalog_ceiling.py [--products 10000] [--rounds 8] [--seconds 4]
        [--backends sqlite,postgres] [--before GIT_REF]

The lighter half of bench/catalog_peer.py (no Oscar project): for each database it fills
the shop with N products (5 types, 2 images each), serves it with catalog_peer's gunicorn
(2 workers x 4 threads, gthread, no recycling, LOG_LEVEL=INFO) and measures
`GET /api/products?page=1` (cached after its first request) and `GET /api/auth/me` (the
ceiling) with `wrk -t2 -c16`, turn after turn, the order reversed every round. With
`--before REF` a second server runs the code of that commit (`git archive`) on the same
database, and its two targets take turns with the others: before and after in one run.

Per target it prints the requests/s of every turn, the median of the per-turn ratios
list/ceiling (goal: 70%, issue 28), the workers' CPU time per request (user + system, from
/proc) and the time the request spent inside Django (mean and 90th percentile of the
request log's `duration_ms`). On a shared machine the last two are steadier than
requests/s. Without wrk on the PATH a small asyncio client of this script stands in for it
(16 keep-alive connections; it says so).
"""

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from catalog_peer import prepare_shop, serve  # noqa: E402
from loadkit import pg_database  # noqa: E402

CONNECTIONS = 16
GOAL = 0.7


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--products", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=4, help="per turn (4)")
    parser.add_argument("--rounds", type=int, default=8, help="turns per target (8)")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--before", help="a git ref whose code serves beside this one")
    return parser.parse_args()


def wrk(url, seconds, token):
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--timeout", "10s"]
    command += ["-H", f"Authorization: Bearer {token}", url]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    if re.search(r"Non-2xx or 3xx responses", out) or "Socket errors" in out:
        sys.exit(f"{url}: errors under load\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


async def _client(host, port, request, deadline):
    reader, writer = await asyncio.open_connection(host, port)
    done = 0
    while time.monotonic() < deadline:
        writer.write(request)
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            sys.exit(f"under load: {head[:200]!r}")
        length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
        await reader.readexactly(int(length.group(1)) if length else 0)
        done += 1
    writer.close()
    return done


def python_client(url, seconds, token):
    """wrk's stand-in: CONNECTIONS keep-alive connections, each asking again at once."""
    parts = urlsplit(url)
    target = f"{parts.path}?{parts.query}" if parts.query else parts.path
    request = (
        f"GET {target} HTTP/1.1\r\nHost: {parts.hostname}\r\nAuthorization: Bearer {token}\r\n\r\n"
    ).encode()

    async def run():
        started = time.monotonic()
        clients = [
            _client(parts.hostname, parts.port, request, started + seconds)
            for _ in range(CONNECTIONS)
        ]
        return sum(await asyncio.gather(*clients)) / (time.monotonic() - started)

    return asyncio.run(run())


def cpu_seconds(master):
    """User + system CPU seconds of a gunicorn master's workers so far."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    total = 0
    for pid in children:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def in_django(log_path, path):
    """(mean, 90th percentile) ms of the request log's duration_ms for one path."""
    durations = []
    for line in log_path.read_text().splitlines():
        if line.startswith("{") and f'"path": "{path}"' in line:
            durations.append(json.loads(line)["duration_ms"])
    durations.sort()
    return statistics.fmean(durations), durations[int(len(durations) * 0.9)]


def measure(targets, args, load):
    """targets: label -> (url, token, server master pid). Every label gets its turns."""
    for url, token, _ in targets.values():  # warm up: imports, connections, caches
        load(url, 1, token)
    rates = {label: [] for label in targets}
    cpu = {label: [] for label in targets}
    for n in range(args.rounds):
        order = list(targets) if n % 2 == 0 else list(reversed(targets))
        for label in order:
            url, token, master = targets[label]
            before = cpu_seconds(master)
            rate = load(url, args.seconds, token)
            used = cpu_seconds(master) - before
            rates[label].append(rate)
            cpu[label].append(used / (rate * args.seconds) * 1e6)
        load_average = os.getloadavg()[0]
        print(f"  round {n + 1}: load average {load_average:.1f}", flush=True)
    return rates, cpu


def report(backend, rates, cpu, logs):
    print(f"\n{backend}: req/s per turn, CPU us per request (workers), ms inside Django")
    for label, values in rates.items():
        turns = ", ".join(f"{r:.0f}" for r in values)
        mean, p90 = in_django(*logs[label])
        print(
            f"  {label:16} median {statistics.median(values):6.0f} req/s  "
            f"cpu {statistics.median(cpu[label]):5.0f} us  "
            f"in Django {mean:.2f} ms mean, {p90:.1f} p90   turns: {turns}"
        )
    for label in rates:
        if not label.endswith("list"):
            continue
        ceiling = rates[label.removesuffix("list") + "ceiling"]
        ratios = [a / b for a, b in zip(rates[label], ceiling, strict=True)]
        verdict = "ok" if statistics.median(ratios) >= GOAL else "BELOW"
        print(
            f"  {label:16} vs ceiling {statistics.median(ratios):4.0%} (goal {GOAL:.0%}) "
            f"{verdict}   turns: " + ", ".join(f"{r:.0%}" for r in ratios)
        )


GUNICORN = [str(ROOT / ".venv/bin/gunicorn"), "config.wsgi", "-c", "config/gunicorn.conf.py"]


def run_backend(backend, args, workdir, load):
    with ExitStack() as stack:
        if backend == "postgres":
            database = stack.enter_context(pg_database("ceiling_shop"))
        else:
            database = f"sqlite:///{workdir / 'shop.sqlite3'}"
        env, _, token = prepare_shop(database, args.products, workdir)
        projects = {"": ROOT}
        if args.before:
            projects["before "] = workdir / "before"
            projects["before "].mkdir()
            archive = subprocess.run(
                ["git", "archive", args.before], cwd=ROOT, capture_output=True, check=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", projects["before "]], input=archive, check=True)
        targets, logs = {}, {}
        for prefix, project in projects.items():
            log_path = workdir / f"{prefix.strip() or 'after'}-{backend}.log"
            base = stack.enter_context(serve(GUNICORN, project, env, log_path))
            master = _master(base)
            for kind, path in (("list", "/api/products?page=1"), ("ceiling", "/api/auth/me")):
                targets[f"{prefix}{kind}"] = (f"{base}{path}", token, master)
                logs[f"{prefix}{kind}"] = (log_path, urlsplit(path).path)
        rates, cpu = measure(targets, args, load)
        report(backend, rates, cpu, logs)


def _master(base):
    """The pid of the gunicorn master listening on base's port (its workers share its
    command line)."""
    port = urlsplit(base).port
    found = subprocess.run(
        ["pgrep", "-f", "--", f"--bind 127.0.0.1:{port} "], capture_output=True, check=True
    )
    pids = {int(pid) for pid in found.stdout.split()}
    parent = {
        pid: int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) for pid in pids
    }
    return next(pid for pid in pids if parent[pid] not in pids)


def main():
    args = parse_args()
    load = wrk if shutil.which("wrk") else python_client
    client = "wrk -t2 -c16" if load is wrk else "no wrk: this script's asyncio client, 16 conns"
    print(f"{os.cpu_count()} CPUs; {client}; {args.rounds} turns of {args.seconds} s per target")
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(prefix=f"catalog-ceiling-{backend}-") as tmp:
            run_backend(backend, args, Path(tmp), load)


if __name__ == "__main__":
    main()
