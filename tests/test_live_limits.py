"""Request body limits against a real gunicorn: only a valid token (the API) or a signed-in
staff session (the Django admin) lifts the anonymous 64 KB limit. A made-up bearer header,
a token signed with another key or expired, a made-up session cookie and the session of a
user who is no longer staff are all refused at 64 KB, before the body is read when its
length is declared and as soon as 64 KB have come when it is chunked."""

import json
import re
import socket
import time
import uuid

import jwt
import pytest

from tests.liveserver import TEST_SECRET_KEY, call, gunicorn, manage, prepare_database, server_env

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]

ADMIN = ("boss@example.com", "amber-kettle-drift-42")
DEMOTED = ("former@example.com", "copper-lantern-mist-77")
CSRF = "a" * 32  # a CSRF secret of Django's shape; the cookie and the form must agree
ANONYMOUS = "This request is too large (at most 64 KB here)."
UPLOAD = "This request is too large (at most 60 MB here)."
PATHS = ["/api/products", "/admin/shop/product/add/"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("live-limits")
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        VAR_DIR=workdir,
        AUTH_THROTTLE_RATE="none",
        FAILED_SIGN_INS_PER_MINUTE="0",
    )
    prepare_database(env, demo=False)
    for email, password in (ADMIN, DEMOTED):
        manage("create_admin", "--email", email, "--password", password, env=env)
    with gunicorn(env, workers=2, log_path=workdir / "gunicorn.log") as base:
        demoted_session = admin_session(base, *DEMOTED)
        # Taken out of the staff while signed in: the session lives on, the admin role not.
        manage(
            "shell",
            "-c",
            "from accounts.models import User; "
            f"User.objects.filter(email='{DEMOTED[0]}').update(role='customer', is_staff=False, is_superuser=False)",
            env=env,
        )
        yield {
            "base": base,
            "admin_token": api_token(base, ADMIN[1]),
            "admin_session": admin_session(base, *ADMIN),
            "demoted_session": demoted_session,
        }


def api_token(base, password):
    status, body, _ = call(base, "POST", "/api/auth/login", {"password": password})
    assert status == 200, body
    return json.loads(body)["token"]


def admin_session(base, email, password):
    """Sign in to the Django admin; the session cookie's value."""
    form = f"csrfmiddlewaretoken={CSRF}&username={email}&password={password}".encode()
    head = (
        "POST /admin/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Cookie: csrftoken={CSRF}\r\nContent-Length: {len(form)}\r\nConnection: close\r\n\r\n"
    )
    status, headers, _ = exchange(base, head.encode() + form)
    assert status == 302, headers
    return re.search(r"sessionid=([^;]+)", headers).group(1)


def exchange(base, data):
    """Send raw bytes, read one answer: (status, head as text, body bytes). Stops at the end
    of the answer's own body, whatever the server does with the rest of the request."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        try:
            sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused while we were still sending: its answer is waiting
        received = b""
        while not answer_complete(received):
            try:
                chunk = sock.recv(65536)
            except (TimeoutError, ConnectionResetError):
                break
            if not chunk:
                break
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    text = head.decode(errors="replace")
    if re.search(r"(?i)transfer-encoding: *chunked", text):
        body = dechunked(body)
    return int(text.split(" ", 2)[1]), text, body


def answer_complete(received):
    head, found, body = received.partition(b"\r\n\r\n")
    if not found:
        return False
    length = re.search(rb"(?i)content-length: *(\d+)", head)
    if length:
        return len(body) >= int(length.group(1))
    return body.endswith(b"0\r\n\r\n")


def dechunked(body):
    out = b""
    while True:
        size, _, rest = body.partition(b"\r\n")
        size = int(size.split(b";")[0], 16)
        if size == 0:
            return out
        out, body = out + rest[:size], rest[size + 2 :]


def request_head(path, headers, framing):
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *headers, framing, "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def declared(base, path, headers, size):
    """Declare `size` bytes and send 14: an answer means the server did not wait for them."""
    head = request_head(
        path,
        [*headers, "Content-Type: multipart/form-data; boundary=zzz"],
        f"Content-Length: {size}",
    )
    started = time.monotonic()
    answer = exchange(base, head + b"--zzz\r\nContent")
    return answer, time.monotonic() - started


def chunked(base, path, headers, payload, content_type, *, end=True):
    """Send `payload` in 64 KB chunks without a length; `end=False` leaves the body open,
    as a client streaming a huge body would."""
    pieces = [payload[i : i + 65536] for i in range(0, len(payload), 65536)]
    body = b"".join(b"%x\r\n" % len(piece) + piece + b"\r\n" for piece in pieces)
    if end:
        body += b"0\r\n\r\n"
    head = request_head(
        path, [*headers, f"Content-Type: {content_type}"], "Transfer-Encoding: chunked"
    )
    return exchange(base, head + body)


def multipart(**fields):
    parts = [
        f'--zzz\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in fields.items()
    ]
    return ("".join(parts) + "--zzz--\r\n").encode()


def resigned(token, key, **changes):
    claims = {**jwt.decode(token, options={"verify_signature": False}), **changes}
    return jwt.encode(claims, key, algorithm="HS256")


def fake_credentials(live):
    token = live["admin_token"]
    return {
        "made-up bearer": ["Authorization: Bearer x"],
        "token signed with another key": [f"Authorization: Bearer {resigned(token, 'wrong')}"],
        # The right key, so only the expiry refuses it.
        "expired token": [
            "Authorization: Bearer " + resigned(token, TEST_SECRET_KEY, exp=int(time.time()) - 3600)
        ],
        "made-up session cookie": [f"Cookie: sessionid={uuid.uuid4().hex}"],
        "session of a user no longer staff": [f"Cookie: sessionid={live['demoted_session']}"],
    }


CREDENTIALS = [
    "made-up bearer",
    "token signed with another key",
    "expired token",
    "made-up session cookie",
    "session of a user no longer staff",
]


def message(body):
    return json.loads(body)["message"]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("credential", CREDENTIALS)
def test_a_declared_large_body_with_a_fake_credential_is_refused_unread(server, path, credential):
    headers = fake_credentials(server)[credential]

    (status, _, body), seconds = declared(server["base"], path, headers, 59 * 1024 * 1024)

    # 59 MB declared, 14 bytes sent: the answer came without waiting for the rest.
    assert status == 413
    assert message(body) == ANONYMOUS
    assert seconds < 10


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("credential", CREDENTIALS)
def test_a_chunked_body_with_a_fake_credential_is_cut_off_at_64_kb(server, path, credential):
    headers = fake_credentials(server)[credential]

    # 192 KB of a body that would go on.
    status, _, body = chunked(
        server["base"],
        path,
        headers,
        b"x" * (192 * 1024),
        "multipart/form-data; boundary=zzz",
        end=False,
    )

    assert status == 413
    assert message(body) == ANONYMOUS


def test_an_admin_token_still_gets_the_upload_limit(server):
    base = server["base"]
    headers = [f"Authorization: Bearer {server['admin_token']}"]

    (status, _, body), _ = declared(base, "/api/products", headers, 70 * 1024 * 1024)
    assert status == 413 and message(body) == UPLOAD

    # 2 MB in chunks is read and judged by the form: no category, so nothing is created.
    form = multipart(name="Big Form", description="x" * (2 * 1024 * 1024))
    status, _, body = chunked(
        base, "/api/products", headers, form, "multipart/form-data; boundary=zzz"
    )
    assert status == 400, body[:300]
    assert "category" in json.loads(body)["errors"]


def test_an_admin_session_still_gets_the_upload_limit(server):
    base = server["base"]
    headers = [f"Cookie: sessionid={server['admin_session']}; csrftoken={CSRF}"]

    (status, _, body), _ = declared(base, "/admin/shop/product/add/", headers, 70 * 1024 * 1024)
    assert status == 413 and message(body) == UPLOAD

    # 2 MB in chunks gets past the size check to the admin's CSRF check, which reads the
    # form for its token (none: 403). A refused body would have been a 413.
    form = multipart(name="Big Form", description="x" * (2 * 1024 * 1024))
    status, _, body = chunked(
        base, "/admin/shop/product/add/", headers, form, "multipart/form-data; boundary=zzz"
    )
    assert status == 403, body[:300]
    assert b"CSRF verification failed" in body
