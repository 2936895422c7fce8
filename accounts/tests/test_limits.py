"""The sign-in rules of accounts/limits.py and accounts/hashers.py, in process: a taken
password answered like a failed sign-in and with the same hashing work, registration behind
the sign-in limits, the device cookie, and password hashing with bounded concurrency."""

import threading

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher, make_password
from django.core import signing
from rest_framework.test import APIClient

from accounts import hashers
from accounts.hashers import SIGN_IN_BUSY, BoundedHashing, PBKDF2PasswordHasher
from accounts.limits import CHALLENGE_REQUIRED, DEVICE_COOKIE, DEVICE_SALT
from accounts.models import RegistrationCode, User
from common.errors import THROTTLED_MESSAGE
from tests.challenge import solved

CHALLENGE_ANSWER = {"message": CHALLENGE_REQUIRED, "code": "challenge_required"}
pytestmark = pytest.mark.django_db

HASHES = []


class CountingHasher(MD5PasswordHasher):
    """MD5 (fast) that records each hash made, to compare the work two answers did."""

    def encode(self, password, salt):
        HASHES.append(password)
        return super().encode(password, salt)


HOLD = {"started": threading.Event(), "release": threading.Event()}


class SlowMD5Hasher(MD5PasswordHasher):
    def encode(self, password, salt):
        if password == "hold":  # keeps its hashing seat until the test lets it go
            HOLD["started"].set()
            HOLD["release"].wait(10)
        return super().encode(password, salt)


class HeldHasher(BoundedHashing, SlowMD5Hasher):
    """The shop's bounded hashing (accounts/hashers.py) over a hash the test can hold."""


class QuickPBKDF2Hasher(PBKDF2PasswordHasher):
    """The shop's bounded PBKDF2 (whose verify encodes again), quick for a test."""

    iterations = 1000


@pytest.fixture
def counting_hasher(settings):
    settings.PASSWORD_HASHERS = ["accounts.tests.test_limits.CountingHasher"]
    HASHES.clear()
    return HASHES


@pytest.fixture
def code(db):
    return RegistrationCode.objects.create(code="WELCOME")


def register(client, ip="10.6.0.1", **overrides):
    body = {
        "name": "Nina New",
        "email": "nina@example.com",
        "password": "nina-secret-9",
        "registrationCode": "WELCOME",
        **overrides,
    }
    return client.post("/api/auth/register", body, format="json", REMOTE_ADDR=ip)


def login(client, password, ip="10.6.0.1"):
    return client.post("/api/auth/login", {"password": password}, format="json", REMOTE_ADDR=ip)


class TestTakenPassword:
    def test_registration_does_the_same_hashing_work_either_way(
        self, api_client, code, customer, counting_hasher
    ):
        taken = register(api_client, password="casey-secret-1")
        assert taken.status_code == 409
        work_when_taken = len(counting_hasher)
        counting_hasher.clear()

        fresh = register(api_client)

        assert fresh.status_code == 201
        assert work_when_taken == len(counting_hasher) == 1

    def test_the_admins_password_change_does_the_same_hashing_work_either_way(
        self, admin_client_api, customer, other_customer, counting_hasher
    ):
        url = f"/api/auth/users/{customer.pk}/password"
        taken = admin_client_api.put(url, {"newPassword": "olive-secret-1"}, format="json")
        assert taken.status_code == 409
        assert (
            taken.json()["message"]
            == "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
        )
        work_when_taken = len(counting_hasher)
        counting_hasher.clear()

        changed = admin_client_api.put(url, {"newPassword": "amber-kettle-drift-42"}, format="json")

        assert changed.status_code == 200
        assert work_when_taken == len(counting_hasher) == 1

    def test_a_taken_password_counts_toward_the_ceiling(self, code, customer, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 3
        for n in range(3):
            response = register(APIClient(), ip=f"10.6.1.{n}", password="casey-secret-1")
            assert response.status_code == 409

        refused = login(APIClient(), "casey-secret-1", ip="10.6.2.1")

        assert refused.status_code == 429
        assert refused.json() == CHALLENGE_ANSWER

    def test_the_admins_taken_password_counts_toward_the_ceiling(
        self, admin_client_api, customer, other_customer, settings
    ):
        settings.FAILED_SIGN_INS_PER_MINUTE = 1
        url = f"/api/auth/users/{customer.pk}/password"
        assert (
            admin_client_api.put(url, {"newPassword": "olive-secret-1"}, format="json").status_code
            == 409
        )

        assert login(APIClient(), "casey-secret-1", ip="10.6.2.1").status_code == 429

    def test_the_admins_password_changes_count_toward_the_address_throttle(
        self, admin_client_api, customer, other_customer, settings
    ):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}
        url = f"/api/auth/users/{customer.pk}/password"
        for _ in range(2):
            admin_client_api.put(url, {"newPassword": "olive-secret-1"}, format="json")

        refused = admin_client_api.put(url, {"newPassword": "amber-kettle-drift-42"}, format="json")

        assert refused.status_code == 429
        assert refused.json() == {"message": THROTTLED_MESSAGE, "code": "throttled"}
        assert customer.password == User.objects.get(pk=customer.pk).password


class TestRegistrationLimits:
    def test_refused_while_the_address_is_throttled_by_sign_ins(self, api_client, code, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}
        assert [login(api_client, f"guess-{n}").status_code for n in range(2)] == [401, 401]

        response = register(api_client)

        assert response.status_code == 429
        assert response.json() == {"message": THROTTLED_MESSAGE, "code": "throttled"}
        assert int(response["Retry-After"]) > 0
        assert not User.objects.filter(email="nina@example.com").exists()
        assert register(api_client, ip="10.6.0.2").status_code == 201

    def test_refused_while_the_ceiling_is_reached(self, api_client, code, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 2
        for n in range(2):
            login(APIClient(), f"guess-{n}", ip=f"10.6.3.{n}")

        response = register(api_client)

        assert response.status_code == 429
        assert response.json() == CHALLENGE_ANSWER


class TestDeviceCookie:
    def test_a_sign_in_sets_a_signed_http_only_cookie_naming_the_user(self, api_client, customer):
        response = login(api_client, "casey-secret-1")

        cookie = response.cookies[DEVICE_COOKIE]
        assert cookie["httponly"] is True
        assert cookie["samesite"] == "Lax"
        email, nonce = signing.loads(cookie.value, salt=DEVICE_SALT)
        assert email == "casey@example.com" and len(nonce) >= 16

    def test_a_forged_cookie_is_no_pass(self, customer, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 1
        login(APIClient(), "guess", ip="10.6.4.1")
        forger = APIClient()
        forger.cookies[DEVICE_COOKIE] = signing.dumps(
            ["casey@example.com", "n"], salt=DEVICE_SALT, key="not-the-servers-key"
        )

        assert login(forger, "casey-secret-1", ip="10.6.4.2").status_code == 429

    def test_the_cookie_stops_being_trusted_after_its_own_failure_limit(self, customer, settings):
        settings.DEVICE_COOKIE_FAILURE_LIMIT = 2
        settings.FAILED_SIGN_INS_PER_MINUTE = 3
        casey = APIClient()
        assert login(casey, "casey-secret-1", ip="10.6.5.1").status_code == 200
        for n in range(3):
            login(APIClient(), f"guess-{n}", ip=f"10.6.5.{n + 10}")
        assert login(casey, "casey-secret-1", ip="10.6.5.1").status_code == 200  # trusted

        # Wrong passwords from that browser: its own user's email narrows the lookup, so
        # they are trusted attempts, and they spend the cookie.
        for _ in range(2):
            response = casey.post(
                "/api/auth/login",
                {"password": "wrong", "email": "casey@example.com"},
                format="json",
                REMOTE_ADDR="10.6.5.1",
            )
            assert response.status_code == 401

        assert login(casey, "casey-secret-1", ip="10.6.5.1").status_code == 429


def hold_a_seat(lane):
    with hashers.lane(lane):
        make_password("hold")


class TestBoundedHashing:
    @pytest.fixture
    def seat_taken(self, settings, request):
        """The process's one hashing seat of a lane (`param`: lane, callers allowed to wait;
        default the strangers' lane, none) is held by another sign-in; call it to free it."""
        lane, queue = getattr(request, "param", (hashers.OTHER, 0))
        settings.PASSWORD_HASHERS = ["accounts.tests.test_limits.HeldHasher"]
        settings.SIGN_IN_HASH_CONCURRENCY = 1
        settings.SIGN_IN_HASH_QUEUE = queue
        HOLD["started"].clear()
        HOLD["release"].clear()
        holder = threading.Thread(target=hold_a_seat, args=(lane,))
        holder.start()
        assert HOLD["started"].wait(10)

        def free():
            HOLD["release"].set()
            holder.join(10)

        yield free
        free()

    def test_a_stranger_who_finds_no_seat_free_is_challenged_not_queued(self, seat_taken):
        client = APIClient()
        response = login(client, "unknown-password", ip="10.6.6.1")

        assert response.status_code == 429
        assert response.json() == CHALLENGE_ANSWER
        # Solved, it hashes in the lane of those who solved one: answered at once.
        solved_login = client.post(
            "/api/auth/login",
            {"password": "unknown-password", "altcha": solved(client)},
            format="json",
            REMOTE_ADDR="10.6.6.1",
        )
        assert solved_login.status_code == 401

    @pytest.mark.parametrize(
        "seat_taken, wait",
        [((hashers.PROVEN, 0), 5.0), ((hashers.PROVEN, 1), 0.2)],
        indirect=["seat_taken"],
    )
    def test_a_caller_that_cannot_hash_in_time_gets_a_503_with_retry_after(
        self, seat_taken, api_client, settings, wait
    ):
        # No seat to wait on, or one to wait on for 0.2 s while the hash stays held.
        settings.SIGN_IN_HASH_WAIT_SECONDS = wait

        response = api_client.post(
            "/api/auth/login",
            {"password": "unknown-password", "altcha": solved(api_client)},
            format="json",
        )

        assert response.status_code == 503
        assert response.json() == {"message": SIGN_IN_BUSY, "code": "unavailable"}
        assert response["Retry-After"] == "2"

    def test_a_challenge_for_want_of_a_seat_counts_toward_the_ceiling(self, seat_taken, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 1
        assert login(APIClient(), "unknown-password", ip="10.6.6.1").json() == CHALLENGE_ANSWER
        seat_taken()

        # Seats are free again, but the shop is under attack: still a challenge.
        assert login(APIClient(), "unknown-password", ip="10.6.6.2").json() == CHALLENGE_ANSWER

    def test_a_hash_that_checks_itself_by_encoding_keeps_its_one_seat(self, settings, customer):
        # PBKDF2's verify calls its own encode: that must not wait for the seat it holds.
        settings.SIGN_IN_HASH_CONCURRENCY = 1
        settings.SIGN_IN_HASH_QUEUE = 0
        settings.PASSWORD_HASHERS = ["accounts.tests.test_limits.QuickPBKDF2Hasher"]
        customer.set_password("casey-secret-1")
        customer.save()

        assert login(APIClient(), "casey-secret-1").status_code == 200

    def test_hashing_runs_in_the_callers_thread(self, settings, customer):
        # No thread of its own in a web process (issue 36): the bound is a semaphore.
        settings.PASSWORD_HASHERS = ["accounts.tests.test_limits.CountingHasher"]
        settings.SIGN_IN_HASH_CONCURRENCY = 1
        threads = set(threading.enumerate())

        assert login(APIClient(), "nobody-has-this-one").status_code == 401
        assert set(threading.enumerate()) == threads
