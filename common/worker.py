"""The task worker that neither dies nor drops a task (docs/reliability.md).

django-tasks-db's worker stops at the first database error its loop meets (a SQLite lock
held past SQLITE_TIMEOUT, PostgreSQL restarting), and a task whose worker was killed stays
RUNNING for ever. This one subclasses it and keeps its claiming, task running and signal
handling; its loop (the library's has no hooks) adds:

- a database outage is waited out with backoff, logged once when it starts and once when
  it ends; a task whose result could not be recorded runs again;
- a heartbeat row (common.models.WorkerHeartbeat) every HEARTBEAT_SECONDS, which /readyz
  reads;
- a task RUNNING for longer than TASK_STUCK_SECONDS lost its worker and is made READY again:
  an email may go twice, never zero times.

`keep_running` is the small supervisor `manage.py run_worker --restart` uses under honcho,
which stops every process of the Procfile as soon as one exits.
"""

import logging
import os
import random
import signal
import socket
import subprocess
import threading
import time
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import Error as DatabaseFailure
from django.db import close_old_connections
from django.utils import timezone
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction

from common.models import WorkerHeartbeat

logger = logging.getLogger("shop.worker")

HEARTBEAT_SECONDS = 10
OUTAGE_BACKOFF_MAX = 30
INTERRUPTED = {"builtins.SystemExit", "builtins.KeyboardInterrupt"}


def heartbeat_record(*, worker_id: str, started_at: datetime) -> None:
    now = timezone.now()
    WorkerHeartbeat.objects.update_or_create(
        worker_id=worker_id,
        defaults={
            "host": socket.gethostname()[:255],
            "pid": os.getpid(),
            "started_at": started_at,
            "beat_at": now,
        },
    )
    # Rows of workers long gone (each start has a new id) would only grow the table.
    WorkerHeartbeat.objects.filter(beat_at__lt=now - timedelta(days=1)).delete()


def tasks_release_stuck() -> None:
    """Make READY again every task RUNNING for longer than TASK_STUCK_SECONDS: its worker
    was killed (or its machine lost) before it could record the result."""
    cutoff = timezone.now() - timedelta(seconds=settings.TASK_STUCK_SECONDS)
    stuck = list(DBTaskResult.objects.running().filter(started_at__lt=cutoff).values_list("pk"))
    for (pk,) in stuck:
        # started_at in the filter: a row another worker claimed meanwhile is left alone.
        released = DBTaskResult.objects.filter(
            pk=pk, status="RUNNING", started_at__lt=cutoff
        ).update(status="READY")
        if released:
            logger.warning("task stuck running, queued again", extra={"task": str(pk)})


class Worker(db_worker.Worker):
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.started_at = timezone.now()
        self.next_beat = 0.0
        self.outage_since: float | None = None
        self.backoff = 0.5
        self.unrecorded: Any = None  # a task whose result the database did not take

    def run(self) -> None:
        logger.info("worker started", extra={"worker": self.worker_id})
        if self.startup_delay and self.interval:
            time.sleep(random.random())  # spreads workers started together
        while self.running:
            try:
                close_old_connections()
                self.housekeeping()
                task_result = self.claim_next()
                self.database_back()
                if task_result is not None:
                    self.run_task(task_result)
            except DatabaseFailure as error:  # OperationalError, InterfaceError, ...
                self.database_lost(error)
                continue
            if task_result is None and self.batch:
                return
            if self.max_tasks is not None and self._run_tasks >= self.max_tasks:
                return
            if self.running and task_result is None:
                time.sleep(self.interval)

    def housekeeping(self) -> None:
        if time.monotonic() < self.next_beat:
            return
        heartbeat_record(worker_id=self.worker_id, started_at=self.started_at)
        tasks_release_stuck()
        self.next_beat = time.monotonic() + HEARTBEAT_SECONDS

    def claim_next(self) -> Any:
        tasks = DBTaskResult.objects.ready().filter(backend_name=self.backend_name)
        if not self.process_all_queues:
            tasks = tasks.filter(queue_name__in=self.queue_names)
        if self.excluded_queue_names:
            tasks = tasks.exclude(queue_name__in=self.excluded_queue_names)
        with exclusive_transaction(tasks.db):
            task_result = tasks.get_locked()
            if task_result is not None:
                task_result.claim(self.worker_id)
        return task_result

    def run_task(self, db_task_result: Any) -> None:
        self.unrecorded = db_task_result
        super().run_task(db_task_result)
        self.unrecorded = None
        if db_task_result.exception_class_path in INTERRUPTED:
            # A second Ctrl-C stopped the task half way: it runs again, it is not a failure.
            self.requeue(db_task_result)

    def requeue(self, db_task_result: Any) -> None:
        DBTaskResult.objects.filter(
            pk=db_task_result.pk, started_at=db_task_result.started_at
        ).exclude(status="SUCCESSFUL").update(status="READY")

    def database_lost(self, error: Exception) -> None:
        if self.outage_since is None:
            self.outage_since = time.monotonic()
            logger.warning(
                "database unavailable, worker waiting",
                extra={"worker": self.worker_id, "error": error.__class__.__name__},
            )
        time.sleep(self.backoff)
        self.backoff = min(self.backoff * 2, OUTAGE_BACKOFF_MAX)

    def database_back(self) -> None:
        if self.unrecorded is not None:
            # It may have been sent before its result was lost: at least once, never zero.
            self.requeue(self.unrecorded)
            self.unrecorded = None
        if self.outage_since is not None:
            logger.info(
                "database back, worker resumed",
                extra={
                    "worker": self.worker_id,
                    "outageSeconds": round(time.monotonic() - self.outage_since, 1),
                },
            )
            self.outage_since = None
            self.backoff = 0.5


class keep_running:
    """Run `command` and start it again whenever it exits, waiting 1 s, then 2, 4, ... up to
    30 s while it keeps failing at once. SIGINT or SIGTERM is passed on to it once, and
    then it is not restarted. The child has its own process group, so a signal honcho
    sends to this process's group reaches the worker once, through here."""

    def __init__(self, command: Any) -> None:
        self.command = command
        self.stopping = threading.Event()
        self.child: subprocess.Popen[bytes] | None = None

    def stop(self, signum: int, frame: Any) -> None:
        self.stopping.set()
        if self.child is not None and self.child.poll() is None:
            self.child.send_signal(signum)

    def __call__(self) -> int:
        signal.signal(signal.SIGINT, self.stop)
        signal.signal(signal.SIGTERM, self.stop)
        delay = 1
        while not self.stopping.is_set():
            started = time.monotonic()
            self.child = subprocess.Popen(self.command, start_new_session=True)
            if self.stopping.is_set():  # a signal that came while it was starting
                self.child.terminate()
            logger.info("worker process started", extra={"pid": self.child.pid})
            returncode = self.child.wait()
            if self.stopping.is_set():
                return returncode
            if time.monotonic() - started > 60:
                delay = 1
            logger.warning(
                "worker process stopped, starting it again",
                extra={"pid": self.child.pid, "returncode": returncode, "restartIn": delay},
            )
            self.stopping.wait(delay)
            delay = min(delay * 2, 30)
        return 0
