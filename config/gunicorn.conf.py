"""gunicorn settings; every value can be overridden by the GUNICORN_* variables below.

Threaded workers (gthread): a client that sends its body slowly holds one thread, not a
whole process, so a few slow clients cannot take every worker, and requests that wait on
the database (a SQLite write lock, a slow query) leave other threads serving pages.
Production still puts a buffering proxy in front (docs/deploy.md): nginx reads whole
requests before they reach gunicorn, which has no read timeout of its own.
"""

import multiprocessing
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from config.env import load_env_file

# The env file manage.py and the worker read (ENV_FILE, or var/env), so GUNICORN_* set there
# apply too; the real environment still wins.
load_env_file()

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
# Processes for the cores, threads for waiting (I/O, locks); Python code runs one thread
# at a time per process, so more processes than cores buys little.
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() + 1))
# A process keeps accepting connections while its threads are busy, and the kernel hands
# new connections to any process: threads must outnumber the slow clients one process may
# be dealt, so 8 (six slow bodies in one process still leave two threads). Each thread
# keeps its own database connection: workers x threads per server against PostgreSQL's
# max_connections.
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# A worker that stops answering its heartbeat for this long is restarted.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Idle keep-alive connections beyond this are closed, so they cannot pile up.
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "100"))
# The app writes one JSON line per request itself (common.middleware); gunicorn's own
# access log is off unless asked for.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
# Recycle workers now and then so a slow leak can never take a server down.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = 200
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# Requests with huge header sections are refused before Django sees them.
limit_request_field_size = 8190
# gunicorn's control socket (gunicornc) defaults to one path per user,
# $HOME/.gunicorn/gunicorn.ctl: a second instance of the same user takes it over, and
# gunicornc then steers the wrong server. None unless asked for, one path per instance
# (deploy/shop-web.service puts it in the unit's runtime directory).
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
else:
    control_socket_disable = True

# Prometheus: each worker writes its counts to files in one folder and a scrape of /metrics
# adds them up (common/metrics.py). The operator's PROMETHEUS_MULTIPROC_DIR (one per server
# instance), else a fresh folder of this server's own; the workers inherit the variable.
_OWN_METRICS_PREFIX = os.path.join(tempfile.gettempdir(), "shop-metrics-")
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="shop-metrics-")


def on_starting(server: Any) -> None:
    # Counts a previous run left behind would be added to this run's.
    folder = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):
        stale.unlink()


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    folder = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    if folder.startswith(_OWN_METRICS_PREFIX):
        shutil.rmtree(folder, ignore_errors=True)
