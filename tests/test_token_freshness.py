"""What one gunicorn worker saves about a user, every other worker answers on the next request
(accounts/authentication.py reads the user's row on every request): a token issued right
after a password change is good everywhere, and a profile saved with PATCH /api/auth/me is
what every worker's GET /api/auth/me shows. A row kept per worker answered the old profile on
other workers, and refused the new token, for seconds after the change."""

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
def shop_env(tmp_path_factory):
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
    return env, workdir


@pytest.fixture(scope="module")
def server(shop_env):
    env, workdir = shop_env
    log_path = workdir / "gunicorn.log"
    with gunicorn(env, workers=WORKERS, log_path=log_path) as base:
        yield base, log_path


def _sign_in(base, password):
    status, body, _ = call(base, "POST", "/api/auth/login", {"password": password})
    assert status == 200, body
    return json.loads(body)


def _ask(conn, method, path, token, body=None):
    headers = {"Authorization": f"Bearer {token}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
        body = json.dumps(body)
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    return response.status, response.read()


def _statuses(connections, token):
    return [_ask(conn, "GET", "/api/auth/me", token)[0] for conn in connections]


def _names(connections, token):
    return [json.loads(_ask(conn, "GET", "/api/auth/me", token)[1])["name"] for conn in connections]


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


def test_a_saved_profile_is_what_every_worker_answers_next(server):
    base, log_path = server
    # The admin's: the test above changes the customer's password.
    session = _sign_in(base, ADMIN_PASSWORD)
    token, name = session["token"], session["user"]["name"]
    workers = connections_on_workers(base, log_path, WORKERS)
    for round_ in range(ROUNDS):
        # Every worker has read the customer's row as it is now.
        assert _names(workers, token) == [name] * WORKERS
        name = f"Renamed Admin {round_} {uuid.uuid4().hex[:6]}"

        status, body = _ask(workers[round_], "PATCH", "/api/auth/me", token, {"name": name})
        assert status == 200, body

        assert _names(workers, token) == [name] * WORKERS, f"round {round_}"


def test_a_disabled_staff_member_is_refused_at_once_on_another_server(server, shop_env):
    """Two servers on one database, as behind the load balancer: an admin on the first
    disables a staff member whose next request, on the second, is refused."""
    base, _ = server
    env, workdir = shop_env
    admin = _sign_in(base, ADMIN_PASSWORD)["token"]
    password = f"counter-clerk-{uuid.uuid4().hex[:10]}"
    status, body, _ = call(
        base,
        "POST",
        "/api/auth/users",
        {"email": "clerk@example.com", "name": "Cleo Clerk", "password": password, "role": "staff"},
        token=admin,
    )
    assert status == 201, body
    staff_id = json.loads(body)["id"]
    # One worker: the second server stands for another machine, not for more workers.
    with gunicorn(env, workers=1, log_path=workdir / "second.log") as other:
        session = _sign_in(other, password)
        assert session["user"]["role"] == "staff"
        token = session["token"]
        assert call(other, "GET", "/api/orders", token=token)[0] == 200

        status, body, _ = call(
            base, "PATCH", f"/api/auth/users/{staff_id}", {"active": False}, token=admin
        )
        assert status == 200, body
        assert json.loads(body)["active"] is False

        assert call(other, "GET", "/api/orders", token=token)[0] == 401
