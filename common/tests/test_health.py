"""/readyz tells the truth about the task queue and the media storage: a task stuck running,
a stopped worker, failing sends and a missing bucket each turn it "degraded", named in the
body, while it stays 200 (only a database outage is 503). Clocks move with time-machine."""

import time
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from common.mail import send_email
from common.testing.smtp import AnsweringSMTPServer
from common.testing.worker import run_worker
from common.worker import heartbeat_record
from tests.liveserver import free_port

pytestmark = pytest.mark.django_db(transaction=True)

NOTE = "common.testing.emails.note_email"


@pytest.fixture
def queue(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.TASK_STUCK_SECONDS = 120
    settings.TASK_WORKER_STALE_SECONDS = 60
    settings.TASK_BACKLOG_WARN_SECONDS = 300
    return settings


def readyz(client):
    response = client.get("/readyz")
    assert response.status_code == 200
    return response.json()


def test_a_worker_that_stops_turns_readyz_degraded(queue, client):
    body = readyz(client)
    assert body["status"] == "degraded"  # no worker has ever run
    assert body["tasks"]["problems"] == ["no worker heartbeat"]
    assert body["tasks"]["lastHeartbeatSeconds"] is None

    run_worker()  # writes its heartbeat, finds nothing to do, stops

    body = readyz(client)
    assert (body["status"], body["tasks"]["state"]) == ("ok", "ok")
    assert body["tasks"]["problems"] == []
    with time_machine.travel(timezone.now() + timedelta(seconds=61)):
        body = readyz(client)
    assert body["status"] == "degraded"
    assert body["tasks"]["state"] == "degraded"
    assert body["tasks"]["problems"] == ["no worker heartbeat"]
    assert body["tasks"]["lastHeartbeatSeconds"] >= 61


def test_a_task_left_running_by_a_killed_worker_shows_then_runs_again(queue, client):
    send_email.enqueue(NOTE, ["Order #7 confirmed"])
    # What a worker killed in the middle of the send leaves behind: its claim.
    DBTaskResult.objects.get().claim("killed-worker")

    later = timezone.now() + timedelta(seconds=121)
    with time_machine.travel(later, tick=True):
        heartbeat_record(worker_id="another-worker", started_at=later)  # a live worker
        body = readyz(client)
        assert body["status"] == "degraded"
        assert body["tasks"]["problems"] == ["tasks stuck running"]
        assert body["tasks"]["stuckRunning"] == 1
        assert mail.outbox == []

        run_worker()  # the next worker queues it again and sends it

        assert [m.subject for m in mail.outbox] == ["Order #7 confirmed"]
        row = DBTaskResult.objects.get()
        assert row.status == "SUCCESSFUL"
        assert row.worker_ids[0] == "killed-worker" and len(row.worker_ids) == 2
        body = readyz(client)
        assert body["status"] == "ok"
        assert body["tasks"]["stuckRunning"] == 0


@pytest.mark.live
def test_failing_sends_turn_readyz_degraded_for_15_minutes(queue, client):
    queue.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    queue.EMAIL_HOST = "127.0.0.1"
    queue.EMAIL_PORT = free_port()  # nothing listens: the mail server is down
    queue.EMAIL_TIMEOUT = 1
    queue.EMAIL_RETRY_DELAY = 30
    send_email.enqueue(NOTE, ["Order #8 confirmed"])

    run_worker(max_tasks=1, batch=False)  # the first attempt fails, its retry is planned

    body = readyz(client)
    assert body["status"] == "degraded"
    assert body["tasks"]["problems"] == ["tasks failed in the last 15 minutes"]
    assert body["tasks"]["failedLast15Minutes"] == 1
    assert body["tasks"]["backlog"] == 0  # the retry is not due yet

    smtp = AnsweringSMTPServer(port=queue.EMAIL_PORT).start()
    try:
        with time_machine.travel(timezone.now() + timedelta(minutes=16), tick=True):
            run_worker()  # the mail server is back: the retry goes out
            body = readyz(client)
    finally:
        smtp.stop()
    assert len(smtp.messages) == 1
    assert body["status"] == "ok"
    assert body["tasks"]["failedLast15Minutes"] == 0


@pytest.mark.live
def test_a_missing_bucket_turns_readyz_degraded(settings, client):
    from common.testing.s3 import ACCESS_KEY, REGION, SECRET_KEY, s3_bucket

    def media_on(bucket_name, endpoint):
        settings.STORAGES = {
            **settings.STORAGES,
            "default": {
                "BACKEND": "storages.backends.s3.S3Storage",
                "OPTIONS": {
                    "bucket_name": bucket_name,
                    "endpoint_url": endpoint,
                    "region_name": REGION,
                    "access_key": ACCESS_KEY,
                    "secret_key": SECRET_KEY,
                },
            },
        }

    def probed(client):
        # On a busy machine a probe may meet the S3 client's own timeouts ("timeout", kept
        # 5 s); the next probe answers.
        deadline = time.monotonic() + 60
        while (body := readyz(client))["storage"] == "timeout" and time.monotonic() < deadline:
            time.sleep(0.5)
        return body

    with s3_bucket() as s3:
        media_on(s3.name, s3.endpoint)
        body = probed(client)
        assert (body["status"], body["storage"]) == ("ok", "ok")
        assert s3.keys() == []  # the probe file was written, read back and deleted

        media_on("a-bucket-nobody-made", s3.endpoint)
        body = probed(client)
    assert body["status"] == "degraded"
    assert body["storage"] == "missing bucket"
    assert body["database"] == "ok"
