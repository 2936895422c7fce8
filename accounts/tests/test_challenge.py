"""Past the shop-wide ceiling an untrusted sign-in solves a proof-of-work challenge instead
of being refused (accounts/limits.py; docs/api.md, "Sign-in challenge"), and a browser that
signed in before hashes in a lane of its own (accounts/hashers.py)."""

import base64
import json
import threading
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.hashers import make_password
from rest_framework.test import APIClient

from accounts.limits import CHALLENGE_REQUIRED
from accounts.tests.test_limits import HOLD
from common.errors import THROTTLED_MESSAGE
from tests.challenge import solve, solved

pytestmark = pytest.mark.django_db

CHALLENGED = {"message": CHALLENGE_REQUIRED, "code": "challenge_required"}


def login(client, password, ip, **extra):
    return client.post(
        "/api/auth/login", {"password": password, **extra}, format="json", REMOTE_ADDR=ip
    )


@pytest.fixture
def under_attack(settings):
    """The ceiling reached, in a minute that does not end during the test."""
    settings.FAILED_SIGN_INS_PER_MINUTE = 3
    minute = datetime.now(UTC).replace(second=5, microsecond=0) + timedelta(minutes=1)
    with time_machine.travel(minute, tick=False) as traveller:
        for n in range(3):
            login(APIClient(), f"guess-{n}", f"10.8.0.{n}")
        yield traveller


def test_a_challenge_is_a_signed_altcha_puzzle(api_client, settings):
    settings.SIGN_IN_CHALLENGE_MAX_NUMBER = 5000
    response = api_client.get("/api/auth/challenge")

    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    challenge = response.json()
    assert set(challenge) == {"algorithm", "challenge", "maxNumber", "salt", "signature"}
    assert challenge["algorithm"] == "SHA-256" and challenge["maxNumber"] == 5000
    assert "expires=" in challenge["salt"]


def test_without_a_solution_the_right_password_is_challenged_not_refused(under_attack, customer):
    answer = login(APIClient(), "casey-secret-1", "198.51.100.1")

    assert answer.status_code == 429
    assert answer.json() == CHALLENGED
    assert int(answer["Retry-After"]) > 0


def test_a_solution_lets_the_right_password_in(under_attack, customer):
    casey = APIClient()
    answer = login(casey, "casey-secret-1", "198.51.100.1", altcha=solved(casey))

    assert answer.status_code == 200, answer.json()
    assert answer.json()["user"]["email"] == "casey@example.com"


def test_a_solution_works_once(under_attack, customer):
    payload = solved(APIClient())
    assert login(APIClient(), "wrong-guess", "10.8.1.1", altcha=payload).status_code == 401

    replayed = login(APIClient(), "casey-secret-1", "10.8.1.2", altcha=payload)

    assert replayed.json() == CHALLENGED


def test_a_wrong_guess_with_a_solution_still_counts(under_attack, customer, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}
    client = APIClient()
    answers = [login(client, f"guess-{n}", "10.8.2.1", altcha=solved(client)) for n in range(3)]

    # The address throttle holds whatever the guesser solves.
    assert [a.status_code for a in answers] == [401, 401, 429]
    assert answers[2].json() == {"message": THROTTLED_MESSAGE, "code": "throttled"}


@pytest.mark.parametrize("tamper", ["signature", "number", "garbage"])
def test_a_forged_or_broken_solution_is_no_pass(under_attack, customer, tamper):
    payload = json.loads(base64.b64decode(solved(APIClient())))
    if tamper == "signature":
        payload["signature"] = "0" * 64
    elif tamper == "number":
        payload["number"] += 1
    forged = (
        "not base64 at all!"
        if tamper == "garbage"
        else base64.b64encode(json.dumps(payload).encode()).decode()
    )

    assert login(APIClient(), "casey-secret-1", "10.8.3.1", altcha=forged).json() == CHALLENGED


def test_an_expired_challenge_is_no_pass(under_attack, customer, settings):
    challenge = APIClient().get("/api/auth/challenge").json()
    under_attack.shift(settings.SIGN_IN_CHALLENGE_SECONDS + 1)
    # Still under attack in the new minute.
    for n in range(3):
        login(APIClient(), f"guess-{n}", f"10.8.4.{n}")

    late = login(APIClient(), "casey-secret-1", "10.8.4.9", altcha=solve(challenge))

    assert late.json() == CHALLENGED


def test_registration_is_challenged_too(under_attack, settings):
    from accounts.models import RegistrationCode

    RegistrationCode.objects.create(code="WELCOME")
    client = APIClient()
    body = {
        "name": "Nina New",
        "email": "nina@example.com",
        "password": "nina-secret-9",
        "registrationCode": "WELCOME",
    }
    refused = client.post("/api/auth/register", body, format="json", REMOTE_ADDR="10.8.5.1")
    assert refused.json() == CHALLENGED

    body["altcha"] = solved(client)
    assert (
        client.post("/api/auth/register", body, format="json", REMOTE_ADDR="10.8.5.1").status_code
        == 201
    )


@contextmanager
def strangers_lane_full(settings):
    """The strangers' lane's one hashing seat held by a stranger's hash."""
    settings.SIGN_IN_HASH_CONCURRENCY = 1
    settings.SIGN_IN_HASH_QUEUE = 0
    HOLD["started"].clear()
    HOLD["release"].clear()
    holder = threading.Thread(target=make_password, args=("hold",))
    holder.start()
    assert HOLD["started"].wait(10)
    try:
        yield
    finally:
        HOLD["release"].set()
        holder.join(10)


def test_a_known_browser_hashes_in_its_own_lane(settings, customer):
    settings.PASSWORD_HASHERS = ["accounts.tests.test_limits.HeldHasher"]
    customer.set_password("casey-secret-1")  # under the test's hasher
    customer.save()
    casey = APIClient()
    assert login(casey, "casey-secret-1", "198.51.100.5").status_code == 200

    with strangers_lane_full(settings):
        # A stranger finds no seat: asked to solve a challenge, not left waiting.
        assert login(APIClient(), "some-guess", "10.8.6.1").json() == CHALLENGED

        assert login(casey, "casey-secret-1", "198.51.100.5").status_code == 200


def test_the_challenge_can_be_turned_off(under_attack, customer, settings):
    settings.SIGN_IN_CHALLENGE_MAX_NUMBER = 0

    answer = login(APIClient(), "casey-secret-1", "198.51.100.9")

    assert answer.status_code == 429
    assert answer.json()["code"] == "throttled"
