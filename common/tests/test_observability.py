"""The request id on every log line of a request and on its 500 body, what an error report
keeps, and /metrics: who may read it, what it counts and the task queue figures.
tests/test_live_observability.py does the same against real gunicorn servers."""

import io
import json
import logging
from contextlib import contextmanager
from datetime import timedelta
from types import SimpleNamespace

import pytest
import time_machine
from django.test import Client
from django.utils import timezone
from django_tasks import task
from django_tasks_db.models import DBTaskResult
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from common import metrics
from common.logging import JsonFormatter
from common.mail import send_email
from common.observability import (
    current_request_id,
    in_request_context,
    request_context,
    scrub_event,
)


@contextmanager
def console_lines():
    """The JSON lines the configured console handler writes meanwhile (its filters too)."""
    root = logging.getLogger()
    handler = next(h for h in root.handlers if isinstance(h.formatter, JsonFormatter))
    # A copy beside it rather than its stream swapped: the configured handler writes to the
    # stderr of whenever logging was set up, which pytest's capture may have closed since.
    stream = io.StringIO()
    copy = logging.StreamHandler(stream)
    copy.setLevel(handler.level)
    copy.setFormatter(handler.formatter)
    for kept in handler.filters:
        copy.addFilter(kept)
    root.addHandler(copy)
    lines = []
    try:
        yield lines
    finally:
        root.removeHandler(copy)
        lines.extend(json.loads(line) for line in stream.getvalue().splitlines())


@pytest.fixture
def failing_shop_info(monkeypatch):
    """GET /api/shop/info logs a warning on another logger, then fails unexpectedly."""

    def broken():
        logging.getLogger("shop.orders").warning("about to fail")
        raise RuntimeError("rules table unreadable")

    monkeypatch.setattr("config.shop_info.order_rules", broken)


@pytest.mark.django_db
def test_every_line_of_a_request_that_raised_carries_its_request_id(failing_shop_info):
    client = Client(raise_request_exception=False)
    with console_lines() as lines:
        response = client.get("/api/shop/info", HTTP_X_REQUEST_ID="req-500-test")

    assert response.status_code == 500
    assert response["X-Request-ID"] == "req-500-test"
    by_logger = {line["logger"]: line for line in lines}
    assert by_logger["shop.orders"]["request_id"] == "req-500-test"
    failure = by_logger["django.request"]
    assert failure["level"] == "ERROR"
    assert failure["request_id"] == "req-500-test"
    assert "RuntimeError: rules table unreadable" in failure["exception"]
    assert by_logger["shop.requests"]["request_id"] == "req-500-test"
    assert by_logger["shop.requests"]["status"] == 500


@pytest.mark.django_db
def test_the_500_body_names_the_request_id_a_customer_can_quote(failing_shop_info):
    response = Client(raise_request_exception=False).get("/api/shop/info")

    request_id = response["X-Request-ID"]
    assert len(request_id) == 32  # a new one: the client sent none
    assert response.json() == {
        "message": "Something went wrong on our side. Please try again. "
        f"If it keeps happening, quote reference {request_id}.",
        "code": "server_error",
        "requestId": request_id,
    }


@pytest.mark.django_db
def test_error_answers_carry_the_request_id_in_their_header(client):
    signed_out = client.get("/api/products/999999", HTTP_X_REQUEST_ID="abc-123")
    refused = client.post("/api/auth/login", {}, content_type="application/json")

    assert signed_out.status_code == 401 and signed_out["X-Request-ID"] == "abc-123"
    assert signed_out.json() == {
        "message": "Please sign in to continue.",
        "code": "not_authenticated",
    }
    assert refused.status_code == 400 and len(refused["X-Request-ID"]) == 32


@pytest.mark.django_db
def test_a_request_id_with_other_characters_is_replaced(client):
    response = client.get("/healthz", HTTP_X_REQUEST_ID='id"with<markup> and spaces')

    assert response.status_code == 200
    assert len(response["X-Request-ID"]) == 32
    assert response["X-Request-ID"].isalnum()


@task()
@in_request_context
def note_request_id(text):
    logging.getLogger("shop.mail").warning(text)
    return current_request_id()


def test_a_task_runs_under_the_request_id_its_request_had():
    with request_context("queued-by-abc"):
        captured = current_request_id()
    assert current_request_id() is None

    with console_lines() as lines:
        # What common/mail.py does: queue with the request's id; the task runs under it.
        result = note_request_id.enqueue("email failed, retry scheduled", request_id=captured)
        logging.getLogger("shop.mail").warning("outside any request")
        unqueued = note_request_id.enqueue("queued by a cron command")

    assert result.return_value == "queued-by-abc"
    assert unqueued.return_value is None
    mail_lines = [line for line in lines if line["logger"] == "shop.mail"]
    assert [line.get("request_id") for line in mail_lines] == ["queued-by-abc", None, None]


def test_an_error_report_keeps_ids_and_drops_what_could_hold_secrets():
    event = {
        "level": "error",
        "exception": {
            "values": [
                {
                    "type": "TypeError",
                    "value": "argument must be int or float",
                    "stacktrace": {
                        "frames": [
                            {"function": "send", "vars": {"body": "Dear Casey, your code 4711"}}
                        ]
                    },
                }
            ]
        },
        "threads": {"values": [{"stacktrace": {"frames": [{"vars": {"token": "tok-secret"}}]}}]},
        "request": {
            "method": "POST",
            "url": "http://shop.example/api/orders/checkout",
            "query_string": "next=query-secret",
            "data": {"password": "pass-secret"},
            "cookies": {"sessionid": "cookie-secret"},
            "headers": {"Authorization": "Bearer tok-secret", "X-Forwarded-For": "203.0.113.9"},
            "env": {"REMOTE_ADDR": "203.0.113.9"},
        },
        "user": {"id": "1", "email": "casey@example.com", "ip_address": "203.0.113.9"},
        "extra": {"sys.argv": ["manage.py", "create_admin", "--password", "argv-secret"]},
        "breadcrumbs": {
            "values": [
                {"type": "log", "category": "shop.mail", "message": "email failed", "data": {}},
                {
                    "category": "query",
                    "message": "SELECT 1 WHERE email = %s",
                    "data": {"db.params": ["casey@example.com"]},
                },
                {"type": "http", "category": "httplib", "data": {"url": "https://s3/?sig=x"}},
            ]
        },
    }
    request = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=42))

    with request_context("req-7", request):
        scrubbed = scrub_event(event)

    assert scrubbed["tags"] == {"request_id": "req-7"}
    assert scrubbed["user"] == {"id": "42"}
    assert scrubbed["request"] == {
        "method": "POST",
        "url": "http://shop.example/api/orders/checkout",
    }
    assert scrubbed["exception"]["values"][0]["value"] == "argument must be int or float"
    assert [(c.get("category"), c["message"]) for c in scrubbed["breadcrumbs"]["values"]] == [
        ("shop.mail", "email failed"),
        ("query", "SELECT 1 WHERE email = %s"),
    ]
    text = json.dumps(scrubbed)
    for secret in (
        "Dear Casey",
        "tok-secret",
        "query-secret",
        "pass-secret",
        "cookie-secret",
        "203.0.113.9",
        "casey@example.com",
        "argv-secret",
        "sig=x",
    ):
        assert secret not in text


def test_a_report_outside_a_request_has_no_user_and_no_request_id():
    scrubbed = scrub_event({"level": "error", "user": {"email": "casey@example.com"}})

    assert scrubbed["user"] == {}
    assert "tags" not in scrubbed


def _requests_counted(route, status):
    labels = {"route": route, "method": "GET", "status": status}
    return REGISTRY.get_sample_value("shop_http_requests_total", labels) or 0


@pytest.mark.django_db
def test_metrics_count_requests_by_url_pattern_not_by_path(client):
    before = _requests_counted("api/products/<int:pk>", "401")

    for pk in (1, 2, 3):
        client.get(f"/api/products/{pk}")
    response = client.get("/metrics")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    families = {f.name: f for f in text_string_to_metric_families(response.content.decode())}
    routes = {s.labels["route"] for s in families["shop_http_requests"].samples}
    assert not any(route.startswith("/api/products/1") for route in routes)
    assert _requests_counted("api/products/<int:pk>", "401") == before + 3


@pytest.mark.django_db
def test_metrics_refuse_a_remote_client_without_the_token(client, settings):
    settings.METRICS_TOKEN = "metrics-token-123"
    # One proxy in front: the client is the X-Forwarded-For entry, not the proxy's 127.0.0.1.
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    remote = {"HTTP_X_FORWARDED_FOR": "203.0.113.9"}

    refused = client.get("/metrics", **remote)
    wrong = client.get("/metrics", HTTP_AUTHORIZATION="Bearer metrics-token-124", **remote)
    allowed = client.get("/metrics", HTTP_AUTHORIZATION="Bearer metrics-token-123", **remote)
    local = client.get("/metrics")

    assert refused.status_code == 403
    assert refused.json() == {"message": metrics.METRICS_REFUSED, "code": "not_allowed"}
    assert wrong.status_code == 403
    assert allowed.status_code == 200 and b"shop_http_requests_total" in allowed.content
    assert local.status_code == 200


@pytest.mark.django_db
def test_without_a_token_only_a_direct_loopback_client_reads_metrics(client, settings):
    settings.METRICS_TOKEN = ""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}

    # Anything a proxy forwarded is a visitor's, whatever address it names (issue 43).
    assert client.get("/metrics", HTTP_X_FORWARDED_FOR="::1").status_code == 403
    assert client.get("/metrics", HTTP_X_FORWARDED_FOR="10.0.0.5").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 200  # loopback
    assert client.get("/metrics", HTTP_X_FORWARDED_FOR="not an address").status_code == 403


def test_the_counters_other_code_increments():
    helpers = {
        ("shop_orders_placed_total", ()): metrics.order_placed,
        ("shop_failed_sign_ins_total", ()): metrics.failed_sign_in,
        ("shop_admin_locks_total", ()): metrics.admin_locked,
        ("shop_catalog_cache_lookups_total", (("result", "hit"),)): metrics.catalog_cache_hit,
        ("shop_catalog_cache_lookups_total", (("result", "miss"),)): metrics.catalog_cache_miss,
    }
    for (name, labels), helper in helpers.items():
        before = REGISTRY.get_sample_value(name, dict(labels)) or 0
        helper()
        assert REGISTRY.get_sample_value(name, dict(labels)) == before + 1, name


def _queue_figures(text):
    return {
        f.name: f.samples[0].value
        for f in text_string_to_metric_families(text)
        if f.name.startswith("shop_task_queue")
    }


@pytest.mark.django_db
def test_queue_metrics_read_the_task_table_in_one_query(
    client, settings, django_assert_num_queries
):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.TASK_STUCK_SECONDS = 120
    start = timezone.now()
    with time_machine.travel(start - timedelta(minutes=20), tick=False):
        # A retry queued 20 minutes ago, due 2 minutes ago: it has waited 2 minutes.
        send_email.using(run_after=start - timedelta(minutes=2)).enqueue("x.retry_email", [1])
    with time_machine.travel(start - timedelta(minutes=10), tick=False):
        send_email.enqueue("x.waiting_email", [2])  # due for 10 minutes: the oldest
        stuck = send_email.enqueue("x.stuck_email", [3])
        DBTaskResult.objects.get(pk=stuck.id).claim("a-worker-that-died")
    with time_machine.travel(start, tick=False):
        send_email.using(run_after=start + timedelta(minutes=5)).enqueue("x.later_email", [4])
        running = send_email.enqueue("x.running_email", [5])
        DBTaskResult.objects.get(pk=running.id).claim("a-live-worker")

        with django_assert_num_queries(1):
            figures = metrics.task_queue_figures()
        response = client.get("/metrics")

    assert figures == {"due": 2, "oldest_due_seconds": 600, "stuck": 1}
    assert _queue_figures(response.content.decode()) == {
        "shop_task_queue_due": 2,
        "shop_task_queue_oldest_due_seconds": 600,
        "shop_task_queue_stuck_running": 1,
    }


@pytest.mark.django_db
def test_queue_metrics_are_left_out_for_another_task_backend(client):
    # conftest runs tasks with the immediate backend: nothing to read in the database.
    response = client.get("/metrics")

    assert response.status_code == 200
    assert _queue_figures(response.content.decode()) == {}
