"""Prometheus metrics, served at /metrics (docs/deploy.md, Monitoring).

Under gunicorn every worker process counts for itself; with PROMETHEUS_MULTIPROC_DIR set
(config/gunicorn.conf.py sets it) each writes its counts to files there and a scrape adds
up every worker's, whichever worker answers it. Labels are bounded: a route is the URL
pattern that matched, never the path a client sent.

Counters other code increments, one call each: `order_placed()`, `failed_sign_in()`,
`admin_locked()`, `catalog_cache_hit()` and `catalog_cache_miss()`.
"""

import os
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Case, Count, Min, Q, When
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

from common.errors import json_error
from common.proxies import may_read_internals

# Each metric below opens its file in the folder as it is defined: a manage.py command
# started with the variable set may come before any gunicorn made the folder.
if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.makedirs(os.environ["PROMETHEUS_MULTIPROC_DIR"], exist_ok=True)

REQUESTS = Counter(
    "shop_http_requests",
    "HTTP requests answered, by URL pattern, method and status.",
    ["route", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    "shop_http_request_duration_seconds",
    "Time from the request reaching Django to its answer, by URL pattern and method.",
    ["route", "method"],
)
ORDERS_PLACED = Counter("shop_orders_placed", "Orders placed (a checkout that stored an order).")
FAILED_SIGN_INS = Counter("shop_failed_sign_ins", "Failed sign-ins, API and Django admin.")
ADMIN_LOCKS = Counter("shop_admin_locks", "Django admin sign-in lockouts (django-axes).")
CATALOG_CACHE = Counter(
    "shop_catalog_cache_lookups", "Catalog answer cache lookups, by result.", ["result"]
)

# Any other method a client makes up counts as "other": every label value is a series kept
# in memory for good.
METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}


def order_placed() -> None:
    ORDERS_PLACED.inc()


def failed_sign_in() -> None:
    FAILED_SIGN_INS.inc()


def admin_locked() -> None:
    ADMIN_LOCKS.inc()


def catalog_cache_hit() -> None:
    CATALOG_CACHE.labels("hit").inc()


def catalog_cache_miss() -> None:
    CATALOG_CACHE.labels("miss").inc()


def request_answered(request: HttpRequest, status: int, seconds: float) -> None:
    """Count one answer (common.middleware.RequestLogMiddleware)."""
    match = getattr(request, "resolver_match", None)
    # No match: a path no URL pattern takes, or a request refused before resolving (413).
    route = match.route if match is not None else "unmatched"
    method = request.method if request.method in METHODS else "other"
    REQUESTS.labels(route, method, str(status)).inc()
    REQUEST_SECONDS.labels(route, method).observe(seconds)


def task_queue_figures() -> dict[str, Any] | None:
    """The database task queue at this moment, in one query: tasks due to run, how long the
    oldest of them has been due, and tasks running for longer than TASK_STUCK_SECONDS (a
    worker that died mid-task left them; /readyz counts them alike). None for another task
    backend."""
    from django_tasks import task_backends
    from django_tasks.base import TaskResultStatus
    from django_tasks_db.backend import DatabaseBackend
    from django_tasks_db.models import DBTaskResult, get_date_max

    if not isinstance(task_backends["default"], DatabaseBackend):
        return None
    now = timezone.now()
    # django-tasks-db marks "run at once" with the largest date; a deferred retry has been
    # due since its run_after, not since it was queued.
    at_once = Q(run_after=get_date_max())
    due = Q(status=TaskResultStatus.READY) & (at_once | Q(run_after__lte=now))
    stuck_since = now - timedelta(seconds=settings.TASK_STUCK_SECONDS)
    figures = DBTaskResult.objects.filter(
        status__in=[TaskResultStatus.READY, TaskResultStatus.RUNNING]
    ).aggregate(
        due=Count("pk", filter=due),
        due_since=Min(Case(When(at_once, then="enqueued_at"), default="run_after"), filter=due),
        stuck=Count("pk", filter=Q(status=TaskResultStatus.RUNNING, started_at__lt=stuck_since)),
    )
    since = figures["due_since"]
    return {
        "due": figures["due"],
        "oldest_due_seconds": max((now - since).total_seconds(), 0.0) if since else 0.0,
        "stuck": figures["stuck"],
    }


class TaskQueueCollector:
    """The email queue, read from the database when scraped: one query, nothing kept."""

    def describe(self) -> list[Any]:
        # Without it the registry would collect (query the database) on registering.
        return []

    def collect(self) -> Iterator[Any]:
        try:
            figures = task_queue_figures()
        except Exception:
            # The database is away: /readyz says so; the other metrics still answer.
            return
        if figures is None:
            return
        yield GaugeMetricFamily(
            "shop_task_queue_due", "Background tasks (emails) due to run now.", figures["due"]
        )
        yield GaugeMetricFamily(
            "shop_task_queue_oldest_due_seconds",
            "How long the task due the longest has waited to run (0 when none).",
            figures["oldest_due_seconds"],
        )
        yield GaugeMetricFamily(
            "shop_task_queue_stuck_running",
            "Tasks running for longer than TASK_STUCK_SECONDS.",
            figures["stuck"],
        )


task_queue_collector = TaskQueueCollector()
# One process (tests, runserver): the default registry holds the counters above.
REGISTRY.register(task_queue_collector)


def exposition() -> bytes:
    """The text a scrape reads: every worker's counts when they share a folder."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(task_queue_collector)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


METRICS_REFUSED = "Metrics are readable from this machine or with the metrics token."


def metrics_view(request: HttpRequest) -> HttpResponse:
    """GET /metrics: from a direct loopback client sending no forwarding header, or from
    anywhere with `Authorization: Bearer $METRICS_TOKEN` (common.proxies)."""
    if not may_read_internals(request):
        return json_error(METRICS_REFUSED, 403)
    return HttpResponse(exposition(), content_type=CONTENT_TYPE_LATEST)
