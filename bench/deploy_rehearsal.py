"""Rehearse a rolling upgrade on this machine (docs/deploy.md, "Releases and rolling upgrades"):
two app servers and a worker behind Debian's nginx (docs/nginx/shop.conf, TLS swapped for
plain HTTP on spare ports), on PostgreSQL when BENCH_PG_SERVER answers, else one SQLite file.

    .venv/bin/python bench/deploy_rehearsal.py [--from REV] [--without-design]
    .venv/bin/python bench/deploy_rehearsal.py --archives PREVIOUS.tar.gz NEW.tar.gz

It builds two release archives with tools/release.py: the previous release from REV (default
HEAD^, exported with `git archive`, so the working tree is never touched) and this one from
the working tree; or it takes two archives already built. It installs the previous one on
both servers, then upgrades them one at a time (migrate once, install, restart each, the
worker after the first) while a probe loads pages (index.html, then every file it names) and
calls the API (GETs and a POST), all through nginx. After the roll it fetches every bundle
only the previous release had, as a tab left open would. It prints failed requests and pages
with missing files: the goal is 0 and 0. Then, on PostgreSQL, it stops the database for the
shop (its database refuses connections, the server stays up for everyone else) and asks
pages, the API and /readyz through nginx: what needs the database should answer a 503 with
Retry-After and the maintenance page (the API's JSON for /api/), never a 502.

--without-design rolls the same way with the design switched off (no nginx retry of a static
404, no previous bundles carried), to show what the probe catches. A run takes a few minutes:
two webpack builds and collectstatics, and a virtualenv per distinct requirements.txt
(--venvs keeps them for the next run).
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.rehearsal_probe import Probe  # noqa: E402
from tests.deploykit import HOST, ReleaseProcess, app_server, nginx, nginx_binary  # noqa: E402
from tests.liveserver import call, pg_database, server_env  # noqa: E402

PG_SERVER = os.environ.get("BENCH_PG_SERVER", "postgres://postgres@127.0.0.1:5432")
RELEASE_TOOL = ROOT / "tools" / "release.py"
MAINTENANCE = ROOT / "deploy" / "maintenance"
SHOPPER_PASSWORD = "shopper-demo-1357"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="rev", default="HEAD^", help="previous release (HEAD^)")
    parser.add_argument("--step-seconds", type=float, default=8, help="probe time per step")
    parser.add_argument(
        "--without-design",
        action="store_true",
        help="no nginx retry of a static 404 and no carried bundles: what goes wrong then",
    )
    parser.add_argument(
        "--archives",
        nargs=2,
        type=Path,
        metavar=("PREVIOUS", "NEW"),
        help="roll these two release archives instead of building (e.g. what you will ship)",
    )
    parser.add_argument(
        "--venvs", type=Path, help="virtualenvs folder to reuse across runs (default: a new one)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    return parser.parse_args()


def lap(started, message):
    print(f"[{time.monotonic() - started:6.1f} s] {message}", flush=True)


def git(*args):
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def export(rev, folder):
    """The tree of a revision, from `git archive`: no checkout, no worktree."""
    folder.mkdir(parents=True)
    archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", rev], stdout=subprocess.PIPE)
    with tarfile.open(fileobj=archive.stdout, mode="r|") as tar:
        tar.extractall(folder, filter="data")
    if archive.wait() != 0:
        sys.exit(f"git archive {rev} failed")


def release_tool(*args):
    result = subprocess.run(
        [sys.executable, str(RELEASE_TOOL), *map(str, args)], capture_output=True, text=True
    )
    if result.returncode != 0:
        sys.exit(f"tools/release.py {args[0]} failed:\n{result.stdout}\n{result.stderr}")
    # The last line: `build` prints the archive after webpack's own lines.
    return result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""


def in_release(release, *args, env):
    result = subprocess.run(
        [str(release / ".venv" / "bin" / "python"), "manage.py", *args],
        cwd=release,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        sys.exit(f"manage.py {' '.join(args)} failed in {release}:\n{result.stderr[-2000:]}")


def pg_reachable():
    try:
        import psycopg

        psycopg.connect(f"{PG_SERVER}/postgres", connect_timeout=3).close()
        return True
    except Exception:
        return False


def bundles(release):
    """The content-hashed bundles a release built itself (not those it carries)."""
    carried = release / "STATIC_CARRIED"
    carried = set(carried.read_text().splitlines()) if carried.is_file() else set()
    return {
        f"/static/{name}"
        for path in (release / "static" / "frontend").rglob("*")
        if path.is_file()
        and (name := path.relative_to(release / "static").as_posix()) not in carried
        and re.search(r"\.[0-9a-f]{10}\.(js|css)$", name)
    }


def worker_argv(release):
    """The Procfile's worker line of that release, as its systemd unit runs it."""
    line = next(
        line
        for line in (release / "Procfile").read_text().splitlines()
        if line.startswith("worker:")
    )
    return shlex.split(line.split(":", 1)[1])


def main():
    args = parse_args()
    if not nginx_binary():
        sys.exit("nginx not found: `make nginx` (root with apt)")
    started = time.monotonic()
    workdir = Path(tempfile.mkdtemp(prefix="deploy-rehearsal-"))
    try:
        return rehearse(args, workdir, started)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"work folder kept: {workdir}")


def rehearse(args, workdir, started):
    if args.archives:
        previous, current = map(str, args.archives)
    else:
        dist = workdir / "dist"
        export(args.rev, workdir / "previous-source")
        lap(started, f"exported {args.rev}; building both releases")
        previous = release_tool(
            "build",
            "--source",
            workdir / "previous-source",
            "--release-id",
            git("describe", "--always", args.rev),
            "--node-modules",
            ROOT / "node_modules",
            "--out",
            dist,
        )
        lap(started, f"built {Path(previous).name}")
        current = release_tool("build", "--out", dist)
        lap(started, f"built {Path(current).name}")
    previous_id, new_id = (
        Path(archive).name.removeprefix("shop-").removesuffix(".tar.gz")
        for archive in (previous, current)
    )

    roots = [workdir / "server-1", workdir / "server-2"]
    venvs = args.venvs or workdir / "venvs"

    def install(archive, root, *extra):
        release_tool("install", archive, "--root", root, "--venvs", venvs, *extra)
        carried = root / "releases" / new_id / "STATIC_CARRIED"
        if args.without_design and carried.is_file():
            # What an install that carries nothing would leave.
            for name in carried.read_text().splitlines():
                (carried.parent / "static" / name).unlink(missing_ok=True)

    for root in roots:
        install(previous, root)
    lap(started, "installed the previous release on both servers")

    with ExitStack() as stack:
        if pg_reachable():
            database = stack.enter_context(pg_database(PG_SERVER, "rehearsal"))
            database_name = "PostgreSQL"
        else:
            database = f"sqlite:///{workdir / 'db.sqlite3'}"
            database_name = "SQLite (one shared file)"
        env = server_env(
            DATABASE_URL=database,
            ALLOWED_HOSTS=f"{HOST},127.0.0.1",
            NUM_PROXIES=1,
            ENV_FILE="",
            AUTH_THROTTLE_RATE="none",
            PASSWORD_CHECK_THROTTLE_RATE="none",
            GUNICORN_WORKERS=2,
        )
        for name in ("STATIC_ROOT", "RELEASE", "VAR_DIR"):
            env.pop(name, None)
        old_release = (roots[0] / "current").resolve()
        for command in (["migrate", "--noinput"], ["createcachetable"], ["demo_data"]):
            in_release(old_release, *command, env=env)
        lap(started, f"database ready on {database_name}")

        servers = [
            app_server(root, env, workdir / f"server-{n + 1}.log", workers=2, pin_static_root=True)
            for n, root in enumerate(roots)
        ]
        worker = ReleaseProcess(
            roots[0], worker_argv(old_release), env, workdir / "worker.log", pin_static_root=True
        )
        for process in [*servers, worker]:
            stack.callback(process.stop)
            process.start(wait=False)
        for server in servers:
            server.wait_ready()

        def edit(site):
            # The maintenance files from this tree, not /var/www/shop-maintenance.
            site = site.replace("root /var/www/shop-maintenance;", f"root {MAINTENANCE};")
            return site.replace(" http_404", "") if args.without_design else site

        proxy = stack.enter_context(nginx(workdir, [server.port for server in servers], edit))
        lap(started, "nginx in front of 2 servers on the previous release, worker running")

        token = json.loads(
            call(
                proxy,
                "POST",
                "/api/auth/login",
                {"password": SHOPPER_PASSWORD},
                headers={"Host": HOST},
            )[1]
        )["token"]
        pages = {}

        def know_pages():
            for root in roots:
                release = (root / "current").resolve()
                pages[(release / "static/frontend/index.html").read_text()] = release.name

        know_pages()
        probe = Probe(proxy, pages, token)
        probe.start()
        try:
            time.sleep(args.step_seconds)
            probe.enter("migrate")
            install(current, roots[0], "--no-switch")
            for command in (["migrate", "--noinput"], ["createcachetable"]):
                in_release(roots[0] / "releases" / new_id, *command, env=env)
            lap(started, f"migrated with {new_id}")
            time.sleep(args.step_seconds)
            for n, (root, server) in enumerate(zip(roots, servers, strict=True), start=1):
                probe.enter(f"server {n} restarting")
                install(current, root)
                know_pages()
                server.restart()
                lap(started, f"server {n} upgraded")
                probe.enter(f"{n} of 2 upgraded")
                if n == 1:
                    worker.restart()
                    lap(started, "worker restarted")
                time.sleep(args.step_seconds)
        finally:
            probe.stop()

        # A tab opened before the roll still loads its lazy chunks: every bundle only the
        # previous release built.
        own = bundles(old_release) - bundles(roots[0] / "releases" / new_id)
        probe.enter("after the roll")
        # Twice each: nginx's round robin asks both servers.
        lost = [url for url in sorted(own) if any(probe.get(url)[0] != 200 for _ in range(2))]
        report(probe, previous_id, new_id, own, lost, database_name, args)
        outage_ok = True
        if database_name == "PostgreSQL":
            outage_ok = database_outage(proxy, database)
            lap(started, "database outage rehearsed")
        lap(started, "done")
        return not probe.failures and not probe.broken_pages and not lost and outage_ok


def answer_kind(body):
    if body.lstrip().startswith(b"{"):
        return "maintenance JSON" if b"back in a moment" in body else "app JSON"
    return "maintenance page" if b"back in a moment" in body else "other"


OUTAGE_PATHS = ["/", "/products/x", "/admin/login/", "/api/categories", "/api/shop/info", "/readyz"]


def database_outage(proxy, database_url, rounds=5):
    """The shop's database refuses connections (ALLOW_CONNECTIONS false, its sessions ended):
    what customers get through nginx, by path. True when no answer is a 502 or 504: the app
    page (static, it needs no database) may still load, anything that needs the database is
    a 503 with Retry-After, the maintenance page or the API's JSON; /readyz says why."""
    import psycopg

    name = database_url.rsplit("/", 1)[1]
    answers = Counter()
    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", [name]
        )
        try:
            for _ in range(rounds):
                for path in OUTAGE_PATHS:
                    status, body, headers = call(proxy, "GET", path, headers={"Host": HOST})
                    kind = answer_kind(body)
                    retry = "Retry-After" if headers.get("Retry-After") else "no Retry-After"
                    answers[(path, status, retry, kind)] += 1
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    print()
    print("database stopped: answers through nginx")
    for (path, status, retry, kind), count in sorted(answers.items()):
        print(f"  {path:<26} {status} {retry:<15} {kind:<17} x {count}")
    return all(
        status == 200
        or path == "/readyz"
        or (status == 503 and retry == "Retry-After" and kind != "other")
        for path, status, retry, kind in answers
    )


def report(probe, previous_id, new_id, own, lost, database_name, args):
    print()
    print(
        f"rolling upgrade {previous_id} -> {new_id}, 2 servers + worker behind nginx, "
        f"{database_name}{', design OFF' if args.without_design else ''}"
    )
    print(f"bundles only the previous release has: {len(own)}")
    print(f"{'step':<22}{'requests':>9}{'failed':>8}  pages by release (with missing files)")
    for step in probe.steps:
        failed = sum(1 for f in probe.failures if f[0] == step)
        by_release = ", ".join(
            f"{release}: {count} ({sum(1 for b in probe.broken_pages if b[:2] == (step, release))})"
            for (s, release), count in probe.pages.items()
            if s == step
        )
        print(f"{step:<22}{probe.requests[step]:>9}{failed:>8}  {by_release}")
    total_pages = sum(probe.pages.values())
    print(
        f"requests: {sum(probe.requests.values())}, failed: {len(probe.failures)}; "
        f"page loads: {total_pages}, with missing files: {len(probe.broken_pages)}; "
        f"previous release's bundles after the roll: {len(own) - len(lost)} of {len(own)} served"
    )
    for (step, path, status), count in Counter(probe.failures).most_common(10):
        print(f"  failed {count} x: [{step}] {path}: {status}")
    for step, release, missing in probe.broken_pages[:5]:
        print(f"  page with missing files: [{step}] {release}: {', '.join(missing)}")
    for url in lost[:5]:
        print(f"  previous bundle gone: {url}")


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
