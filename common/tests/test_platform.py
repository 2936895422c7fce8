"""What every request gets, whatever the app: error shapes, health, media, headers, logs."""

import json
import logging
import os
import secrets
import shutil
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
import time_machine
from django.db import OperationalError
from django.utils import timezone

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_unknown_api_path_is_json_404(client):
    response = client.get("/api/no-such-thing")

    assert response.status_code == 404
    assert response.json() == {"message": "Not found.", "code": "not_found"}


@pytest.mark.django_db
def test_writes_to_an_api_path_no_route_matches_are_json_404_not_a_csrf_page():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    for method in ("post", "put", "delete"):
        response = getattr(client, method)(
            "/api/products/AAA/types", data="{}", content_type="application/json"
        )
        assert response.status_code == 404
        assert response.json() == {"message": "Not found.", "code": "not_found"}


@pytest.mark.django_db
def test_client_routes_get_the_app_page(client):
    for path in ["/", "/login", "/product/12", "/orders", "/order-confirmation"]:
        response = client.get(path)
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/html")


def test_healthz(client):
    assert client.get("/healthz").json() == {"status": "ok"}


@pytest.mark.django_db
def test_readyz_names_each_dependency(client, media_root):
    body = client.get("/readyz").json()

    assert body["status"] == "ok"
    assert (body["database"], body["cache"], body["storage"]) == ("ok", "ok", "ok")
    assert body["tasks"]["state"] == "external"  # the tests run tasks at once


@pytest.mark.django_db
def test_readyz_storage_on_a_fresh_install_without_a_media_folder(client, settings, tmp_path):
    # A clean clone has no media folder until the first upload creates it.
    settings.MEDIA_ROOT = tmp_path / "var" / "media"
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": tmp_path / "var" / "media"},
        },
    }

    assert client.get("/readyz").json()["storage"] == "ok"
    # The probe wrote, read and deleted its file: nothing of it stays.
    assert list((tmp_path / "var" / "media").rglob("*.txt")) == []

    shutil.rmtree(tmp_path / "var")
    (tmp_path / "var").write_text("a file where the folder should be")
    # The verdict is kept a few seconds, so frequent probes stay cheap; then it is fresh.
    assert client.get("/readyz").json()["storage"] == "ok"
    with time_machine.travel(time.time() + 6):
        body = client.get("/readyz").json()
    assert (body["status"], body["storage"]) == ("degraded", "unwritable")


@pytest.mark.django_db
# The clock stands still, so the ages it reports are 0 however busy the machine is.
@time_machine.travel("2026-11-26 12:00:00Z", tick=False)
def test_readyz_reports_the_task_backlog(client, settings):
    from common.mail import send_email
    from common.worker import heartbeat_record

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    send_email.enqueue("rides.notifications.ride_request_email", [1])

    heartbeat_record(worker_id="a-worker", started_at=timezone.now())

    response = client.get("/readyz")

    assert response.status_code == 200
    assert response.json()["tasks"] == {
        "state": "ok",
        "problems": [],
        "backlog": 1,
        "oldestWaitingSeconds": 0,
        "stuckRunning": 0,
        "failedLast15Minutes": 0,
        "lastHeartbeatSeconds": 0,
    }
    with time_machine.travel(
        timezone.now() + timedelta(seconds=settings.TASK_BACKLOG_WARN_SECONDS)
    ):
        heartbeat_record(worker_id="a-worker", started_at=timezone.now())
        body = client.get("/readyz").json()
    assert body["status"] == "degraded"
    assert body["tasks"]["problems"] == ["behind"]


def test_media_is_served_with_long_cache_and_nosniff(client, media_root):
    (media_root / "products").mkdir(parents=True)
    (media_root / "products" / "abc.webp").write_bytes(b"RIFF0000WEBP")

    response = client.get("/media/products/abc.webp")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    assert "max-age=31536000" in response["Cache-Control"]
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    "path",
    ["/media/../config/settings/__init__.py", "/media/%2e%2e/manage.py", "/media/missing.webp"],
)
def test_media_outside_the_folder_or_missing_is_404(client, media_root, path):
    assert client.get(path).status_code == 404


@pytest.mark.django_db
def test_security_headers(client):
    response = client.get("/")

    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


@pytest.mark.django_db
def test_database_outage_is_503_with_a_message(admin_client_api, monkeypatch):
    from accounts import selectors

    def down(**_):
        raise OperationalError("connection refused")

    monkeypatch.setattr(selectors, "user_list", down)

    response = admin_client_api.get("/api/auth/users")

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "unavailable" in response.json()["message"]


@pytest.mark.django_db
def test_one_json_log_line_per_request_without_secrets(customer, caplog):
    from rest_framework.test import APIClient

    client = APIClient()
    with caplog.at_level(logging.INFO, logger="shop.requests"):
        client.post(
            "/api/auth/login?next=secret-query", {"password": "casey-secret-1"}, format="json"
        )

    records = [r for r in caplog.records if r.name == "shop.requests"]
    assert len(records) == 1
    from common.logging import JsonFormatter

    line = JsonFormatter().format(records[0])
    entry = json.loads(line)
    assert entry["method"] == "POST"
    assert entry["path"] == "/api/auth/login"
    assert entry["status"] == 200
    assert entry["request_id"]
    assert "casey-secret-1" not in line and "secret-query" not in line


@pytest.mark.django_db
def test_openapi_schema_lists_each_operation_once(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    paths = json.loads(response.content)["paths"]
    assert "/api/auth/login" in paths
    assert not [p for p in paths if p.endswith("/")]


def _manage(*args, **env):
    full_env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DATABASE_URL"}}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.live
@pytest.mark.sqlite_only("manage.py runs without the run's DATABASE_URL")
def test_production_profile_passes_check_deploy():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY=secrets.token_urlsafe(50),
        SECURE_SSL="1",
        ALLOWED_HOSTS="shop.example.com",
    )

    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.live
@pytest.mark.sqlite_only("manage.py runs without the run's DATABASE_URL")
def test_the_garbage_collector_is_back_on_once_django_has_started():
    # manage.py and config/wsgi.py turn it off for the start (docs/performance.md, "Starting
    # a process"); a process left without it would grow with every reference cycle.
    probe = "import gc; print(gc.isenabled(), gc.get_freeze_count() > 0)"
    command = _manage("shell", "-c", probe)
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DATABASE_URL"}}
    worker = subprocess.run(
        [sys.executable, "-c", f"import config.wsgi; {probe}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert command.stdout.splitlines()[-1].split() == ["True", "True"], command.stderr
    assert worker.stdout.split() == ["True", "True"], worker.stderr


@pytest.mark.live
@pytest.mark.sqlite_only("manage.py runs without the run's DATABASE_URL")
def test_refuses_to_start_without_secret_key_unless_debug():
    refused = _manage("check", SECRET_KEY="")
    allowed = _manage("check", SECRET_KEY="", DEBUG="1")

    assert refused.returncode != 0
    assert "SECRET_KEY is not set" in refused.stderr
    assert allowed.returncode == 0, allowed.stderr
