"""Fuzz the API with schemathesis from its own OpenAPI schema, on a live gunicorn with demo
data, as an admin, as a customer and anonymously, over every operation. Reports 5xx answers,
answers that break the schema, and 4xx answers without a {"message": ...} body.

    make fuzz            (or: .venv/bin/python bench/fuzz.py --max-time 60 --examples 30)
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.liveserver import gunicorn, login, prepare_database, server_env  # noqa: E402

SCHEMATHESIS = ROOT / ".venv-tools" / "bin" / "schemathesis"
CHECKS = "not_a_server_error,response_schema_conformance,content_type_conformance,status_code_conformance"


def har_entries(path):
    if not path.exists():
        return []
    return json.loads(path.read_text())["log"]["entries"]


def without_message(entries):
    """4xx answers whose body is not JSON with a non-empty "message"."""
    bad = []
    for entry in entries:
        response = entry["response"]
        if 400 <= response["status"] < 500:
            try:
                ok = bool(json.loads(response["content"].get("text") or "").get("message"))
            except (ValueError, AttributeError):
                ok = False
            if not ok:
                bad.append(
                    f"{entry['request']['method']} {entry['request']['url']} -> {response['status']}"
                )
    return bad


def fuzz(base, role, token, workdir, args):
    har = workdir / f"{role}.har"
    command = [
        str(SCHEMATHESIS),
        "run",
        f"{base}/api/schema/",
        "--checks",
        CHECKS,
        "--max-examples",
        str(args.examples),
        "--max-time",
        str(args.max_time),
        "--workers",
        "2",
        "--seed",
        str(args.seed),
        "--no-color",
        "--phases",
        "examples,coverage,fuzzing",
        "--report",
        "har",
        "--report-har-path",
        str(har),
        "--request-timeout",
        "10",
        "--generation-database",
        "none",
    ]
    if token:
        command += ["--header", f"Authorization: Bearer {token}"]
    result = subprocess.run(command, capture_output=True, text=True)
    (workdir / f"{role}.txt").write_text(result.stdout + result.stderr)
    entries = har_entries(har)
    statuses = [entry["response"]["status"] for entry in entries]
    return {
        "role": role,
        "exit": result.returncode,
        "requests": len(entries),
        "5xx": sum(1 for s in statuses if s >= 500),
        "4xx without message": without_message(entries),
        "tail": "\n".join(result.stdout.strip().splitlines()[-25:]),
    }


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--examples", type=int, default=25, help="max examples per operation")
    parser.add_argument("--max-time", type=int, default=60, help="seconds per role")
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()
    if not SCHEMATHESIS.exists():
        raise SystemExit("schemathesis is missing: run `make tools` first")

    workdir = Path(tempfile.mkdtemp(prefix="shop-fuzz-"))
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        AUTH_THROTTLE_RATE="none",
        RIDE_THROTTLE_RATE="none",
        LOG_LEVEL="WARNING",
    )
    prepare_database(env)
    reports = []
    with gunicorn(env, workers=3, log_path=workdir / "gunicorn.log") as base:
        for role, password in (
            ("anonymous", None),
            ("customer", "shopper-demo-1357"),
            ("admin", "admin-demo-2468"),
        ):
            token = login(base, password) if password else None
            reports.append(fuzz(base, role, token, workdir, args))

    failed = False
    for report in reports:
        print(
            f"\n== {report['role']}: {report['requests']} requests, 5xx: {report['5xx']}, "
            f"4xx without message: {len(report['4xx without message'])}, schemathesis exit {report['exit']}"
        )
        for line in report["4xx without message"][:10]:
            print(f"   no message: {line}")
        if report["exit"] or report["5xx"] or report["4xx without message"]:
            failed = True
            print(report["tail"])
            print(f"   full schemathesis output: {workdir / (report['role'] + '.txt')}")
    print(f"\nserver log: {workdir / 'gunicorn.log'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
