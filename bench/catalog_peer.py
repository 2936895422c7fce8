"""Catalog reads side by side with django-oscar + django-oscar-api, in one run.

    .venv/bin/python bench/catalog_peer.py [--products 10000] [--backends sqlite,postgres]

For each database backend it fills this shop and a minimal Oscar project (generated into a
temporary folder, Oscar installed from bench/requirements-oscar.txt into its own virtualenv,
kept in var/bench/oscar-venv) with N products each, serves both with gunicorn (2 workers x
4 threads, gthread, no worker recycling), and measures requests/s with
`wrk -t2 -c16`, the targets taking turns round after round:

  shop list      GET /api/products?page=1        (12 full products, signed in)
  oscar list     GET /api/products/?page=1       (12 products: url, id, upc, title; anonymous)
  shop product   GET /api/products/<id>          (signed in)
  oscar product  GET /api/products/<id>/         (anonymous)
  shop ceiling   GET /api/auth/me                (the shop's most trivial signed-in answer)
  shop healthz   GET /healthz                    (the shop's most trivial answer)
  oscar ceiling  GET /healthz                    (Oscar project's trivial view, its ceiling)

and prints the medians and the ratios the catalog has to meet: list >= 2.5x Oscar's list and
product >= 4x Oscar's product; the trivial answers' ratios are printed to read the rest by.
PostgreSQL comes from BENCH_PG_SERVER (default postgres://postgres@127.0.0.1:5432), which gets
two scratch databases; on PostgreSQL the shop caches in Redis as in production (BENCH_REDIS_URL,
default redis://127.0.0.1:6379/15, emptied first), on SQLite in the database as `make run` does.
--no-oscar measures the shop against its ceiling only.
"""

import argparse
import hashlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from loadkit import pg_database  # noqa: E402
from oscar_project import OSCAR_FILES, write_project  # noqa: E402

from tests.liveserver import free_port, manage, server_env, wait_until_up  # noqa: E402

REQUIREMENTS = ROOT / "bench" / "requirements-oscar.txt"
GUNICORN_FLAGS = [
    "--workers",
    "2",
    "--threads",
    "4",
    "--worker-class",
    "gthread",
    "--max-requests",
    "0",
    "--keep-alive",
    "5",
    # wrk's 16 keep-alive connections, 8 to each worker. A gthread worker keeps every
    # connection it accepts, and the worker that wakes first can take all 16: that turn then
    # measures one process at about half the rate (seen on both sides, one turn in three).
    "--worker-connections",
    "8",
]
# What a shopper compares: the catalog against django-oscar's, on the same machine and load.
TARGETS = {"list": 2.5, "product": 4.0}


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--products", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=6, help="wrk duration per turn (6)")
    parser.add_argument("--rounds", type=int, default=5, help="turns per target (5)")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--oscar-venv", default=str(ROOT / "var" / "bench" / "oscar-venv"))
    parser.add_argument("--no-oscar", action="store_true", help="measure the shop only")
    return parser.parse_args()


def oscar_python(venv):
    """The Oscar virtualenv's python, (re)built when bench/requirements-oscar.txt changes."""
    venv = Path(venv)
    stamp = venv / ".requirements-sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if not stamp.is_file() or stamp.read_text() != wanted:
        print(f"installing Oscar into {venv} ...", flush=True)
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(venv / "bin/pip"), "install", "--quiet", "-r", str(REQUIREMENTS)], check=True
        )
        stamp.write_text(wanted)
    return venv / "bin" / "python"


@contextmanager
def serve(command, cwd, env, log_path):
    port = free_port()
    log = open(log_path, "w")
    process = subprocess.Popen(
        [*command, "--bind", f"127.0.0.1:{port}", *GUNICORN_FLAGS],
        cwd=cwd,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process, log_path, timeout=60)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def prepare_shop(database_url, count, workdir, redis_url=""):
    """Migrate, load `count` products, and return (env, a product id, a token)."""
    env = server_env(
        DATABASE_URL=database_url,
        MEDIA_ROOT=workdir / "shop-media",
        # As in production: one JSON request log line per request (issue 28 counts its cost).
        LOG_LEVEL="INFO",
        REDIS_URL=redis_url,
        AUTH_THROTTLE_RATE="none",
        GUNICORN_MAX_REQUESTS="0",
    )
    manage("migrate", "--noinput", "-v0", env=env)
    manage("createcachetable", env=env)
    manage("bulk_products", str(count), "--types", "5", "--images", "2", "--seed", "1", env=env)
    out = manage(
        "shell",
        "-c",
        "from accounts.models import User; from accounts.tokens import token_for; "
        "from shop.models import Product; "
        "u = User.objects.create_user(email='bench@example.com', password='bench-pass-x9', name='Bench'); "
        "ids = list(Product.objects.order_by('id').values_list('id', flat=True)); "
        "print(ids[len(ids) // 2], token_for(u))",
        env=env,
    )
    product_id, token = out.split()[-2:]
    return env, product_id, token


def prepare_oscar(python, project, database_url, count):
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "DATABASE"))},
        "OSCAR_DATABASE_URL": database_url,
        "PYTHONPATH": str(project),
    }
    for args in (["migrate", "--noinput", "-v0"], ["load_bench", str(count)]):
        subprocess.run(
            [str(python), "manage.py", *args], cwd=project, env=env, check=True, timeout=1800
        )
    out = subprocess.run(
        [str(python), "manage.py", "middle_product"],
        cwd=project,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return env, out.split()[-1]


def wrk(url, seconds, token=None):
    # A 10 s timeout: on a machine other sessions load, Oscar's product page took over wrk's
    # default 2 s, and a timeout counts as an error.
    command = ["wrk", "-t2", "-c16", f"-d{seconds}s", "--timeout", "10s", url]
    if token:
        command[1:1] = ["-H", f"Authorization: Bearer {token}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if bad or "Socket errors" in out:
        sys.exit(f"{url}: errors under load\n{out}")
    return rate


def measure(targets, seconds, rounds):
    """targets: label -> (url, token). Every label gets `rounds` turns, interleaved."""
    for url, token in targets.values():  # warm up: imports, connections, caches
        wrk(url, 2, token)
    rates = {label: [] for label in targets}
    for n in range(rounds):
        order = list(targets) if n % 2 == 0 else list(reversed(targets))
        for label in order:
            url, token = targets[label]
            rates[label].append(wrk(url, seconds, token))
    return {label: statistics.median(values) for label, values in rates.items()}, rates


def report(backend, medians, rates, count):
    turns = len(rates["shop list"])
    print(f"\n{backend}: {count} products each, wrk -t2 -c16, {turns} turns per target")
    print(f"  {'target':15} {'median req/s':>12}   turns")
    for label, value in medians.items():
        print(f"  {label:15} {value:12.0f}   " + ", ".join(f"{r:.0f}" for r in rates[label]))
    # Each ratio is taken turn by turn (the two measured minutes apart, under the same load
    # from the rest of the machine), then the median of those.
    print("  ratios (median of per-turn ratios)")
    for kind, goal in TARGETS.items():
        other = f"oscar {kind}"
        if other not in rates:
            continue
        pairs = zip(rates[f"shop {kind}"], rates[other], strict=True)
        ratio = statistics.median(a / b for a, b in pairs)
        verdict = "ok" if ratio >= goal else "BELOW"
        print(f"  {kind:8} vs Oscar {ratio:6.2f}x  (goal {goal}x)  {verdict}")
    # For reading the figures, not a goal: each side's trivial answer against Oscar's.
    if "oscar ceiling" in rates:
        for label in ("shop ceiling", "shop healthz"):
            pairs = zip(rates[label], rates["oscar ceiling"], strict=True)
            ratio = statistics.median(a / b for a, b in pairs)
            print(f"  {label:13} vs Oscar's trivial {ratio:5.2f}x")


def run_backend(backend, args, python, workdir):
    with ExitStack() as stack:
        redis_url = ""
        if backend == "postgres":
            # Production's pair: PostgreSQL with Redis as the cache (docs/deploy.md).
            shop_db = stack.enter_context(pg_database("peer_shop"))
            oscar_db = stack.enter_context(pg_database("peer_oscar"))
            redis_url = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
            subprocess.run(
                ["redis-cli", "-u", redis_url, "flushdb"], check=True, capture_output=True
            )
        else:
            # `make run`'s default: SQLite with the cache in the database.
            shop_db = f"sqlite:///{workdir / 'shop.sqlite3'}"
            oscar_db = f"sqlite:///{workdir / 'oscar.sqlite3'}"
        started = time.perf_counter()
        shop_env, shop_id, token = prepare_shop(shop_db, args.products, workdir, redis_url)
        shop = stack.enter_context(
            serve(
                [str(ROOT / ".venv/bin/gunicorn"), "config.wsgi", "-c", "config/gunicorn.conf.py"],
                ROOT,
                shop_env,
                workdir / f"shop-{backend}.log",
            )
        )
        targets = {
            "shop list": (f"{shop}/api/products?page=1", token),
            "shop product": (f"{shop}/api/products/{shop_id}", token),
            "shop ceiling": (f"{shop}/api/auth/me", token),
            "shop healthz": (f"{shop}/healthz", None),  # issue 28
        }
        if python:
            project = workdir / "oscarbench"
            oscar_env, oscar_id = prepare_oscar(python, project, oscar_db, args.products)
            oscar = stack.enter_context(
                serve(
                    [str(Path(python).parent / "gunicorn"), "oscarbench.wsgi"],
                    project,
                    oscar_env,
                    workdir / f"oscar-{backend}.log",
                )
            )
            targets["oscar list"] = (f"{oscar}/api/products/?page=1", None)
            targets["oscar product"] = (f"{oscar}/api/products/{oscar_id}/", None)
            targets["oscar ceiling"] = (f"{oscar}/healthz", None)  # issue 28
        print(f"{backend}: ready in {time.perf_counter() - started:.0f} s", flush=True)
        medians, rates = measure(targets, args.seconds, args.rounds)
        order = ["shop list", "oscar list", "shop product", "oscar product", "shop ceiling"]
        order += ["shop healthz", "oscar ceiling"]  # issue 28
        report(backend, {k: medians[k] for k in order if k in medians}, rates, args.products)


def main():
    args = parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is needed (apt-get install wrk)")
    python = None if args.no_oscar else oscar_python(args.oscar_venv)
    print(f"{os.cpu_count()} CPUs; gunicorn {' '.join(GUNICORN_FLAGS)}")
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(prefix=f"catalog-peer-{backend}-") as tmp:
            workdir = Path(tmp)
            if python:
                write_project(workdir / "oscarbench")
            run_backend(backend, args, python, workdir)
    if python:
        print(f"\nOscar project files: {', '.join(OSCAR_FILES)} (bench/oscar_project.py)")


if __name__ == "__main__":
    main()
