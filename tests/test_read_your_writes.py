"""A person reads their own writes on any worker of any server: two gunicorn servers with two
workers each share one database (PostgreSQL in the PostgreSQL pass, else one SQLite file);
nothing about a user is kept in a process (accounts/authentication.py reads the row on every
request). A saved profile, a changed password, a role taken away and a disabled account are
all what the very next request sees, wherever it lands."""

import json
import uuid
from contextlib import ExitStack

import pytest
from django.db import connection

from tests.liveserver import (
    call,
    gunicorn,
    login,
    manage,
    pg_database,
    pg_server,
    prepare_database,
    server_env,
)

pytestmark = pytest.mark.live

CUSTOMER_PASSWORD = "shopper-demo-1357"  # the demo customer (accounts/demo.py)
ADMIN_PASSWORD = "admin-demo-2468"


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("read-your-writes")
    with ExitStack() as stack:
        if connection.vendor == "postgresql":
            database = stack.enter_context(pg_database(pg_server(connection.settings_dict), "ryw"))
        else:
            database = f"sqlite:///{workdir / 'db.sqlite3'}"
        env = server_env(
            DATABASE_URL=database,
            MEDIA_ROOT=workdir / "media",
            VAR_DIR=workdir,
            AUTH_THROTTLE_RATE="none",
            # A hundred saves in a row: the per-user limit on profile edits is not the subject.
            PROFILE_EDIT_THROTTLE_RATE="none",
            FAILED_SIGN_INS_PER_MINUTE="0",
            # The pairs below are fast: SQLite's writers may queue behind each other.
            SQLITE_TIMEOUT="30",
        )
        prepare_database(env)
        servers = [
            stack.enter_context(gunicorn(env, workers=2, log_path=workdir / f"server{n}.log"))
            for n in range(2)
        ]
        yield servers, env


def _json(answer):
    status, body, _ = answer
    return status, json.loads(body) if body else None


def test_a_hundred_profile_edits_each_read_back_on_the_next_request(two_servers):
    servers, _ = two_servers
    token = login(servers[0], CUSTOMER_PASSWORD)
    stale = []
    for n in range(100):
        # Writes and reads alternate between servers, and each server's two workers.
        writer, reader = servers[n % 2], servers[(n + n // 2) % 2]
        name = f"Casey {uuid.uuid4().hex[:8]}"
        address = f"{n} Elm Street, Garden Grove, CA"
        status, saved = _json(
            call(
                writer,
                "PATCH",
                "/api/auth/me",
                {"name": name, "deliveryAddress": address},
                token=token,
            )
        )
        assert status == 200, saved
        status, seen = _json(call(reader, "GET", "/api/auth/me", token=token))
        assert status == 200, seen
        if (seen["name"], seen["deliveryAddress"]) != (name, address):
            stale.append((n, seen["name"], name))

    assert stale == []


def test_a_password_change_is_seen_at_once_on_the_other_server(two_servers):
    first, second = two_servers[0]
    status, registered = _json(
        call(first, "POST", "/api/auth/login", {"password": CUSTOMER_PASSWORD})
    )
    old_token = registered["token"]
    status, changed = _json(
        call(
            first,
            "PUT",
            "/api/auth/me/password",
            {"currentPassword": CUSTOMER_PASSWORD, "newPassword": "tamarind-quill-orbit-64"},
            token=old_token,
        )
    )
    assert status == 200, changed
    try:
        # The other server: the old session is out, the new one in, the new password signs in.
        assert call(second, "GET", "/api/auth/me", token=old_token)[0] == 401
        assert call(second, "GET", "/api/auth/me", token=changed["token"])[0] == 200
        assert call(second, "POST", "/api/auth/login", {"password": CUSTOMER_PASSWORD})[0] == 401
        assert login(second, "tamarind-quill-orbit-64")
    finally:
        call(
            second,
            "PUT",
            "/api/auth/me/password",
            {"currentPassword": "tamarind-quill-orbit-64", "newPassword": CUSTOMER_PASSWORD},
            token=changed["token"],
        )


def _as_admin_on_the_server(env, statement):
    """What an owner does in the back office, from outside both servers' processes."""
    manage("shell", "-c", f"from accounts.models import User; {statement}", env=env)


def test_a_role_taken_away_and_a_disabled_account_are_seen_at_once(two_servers):
    (first, second), env = two_servers
    email = f"helper-{uuid.uuid4().hex[:6]}@example.com"
    manage("create_admin", "--email", email, "--password", "fennel-cobalt-arch-31", env=env)
    token = login(first, "fennel-cobalt-arch-31")
    for server in (first, second):  # both servers have served this user once
        assert call(server, "GET", "/api/auth/users", token=token)[0] == 200

    _as_admin_on_the_server(
        env,
        f"User.objects.filter(email='{email}').update(role='customer', is_staff=False, is_superuser=False)",
    )
    assert [call(s, "GET", "/api/auth/users", token=token)[0] for s in (first, second)] == [
        403,
        403,
    ]
    assert call(second, "GET", "/api/auth/me", token=token)[0] == 200

    _as_admin_on_the_server(env, f"User.objects.filter(email='{email}').update(is_active=False)")
    assert [call(s, "GET", "/api/auth/me", token=token)[0] for s in (first, second)] == [401, 401]
