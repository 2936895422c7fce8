"""The CPU a Django process of the shop spends starting, with the garbage collector off
during the start (as manage.py and config/wsgi.py do) and with it on, side by side.

    .venv/bin/python bench/startup.py [--runs 8]

Each run is a fresh interpreter that sets Django up, loads the WSGI handler and the URL
patterns (what a gunicorn worker does before its first request); the two ways alternate.
It prints the median user + system CPU seconds of each and their ratio
(docs/performance.md, "Starting a process").
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START = """
import gc
if {off}: gc.disable()
import django; django.setup()
from django.core.wsgi import get_wsgi_application; get_wsgi_application()
from django.urls import get_resolver; get_resolver().url_patterns
"""


def cpu_of(off):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "ENV_FILE": ""}
    env.setdefault("SECRET_KEY", "startup-bench-only")
    subprocess.run([sys.executable, "-c", START.format(off=off)], cwd=ROOT, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=8)
    args = parser.parse_args()
    on, off = [], []
    for _ in range(args.runs):
        on.append(cpu_of(False))
        off.append(cpu_of(True))
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}, {args.runs} runs each")
    print(f"collector on during the start:  {statistics.median(on):.2f} s CPU (median)")
    print(f"collector off during the start: {statistics.median(off):.2f} s CPU (median)")
    print(f"off / on: {statistics.median(off) / statistics.median(on):.2f}")


if __name__ == "__main__":
    main()
