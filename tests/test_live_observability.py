"""Error reports and metrics from real processes: a gunicorn with two workers reporting to a
stand-in Sentry (an HTTP server in this test that records what it receives), a manage.py
process whose log lines become reports or not by their level, and /metrics adding up the
requests both workers answered. The default profile: a SQLite file per server."""

import gzip
import json
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.liveserver import (
    ROOT,
    call,
    connections_on_workers,
    gunicorn,
    login,
    prepare_database,
    server_env,
)

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]

CUSTOMER_PASSWORD = "shopper-demo-1357"  # manage.py demo_data's customer
RELEASE = "2026.11.25-obs"


class FakeSentry:
    """Sentry's envelope endpoint on a free loopback port: keeps every envelope it gets."""

    def __init__(self):
        self.envelopes = []
        received = self.envelopes

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                encoding = self.headers.get("Content-Encoding", "")
                if encoding == "gzip":
                    body = gzip.decompress(body)
                elif encoding == "br":
                    import brotli

                    body = brotli.decompress(body)
                received.append(body)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.dsn = f"http://publickey@127.0.0.1:{self.server.server_port}/1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def raw(self):
        return b"\n".join(self.envelopes).decode("utf-8", "replace")

    def events(self):
        """The error events received (not sessions or client reports)."""
        found = []
        for envelope in self.envelopes:
            lines = envelope.split(b"\n")
            for header, payload in zip(lines[1::2], lines[2::2], strict=False):
                if json.loads(header).get("type") == "event":
                    found.append(json.loads(payload))
        return found

    def wait_for_events(self, count, timeout=30):
        deadline = time.monotonic() + timeout
        while len(self.events()) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.events()


@contextmanager
def fake_sentry():
    sentry = FakeSentry()
    try:
        yield sentry
    finally:
        sentry.close()


@pytest.fixture(scope="module")
def demo_database(tmp_path_factory):
    """A migrated SQLite file with the demo shop, copied for each server."""
    folder = tmp_path_factory.mktemp("observability-template")
    env = server_env(DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}", VAR_DIR=folder)
    prepare_database(env)
    return folder / "db.sqlite3"


def _server_env(demo_database, workdir, **overrides):
    shutil.copy(demo_database, workdir / "db.sqlite3")
    return server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        VAR_DIR=workdir,
        MEDIA_ROOT=workdir / "media",
        **overrides,
    )


def _corrupt_a_price(db_path):
    """A product whose price the database holds as text: checkout cannot price it, and fails
    with an error nothing handles (what a bad import or a hand edit could leave)."""
    with sqlite3.connect(db_path) as db:
        product_id, name = db.execute(
            "SELECT p.id, p.name FROM shop_product p WHERE p.price IS NOT NULL AND p.quantity > 0"
            " AND p.availability AND NOT EXISTS"
            " (SELECT 1 FROM shop_producttype t WHERE t.product_id = p.id) ORDER BY p.id"
        ).fetchone()
        db.execute("UPDATE shop_product SET price = 'twelve' WHERE id = ?", (product_id,))
        user_id, email = db.execute(
            "SELECT id, email FROM accounts_user WHERE NOT is_staff ORDER BY id"
        ).fetchone()
    return product_id, user_id, email


def test_an_unhandled_error_is_reported_once_with_its_ids_and_no_secrets(demo_database, tmp_path):
    request_id = f"obs-{uuid.uuid4().hex[:12]}"
    body_secret = f"Body-{uuid.uuid4().hex[:8]}"
    cookie_secret = f"cookie-{uuid.uuid4().hex[:8]}"
    with fake_sentry() as sentry:
        env = _server_env(
            demo_database,
            tmp_path,
            SENTRY_DSN=sentry.dsn,
            SENTRY_ENVIRONMENT="test",
            RELEASE=RELEASE,
        )
        product_id, user_id, email = _corrupt_a_price(tmp_path / "db.sqlite3")
        log_path = tmp_path / "gunicorn.log"
        with gunicorn(env, workers=2, log_path=log_path) as base:
            token = login(base, CUSTOMER_PASSWORD)
            checkout = {
                "cartItems": [{"productId": product_id, "productTypeId": None, "quantity": 1}],
                "customerName": body_secret,
                "deliveryOption": "pickup",
                "ageConfirmed": True,
                "password": CUSTOMER_PASSWORD,  # not a checkout field: only the body has it
            }
            status, answer, headers = call(
                base,
                "POST",
                "/api/orders/checkout",
                checkout,
                token=token,
                headers={"X-Request-ID": request_id, "Cookie": f"sessionid={cookie_secret}"},
            )
            assert status == 500, answer
            assert headers["X-Request-ID"] == request_id
            assert json.loads(answer)["requestId"] == request_id
            assert sentry.wait_for_events(1), "no error report arrived"
        # The server stopped: its workers sent whatever else they held.
        events = sentry.events()
        raw = sentry.raw()

    assert len(events) == 1, [e.get("exception") or e.get("logentry") for e in events]
    event = events[0]
    assert event["tags"]["request_id"] == request_id
    assert event["user"] == {"id": str(user_id)}
    assert event["release"] == RELEASE
    assert event["environment"] == "test"
    assert event["exception"]["values"][-1]["type"] == "TypeError"
    for secret in (CUSTOMER_PASSWORD, token, body_secret, cookie_secret, email):
        assert secret not in raw
    # The worker's own log has the failure's traceback under the same request id.
    failures = [
        json.loads(line)
        for line in log_path.read_text().splitlines()
        if line.startswith("{") and '"django.request"' in line
    ]
    assert [(f["level"], f["request_id"]) for f in failures] == [("ERROR", request_id)]
    assert "TypeError" in failures[0]["exception"]


WORKER_SCRIPT = """
import logging
from common.observability import current_request_id, in_request_context, request_context

log = logging.getLogger("shop.mail")


@in_request_context
def send_email(builder):
    log.warning("email failed, retry scheduled")
    try:
        body = "Dear Casey, your one-time code is EMAIL-BODY-4711"
        raise ConnectionRefusedError("mail server down")
    except ConnectionRefusedError:
        log.error("email failed", exc_info=True)


# What common/mail.py does: take the request's id when queuing; the task runs under it.
with request_context("queued-by-request-77"):
    captured = current_request_id()
send_email("orders.notifications.order_email", request_id=captured)
"""


def test_a_worker_error_line_is_reported_and_a_warning_is_not(tmp_path):
    with fake_sentry() as sentry:
        env = server_env(
            DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
            VAR_DIR=tmp_path,
            SENTRY_DSN=sentry.dsn,
            RELEASE=RELEASE,
        )
        result = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", WORKER_SCRIPT],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        # The process flushed its reports before it exited.
        events = sentry.events()
        raw = sentry.raw()

    assert [e["level"] for e in events] == ["error"]
    event = events[0]
    assert event["logentry"]["message"] == "email failed"
    assert event["tags"]["request_id"] == "queued-by-request-77"
    assert event["release"] == RELEASE
    # The warning is at most a breadcrumb of the error's report.
    crumbs = [c.get("message") for c in event.get("breadcrumbs", {}).get("values", [])]
    assert "email failed, retry scheduled" in crumbs
    assert "EMAIL-BODY-4711" not in raw
    lines = [json.loads(line) for line in result.stderr.splitlines() if line.startswith("{")]
    mail_lines = [line for line in lines if line["logger"] == "shop.mail"]
    assert [(line["level"], line["request_id"]) for line in mail_lines] == [
        ("WARNING", "queued-by-request-77"),
        ("ERROR", "queued-by-request-77"),
    ]


def _get(conn, path):
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    return response.status


def test_metrics_add_up_the_requests_of_both_workers(demo_database, tmp_path):
    env = _server_env(
        demo_database,
        tmp_path,
        GUNICORN_ACCESS_LOG="-",
        GUNICORN_CMD_ARGS="--access-logformat 'pid=%(p)s status=%(s)s'",
    )
    log_path = tmp_path / "gunicorn.log"
    with gunicorn(env, workers=2, log_path=log_path) as base:
        first, second = connections_on_workers(base, log_path)
        statuses = [_get(first, "/api/shop/info") for _ in range(3)]
        statuses += [_get(second, "/api/shop/info") for _ in range(4)]
        statuses += [_get(conn, f"/api/products/{n}") for n, conn in enumerate([first, second])]
        assert statuses == [200] * 7 + [401] * 2
        scrape_status, text, _ = call(base, "GET", "/metrics")

    assert scrape_status == 200
    families = {f.name: f for f in text_string_to_metric_families(text.decode())}
    counted = {
        (s.labels["route"], s.labels["method"], s.labels["status"]): s.value
        for s in families["shop_http_requests"].samples
        if s.name == "shop_http_requests_total"
    }
    assert counted[("api/shop/info", "GET", "200")] == 7
    assert counted[("api/products/<int:pk>", "GET", "401")] == 2
    timed = {
        s.labels["route"]: s.value
        for s in families["shop_http_request_duration_seconds"].samples
        if s.name == "shop_http_request_duration_seconds_count" and s.labels["method"] == "GET"
    }
    assert timed["api/shop/info"] == 7
    assert {"shop_task_queue_due", "shop_task_queue_stuck_running"} <= set(families)
