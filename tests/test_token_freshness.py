"""A token issued right after a password change is good on every gunicorn worker at once,
even on one that still keeps the user's row from before the change (accounts/authentication.py:
a token with a newer password version than the kept row makes the worker read the row again).
Without that, a user whose password an admin just changed was signed straight out by another
worker for up to STATE_SECONDS."""

import json
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.liveserver import call, gunicorn, prepare_database, server_env

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]

WORKERS = 4
# Fresh connections spread over the workers; several per worker make it near-certain that
# each worker that kept the old row is asked: a given worker is missed by one round's probes
# with odds (3/4)^12, about 3%, and by every one of ten rounds with odds below 1e-15. Each
# round costs an Argon2 hash and check on the server, so no more rounds than that.
PROBES = 12
ROUNDS = 10
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
        DEMO_ADMIN_PASSWORD=ADMIN_PASSWORD,
        DEMO_CUSTOMER_PASSWORD=CUSTOMER_PASSWORD,
    )
    prepare_database(env)
    with gunicorn(env, workers=WORKERS, log_path=workdir / "gunicorn.log") as base:
        yield base


def _sign_in(base, password):
    status, body, _ = call(base, "POST", "/api/auth/login", {"password": password})
    assert status == 200, body
    return json.loads(body)


def _statuses(pool, base, token):
    return list(
        pool.map(lambda _: call(base, "GET", "/api/auth/me", token=token)[0], range(PROBES))
    )


def test_a_token_from_just_after_a_password_change_works_on_every_worker(server):
    admin = _sign_in(server, ADMIN_PASSWORD)["token"]
    session = _sign_in(server, CUSTOMER_PASSWORD)
    customer_id, token = session["user"]["id"], session["token"]
    refused = []
    with ThreadPoolExecutor(PROBES) as pool:
        for round_ in range(ROUNDS):
            # Every worker keeps the customer's row as it is now.
            assert set(_statuses(pool, server, token)) == {200}
            password = f"harbor-lantern-{round_}-{uuid.uuid4().hex[:8]}"
            status, body, _ = call(
                server,
                "PUT",
                f"/api/auth/users/{customer_id}/password",
                {"newPassword": password},
                token=admin,
            )
            assert status == 200, body
            token = _sign_in(server, password)["token"]
            statuses = _statuses(pool, server, token)
            if set(statuses) != {200}:
                refused.append((round_, statuses))

    assert refused == []
