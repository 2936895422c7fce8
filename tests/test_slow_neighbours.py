"""Slow clients and a long SQLite write lock, against a real gunicorn with the shipped
config (config/gunicorn.conf.py): the site keeps answering and a blocked write gives up
quickly with 503 and Retry-After."""

import http.cookiejar
import json
import re
import socket
import sqlite3
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from rides.tests.factories import ride_body
from tests.liveserver import call, gunicorn, manage, prepare_database, server_env

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("slow")
    db_path = workdir / "db.sqlite3"
    env = server_env(
        DATABASE_URL=f"sqlite:///{db_path}",
        MEDIA_ROOT=workdir / "media",
        RIDE_THROTTLE_RATE="none",
        TASK_BACKEND="django_tasks.backends.dummy.DummyBackend",
    )
    prepare_database(env, demo=False)
    manage("create_admin", "--email", "boss@example.com", "--password", "boss-secret-1", env=env)
    # Two processes as on a small server; the threads come from the shipped config.
    with gunicorn(env, workers=2, log_path=workdir / "gunicorn.log") as base:
        yield base, db_path


def test_six_slow_body_connections_do_not_stop_the_site(site):
    base, _ = site
    port = int(base.rsplit(":", 1)[1])
    slow = []
    try:
        for _ in range(6):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(
                b"POST /api/rides HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"
            )
            slow.append(sock)
        time.sleep(0.5)  # every slow request is now inside a worker, waiting for its body

        started = time.monotonic()
        statuses = [call(base, "GET", path, timeout=3)[0] for path in ("/healthz", "/readyz")]
        statuses.append(call(base, "GET", "/api/categories", timeout=3)[0])
        elapsed = time.monotonic() - started
    finally:
        for sock in slow:
            sock.close()

    assert statuses == [200, 200, 200]
    assert elapsed < 2


def test_a_write_behind_a_held_sqlite_lock_gives_up_with_503_within_5_s(site):
    base, db_path = site
    holder = sqlite3.connect(db_path, timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holds SQLite's one write lock
    try:
        started = time.monotonic()
        status, body, headers = call(base, "POST", "/api/rides", ride_body(), timeout=10)
        elapsed = time.monotonic() - started
        # Reads go on meanwhile (WAL): the catalog still answers.
        read_status = call(base, "GET", "/api/categories", timeout=3)[0]
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert status == 503
    assert elapsed < 5
    assert headers["Retry-After"] == "2"
    assert (
        json.loads(body)["message"]
        == "The service is briefly unavailable. Please try again in a moment."
    )
    assert read_status == 200
    # Once the lock is released the same write goes through.
    assert call(base, "POST", "/api/rides", ride_body())[0] == 201


def test_an_admin_sign_in_behind_a_held_lock_is_503_not_500(site):
    base, db_path = site
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    page = browser.open(f"{base}/admin/login/", timeout=5).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "username": "boss@example.com", "password": "boss-secret-1"}
    ).encode()
    holder = sqlite3.connect(db_path, timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        with pytest.raises(urllib.error.HTTPError) as answer:
            browser.open(
                urllib.request.Request(
                    f"{base}/admin/login/", data=form, headers={"Referer": f"{base}/admin/login/"}
                ),
                timeout=10,
            )
        elapsed = time.monotonic() - started
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert answer.value.code == 503
    assert answer.value.headers["Retry-After"] == "2"
    assert elapsed < 5
