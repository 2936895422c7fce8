"""Abstract models several domains share, and the task worker's heartbeat table."""

from django.conf import settings
from django.db import models


class StatusEvent(models.Model):
    """One row per status change of a record (an order, a ride), its creation included
    (from "" to the first status): who, when, from, to. Written by the services only, via
    common.status.transition; each domain keeps its own table and narrows the statuses to
    its own choices."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Empty for the event that records the record being made.
    from_status = models.CharField(max_length=20, blank=True)
    to_status = models.CharField(max_length=20)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.from_status or 'new'} -> {self.to_status}"


class WorkerHeartbeat(models.Model):
    """One row per task worker process, rewritten every few seconds while its loop turns
    (common/worker.py). It lives in the database so every web server's /readyz sees it."""

    worker_id = models.CharField(max_length=64, primary_key=True)
    host = models.CharField(max_length=255)
    pid = models.PositiveIntegerField()
    started_at = models.DateTimeField()
    beat_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.host}:{self.pid}"
