from datetime import timedelta
from typing import Any, TypedDict

from django.conf import settings
from django.db.models import Max
from django.utils import timezone

from common.models import WorkerHeartbeat

FAILED_WINDOW = timedelta(minutes=15)


class TaskQueueHealth(TypedDict):
    state: str
    problems: list[str]
    backlog: int
    oldestWaitingSeconds: int
    stuckRunning: int
    failedLast15Minutes: int
    lastHeartbeatSeconds: int | None


def task_queue_health() -> TaskQueueHealth:
    """The embedded task queue as /readyz shows it: what waits, what is stuck, what failed
    lately and whether a worker is alive; `problems` names every reason for "degraded"
    (docs/deploy.md)."""
    from django_tasks_db.models import DBTaskResult

    now = timezone.now()
    waiting = DBTaskResult.objects.ready()
    oldest = waiting.order_by("enqueued_at").values_list("enqueued_at", flat=True).first()
    age = (now - oldest).total_seconds() if oldest else 0
    stuck = (
        DBTaskResult.objects.running()
        .filter(started_at__lt=now - timedelta(seconds=settings.TASK_STUCK_SECONDS))
        .count()
    )
    failed_lately = DBTaskResult.objects.failed().filter(finished_at__gte=now - FAILED_WINDOW)
    failed = failed_lately.count()
    failing = _still_failing(
        DBTaskResult.objects.filter(finished_at__gte=now - FAILED_WINDOW),
        set(failed_lately.values_list("task_path", flat=True)),
    )
    last_beat = WorkerHeartbeat.objects.aggregate(last=Max("beat_at"))["last"]
    beat_age = (now - last_beat).total_seconds() if last_beat else None

    problems = []
    if age >= settings.TASK_BACKLOG_WARN_SECONDS:
        problems.append("behind")
    if stuck:
        problems.append("tasks stuck running")
    if failing:
        problems.append("tasks failing")
    if beat_age is None or beat_age > settings.TASK_WORKER_STALE_SECONDS:
        problems.append("no worker heartbeat")
    return {
        "state": "degraded" if problems else "ok",
        "problems": problems,
        "backlog": waiting.count(),
        "oldestWaitingSeconds": round(age),
        "stuckRunning": stuck,
        "failedLast15Minutes": failed,
        "lastHeartbeatSeconds": None if beat_age is None else round(beat_age),
    }


def _still_failing(finished: Any, task_paths: set[str]) -> list[str]:
    """The kinds of task (an email send) whose latest finished run failed: one success after
    an outage (the retry that got through) clears it at once, while the failures of the last
    15 minutes stay counted in failedLast15Minutes."""
    failing = []
    for path in sorted(task_paths):
        latest = (
            finished.filter(task_path=path)
            .order_by("-finished_at")
            .values_list("status", flat=True)
            .first()
        )
        if latest == "FAILED":
            failing.append(path)
    return failing
