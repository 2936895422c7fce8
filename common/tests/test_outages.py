"""A neighbour that is down degrades the shop, it never breaks it: a real Redis on a spare
port, stopped by the test; a database nobody answers at."""

import json
import logging
import subprocess
import time

import pytest
import redis

from config.env import redis_caches
from tests.liveserver import call, free_port, gunicorn, server_env

pytestmark = pytest.mark.live


class RedisServer:
    def __init__(self):
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def redis_cache(settings):
    server = RedisServer()
    settings.CACHES = redis_caches(server.url)
    yield server
    server.stop()


def login(api_client, password):
    return api_client.post("/api/auth/login", {"password": password}, format="json")


@pytest.mark.django_db
def test_login_and_readyz_keep_working_when_redis_stops(
    redis_cache, settings, api_client, customer, caplog
):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "20/min"}
    assert login(api_client, "casey-secret-1").status_code == 200
    ready = api_client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["cache"] == "ok"

    redis_cache.stop()
    with caplog.at_level(logging.WARNING, logger="shop.cache"):
        response = login(api_client, "casey-secret-1")
        ready = api_client.get("/readyz")

    assert response.status_code == 200 and response.json()["token"]
    assert ready.status_code == 200
    assert ready.json()["status"] == "degraded"
    assert ready.json()["cache"] == "unreachable"
    assert ready.json()["database"] == "ok"
    warnings = [r for r in caplog.records if r.name == "shop.cache"]
    assert warnings and all(r.levelno == logging.WARNING for r in warnings)
    assert warnings[0].getMessage() == "cache unavailable, continuing without it"


@pytest.mark.django_db
def test_the_throttle_still_counts_while_redis_is_up(redis_cache, settings, api_client):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}

    statuses = [login(api_client, "wrong-password").status_code for _ in range(3)]

    assert statuses[-1] == 429


@pytest.mark.sqlite_only("its server's database is a fixed unreachable PostgreSQL address")
def test_readyz_is_503_only_when_the_database_is_unreachable(tmp_path):
    # Nothing listens on port 1: a real refused connection, not a mocked one.
    env = server_env(DATABASE_URL="postgres://postgres@127.0.0.1:1/shop", DB_CONNECT_TIMEOUT=1)
    with gunicorn(env, workers=1, log_path=tmp_path / "gunicorn.log") as base:
        status, body, headers = call(base, "GET", "/readyz")

    body = json.loads(body)
    assert status == 503
    assert body["database"] == "unreachable"
    # The default profile's cache is a table in that same database.
    assert body["cache"] == "unreachable"
    assert body["message"] == "Not ready: database unreachable."
    assert body["code"] == "unavailable"


@pytest.mark.django_db
def test_the_django_admin_of_a_signed_in_owner_is_503_not_500_while_the_database_is_away(
    admin_browser, monkeypatch
):
    """The session's user is read again after the answer (the request log): an unreachable
    database there must leave the 503, not turn it into a 500 (the outage rehearsal's
    /admin/login/ through nginx)."""
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import OperationalError

    def away(self):
        raise OperationalError("connection refused")

    monkeypatch.setattr(SessionStore, "load", away)

    page = admin_browser.get("/admin/login/")

    assert page.status_code == 503
    assert page["Retry-After"].isdigit()
