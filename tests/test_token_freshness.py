"""A token issued right after a password change is good on every gunicorn worker at once,
even on one that still keeps the user's row from before the change (accounts/authentication.py:
a token with a newer password version than the kept row makes the worker read the row again).
Without that, a user whose password an admin just changed was signed straight out by another
worker for up to STATE_SECONDS."""

import json
import uuid

import pytest

from tests.liveserver import call, connections_on_workers, gunicorn, prepare_database, server_env

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]

WORKERS = 4
# Each round asks every worker on a connection of its own, so every worker that kept the old
# row is asked for certain; each round costs an Argon2 hash and check on the server.
ROUNDS = 2
# The demo data's own (accounts/demo.py): the run's prepared demo shop serves this test too.
ADMIN_PASSWORD = "admin-demo-2468"
CUSTOMER_PASSWORD = "shopper-demo-1357"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("token-freshness")
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        VAR_DIR=workdir,
        AUTH_THROTTLE_RATE="none",
        FAILED_SIGN_INS_PER_MINUTE="0",
        # The connections to each worker stay open while the password is changed.
        GUNICORN_KEEPALIVE="120",
        # The access log names the worker (pid) that answered each request.
        GUNICORN_ACCESS_LOG="-",
        GUNICORN_CMD_ARGS="--access-logformat 'pid=%(p)s status=%(s)s'",
    )
    prepare_database(env)
    log_path = workdir / "gunicorn.log"
    with gunicorn(env, workers=WORKERS, log_path=log_path) as base:
        yield base, log_path


def _sign_in(base, password):
    status, body, _ = call(base, "POST", "/api/auth/login", {"password": password})
    assert status == 200, body
    return json.loads(body)


def _statuses(connections, token):
    statuses = []
    for conn in connections:
        conn.request("GET", "/api/auth/me", headers={"Authorization": f"Bearer {token}"})
        response = conn.getresponse()
        response.read()
        statuses.append(response.status)
    return statuses


def test_a_token_from_just_after_a_password_change_works_on_every_worker(server):
    base, log_path = server
    admin = _sign_in(base, ADMIN_PASSWORD)["token"]
    session = _sign_in(base, CUSTOMER_PASSWORD)
    customer_id, token = session["user"]["id"], session["token"]
    workers = connections_on_workers(base, log_path, WORKERS)
    for round_ in range(ROUNDS):
        # Every worker keeps the customer's row as it is now.
        assert _statuses(workers, token) == [200] * WORKERS
        password = f"harbor-lantern-{round_}-{uuid.uuid4().hex[:8]}"
        status, body, _ = call(
            base,
            "PUT",
            f"/api/auth/users/{customer_id}/password",
            {"newPassword": password},
            token=admin,
        )
        assert status == 200, body
        token = _sign_in(base, password)["token"]

        assert _statuses(workers, token) == [200] * WORKERS, f"round {round_}"
