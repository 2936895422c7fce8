"""Limits that only a real server can show: a throttle counted across gunicorn workers and
a 413 answered before the body is read. One gunicorn with two workers on the default
profile (SQLite file, database cache)."""

import json
import re
import socket
import time

import pytest

from tests.liveserver import (
    connections_on_workers,
    gunicorn,
    prepare_database,
    server_env,
)

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]

AUTH_RATE = 5


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("live-security")
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        VAR_DIR=workdir,
        AUTH_THROTTLE_RATE=f"{AUTH_RATE}/min",
        FAILED_SIGN_INS_PER_MINUTE="0",
        # The access log names the worker (pid) that answered each request.
        GUNICORN_ACCESS_LOG="-",
        GUNICORN_CMD_ARGS="--access-logformat 'pid=%(p)s status=%(s)s'",
    )
    prepare_database(env, demo=False)
    log_path = workdir / "gunicorn.log"
    with gunicorn(env, workers=2, log_path=log_path) as base:
        yield base, log_path


def test_the_login_throttle_counts_across_workers(server):
    base, log_path = server
    first, second = connections_on_workers(base, log_path)
    statuses = []
    for n in range(12):
        conn = (first, second)[n % 2]
        body = json.dumps({"password": f"wrong-guess-{n}"})
        conn.request("POST", "/api/auth/login", body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        statuses.append(response.status)

    # Turn about on two workers: a per-worker count would let 2 x 5 through.
    assert statuses == [401] * AUTH_RATE + [429] * (12 - AUTH_RATE), statuses


def raw_request(base, head, body=b"", timeout=10):
    """Send a request's head and a few body bytes, never the rest; the answer as text."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(head.encode() + body)
        started = time.monotonic()
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            chunks.append(chunk)
            if b"\r\n\r\n" in b"".join(chunks) and b"}" in chunks[-1]:
                break
        return b"".join(chunks).decode(errors="replace"), time.monotonic() - started


@pytest.mark.parametrize("path", ["/api/auth/register", "/api/auth/login"])
def test_a_huge_body_is_refused_before_it_is_read(server, path):
    base, _ = server
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {2 * 1024**3}\r\nConnection: close\r\n\r\n"
    )
    answer, seconds = raw_request(base, head, b'{"password": "')

    # The answer arrives although 2 GB minus 14 bytes of the body were never sent.
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    body = json.loads(re.search(r"\{.*\}", answer).group(0))
    assert body["message"] == "This request is too large (at most 64 KB here)."
    assert seconds < 5


def test_a_chunked_body_is_cut_off_at_the_limit(server):
    base, _ = server
    head = (
        "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    chunk = b"a" * 65536
    # 130 KB of a body that would go on: the server stops reading after 64 KB.
    body = b"".join(b"%x\r\n" % len(chunk) + chunk + b"\r\n" for _ in range(2))
    answer, _ = raw_request(base, head, body)

    assert answer.startswith("HTTP/1.1 413"), answer[:200]


def test_a_small_chunked_body_is_read_as_usual(server):
    base, _ = server
    head = (
        "POST /api/auth/password-check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    payload = json.dumps({"password": "amber-kettle-drift-42"}).encode()
    answer, _ = raw_request(base, head, b"%x\r\n" % len(payload) + payload + b"\r\n0\r\n\r\n")

    assert answer.startswith("HTTP/1.1 200"), answer[:300]
    assert json.loads(re.search(r"\{.*\}", answer).group(0))["ok"] is True
