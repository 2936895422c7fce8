"""The worker (`manage.py run_worker`) as real processes on their own databases, against real
local SMTP servers: killed in the middle of a send, and cut off from its database (SQLite's
write lock held by another process, PostgreSQL unreachable through a relay the test cuts).
Each time the email still arrives, and an outage is one log line when it starts and one when
it ends."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest
from django.db import connection

from common.testing.smtp import AnsweringSMTPServer, StalledSMTPServer
from common.testing.tcprelay import TcpRelay
from tests.liveserver import ROOT, manage, pg_database, pg_server, prepare_database, server_env

pytestmark = pytest.mark.live

TASKS = "django_tasks_database_dbtaskresult"


def queue_note(env, subject):
    """Queue common.testing.emails.note_email(subject) through the real enqueue."""
    manage(
        "shell",
        "-c",
        "from common.mail import send_email; "
        f"send_email.enqueue('common.testing.emails.note_email', [{subject!r}])",
        env=env,
    )


class WorkerProcess:
    """`manage.py run_worker` in its own process group, its JSON log lines in a file."""

    def __init__(self, env, log_path):
        self.log_path = log_path
        with open(log_path, "a") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "manage.py",
                    "run_worker",
                    "--no-reload",
                    "--no-startup-delay",
                    "--interval=0.2",
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def lines(self, message=None):
        entries = []
        for line in self.log_path.read_text().splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if message is None or entry.get("message") == message:
                entries.append(entry)
        return entries

    def wait_for_line(self, message, timeout=60):
        wait_until(lambda: self.lines(message), timeout, f"no {message!r} in {self.log_path}")

    @contextmanager
    def telling_its_log(self):
        """A failed assertion inside says what the worker wrote (its stdout and stderr)."""
        try:
            yield
        except AssertionError as error:
            log = self.log_path.read_text() if self.log_path.exists() else "(no log file)"
            raise AssertionError(f"{error}\n--- the worker's log ---\n{log}") from error

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            raise


def wait_until(condition, timeout, failure):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(failure)
        time.sleep(0.1)


@pytest.fixture
def answering_smtp():
    server = AnsweringSMTPServer().start()
    yield server
    server.stop()


def worker_env(database_url, smtp_port, **overrides):
    return server_env(
        DATABASE_URL=database_url,
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=smtp_port,
        SHOP_EMAIL="owner@shop.test",
        **overrides,
    )


def subjects(smtp):
    return [m["data"].split("Subject: ", 1)[1].split("\n", 1)[0].strip() for m in smtp.messages]


@pytest.mark.sqlite_only
def test_a_worker_killed_mid_send_leaves_the_email_to_the_next_worker(tmp_path):
    stalled = StalledSMTPServer().start()
    database = tmp_path / "db.sqlite3"
    env = worker_env(f"sqlite:///{database}", stalled.port, EMAIL_TIMEOUT=120)
    env["TASK_STUCK_SECONDS"] = "2"
    prepare_database(env, demo=False)
    queue_note(env, "Order #7 confirmed")

    first = WorkerProcess(env, tmp_path / "first.log")
    try:
        # The worker has claimed the task and waits on the mail server's greeting.
        wait_until(lambda: stalled.held, 60, "the worker never reached the mail server")
        os.killpg(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=10)
    finally:
        first.stop()
        stalled.stop()
    with sqlite3.connect(database) as db:
        assert db.execute(f"SELECT status FROM {TASKS}").fetchall() == [("RUNNING",)]

    smtp = AnsweringSMTPServer(port=stalled.port).start()
    second = WorkerProcess({**env, "EMAIL_TIMEOUT": "10"}, tmp_path / "second.log")
    try:
        wait_until(lambda: smtp.messages, 60, "the next worker never sent the email")
        assert subjects(smtp) == ["Order #7 confirmed"]
        assert smtp.messages[0]["to"] == ["owner@shop.test"]
        assert len(second.lines("task stuck running, queued again")) == 1
    finally:
        assert second.stop() == 0
        smtp.stop()
    with sqlite3.connect(database) as db:
        status, worker_ids = db.execute(f"SELECT status, worker_ids FROM {TASKS}").fetchone()
    assert status == "SUCCESSFUL"
    assert len(json.loads(worker_ids)) == 2


HOLD_LOCK = """
import pathlib, time
from django.db import transaction
from common.mail import send_email
with transaction.atomic():  # BEGIN IMMEDIATE: SQLite's write lock from here on
    send_email.enqueue("common.testing.emails.note_email", ["Queued under the lock"])
    print("locked", flush=True)
    while not pathlib.Path({release!r}).exists():
        time.sleep(0.05)
"""


@pytest.mark.sqlite_only
def test_the_worker_outlives_a_sqlite_write_lock_held_past_sqlite_timeout(tmp_path, answering_smtp):
    database = tmp_path / "db.sqlite3"
    env = worker_env(f"sqlite:///{database}", answering_smtp.port, SQLITE_TIMEOUT=0.5)
    prepare_database(env, demo=False)
    worker = WorkerProcess(env, tmp_path / "worker.log")
    release = tmp_path / "release"
    holder = subprocess.Popen(
        [sys.executable, "manage.py", "shell", "-v0", "-c", HOLD_LOCK.format(release=str(release))],
        cwd=ROOT,
        env={**env, "SQLITE_TIMEOUT": "30"},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        worker.wait_for_line("worker started")
        assert holder.stdout.readline().strip() == "locked"
        worker.wait_for_line("database unavailable, worker waiting")
        # Several more retries while the lock stays held, each longer than SQLITE_TIMEOUT.
        time.sleep(4)
        assert worker.process.poll() is None
        release.touch()
        assert holder.wait(timeout=30) == 0

        wait_until(lambda: answering_smtp.messages, 60, "the email never left after the lock")
        assert subjects(answering_smtp) == ["Queued under the lock"]
        assert len(worker.lines("database unavailable, worker waiting")) == 1
        assert len(worker.lines("database back, worker resumed")) == 1
        assert worker.lines("database unavailable, worker waiting")[0]["error"] == (
            "OperationalError"
        )
    finally:
        release.touch()
        holder.wait(timeout=30)
        assert worker.stop() == 0


@pytest.mark.postgres("a PostgreSQL server the worker loses and finds again")
def test_the_worker_outlives_a_postgresql_outage(tmp_path, answering_smtp):
    settings_dict = connection.settings_dict
    target = (settings_dict["HOST"] or "127.0.0.1", int(settings_dict["PORT"] or 5432))
    server = pg_server(settings_dict)
    try:
        import psycopg

        psycopg.connect(f"{server}/postgres", connect_timeout=2).close()
    except Exception:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not reachable at {server}")
        pytest.skip(f"needs PostgreSQL at {server}")

    relay = TcpRelay(target).open()
    with pg_database(server, "worker") as direct_url:
        env = worker_env(direct_url, answering_smtp.port)
        prepare_database(env, demo=False)
        through_relay = direct_url.replace(f":{target[1]}/", f":{relay.port}/")
        worker = WorkerProcess({**env, "DATABASE_URL": through_relay}, tmp_path / "worker.log")
        try:
            with worker.telling_its_log():
                worker.wait_for_line("worker started")
                queue_note(env, "Before the outage")
                # Sent and recorded: the email reaches the mail server a moment before the worker
                # records it, and an outage in that moment would rightly send it again.
                wait_until(
                    lambda: task_statuses(direct_url) == ["SUCCESSFUL"],
                    60,
                    f"the email before the outage was not sent and recorded: "
                    f"{task_statuses(direct_url)}, {subjects(answering_smtp)}",
                )
                assert subjects(answering_smtp) == ["Before the outage"]

                relay.close()  # PostgreSQL gone, for the worker: connections dropped, new refused
                worker.wait_for_line("database unavailable, worker waiting")
                queue_note(env, "During the outage")  # the shop still writes (direct address)
                # An outage of a few of the worker's retries (0.5 s, 1 s, 2 s apart), which it
                # must live through: the length of the outage, not a wait for something.
                time.sleep(4)
                assert worker.process.poll() is None, "the worker stopped during the outage"
                relay.open()

                wait_until(
                    lambda: len(answering_smtp.messages) == 2,
                    90,
                    f"no email after the outage: {subjects(answering_smtp)}",
                )
                assert subjects(answering_smtp) == ["Before the outage", "During the outage"]
                assert len(worker.lines("database unavailable, worker waiting")) == 1
                assert len(worker.lines("database back, worker resumed")) == 1
        finally:
            if relay.listener is None:
                relay.open()
            with worker.telling_its_log():
                assert worker.stop() == 0
            relay.close()


def task_statuses(database_url):
    """The statuses of the tasks in a PostgreSQL database, read past the worker's relay."""
    import psycopg

    with psycopg.connect(database_url, connect_timeout=5) as db:
        return [
            status for (status,) in db.execute(f"SELECT status FROM {TASKS} ORDER BY enqueued_at")
        ]
