"""Django admin lockout (django-axes, per account and address), the address throttle in front
of it, and the shop-wide ceiling on failed sign-ins that one address cannot fill."""

from datetime import UTC, datetime

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from accounts.limits import CHALLENGE_REQUIRED, DEVICE_COOKIE
from common.errors import THROTTLED_MESSAGE

CHALLENGE_ANSWER = {"message": CHALLENGE_REQUIRED, "code": "challenge_required"}
pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/"
LOCKED = "Account locked: too many login attempts. Please try again later."


@pytest.fixture
def admin_pages(client, settings, plain_static_files):
    settings.AXES_FAILURE_LIMIT = 5
    return client


def sign_in(client, username, password, ip="10.0.0.1"):
    return client.post(
        LOGIN, {"username": username, "password": password, "next": "/admin/"}, REMOTE_ADDR=ip
    )


def sign_out(client):
    """Sign out as a browser does: the session ends, the device cookie stays."""
    device = client.cookies[DEVICE_COOKIE]
    client.logout()
    client.cookies[DEVICE_COOKIE] = device


def signed_in(response):
    return response.status_code == 302 and response.headers["Location"] == "/admin/"


def api_login(client, password, ip):
    return client.post("/api/auth/login", {"password": password}, format="json", REMOTE_ADDR=ip)


class TestAdminLockout:
    def test_failures_lock_the_account_from_that_address_only(self, admin_pages, admin_user):
        statuses = [
            sign_in(admin_pages, "ada@example.com", f"guess-{n}", ip="10.0.0.7").status_code
            for n in range(5)
        ]
        assert statuses == [200, 200, 200, 200, 429]

        locked = sign_in(admin_pages, "ADA@example.com ", "ada-secret-1", ip="10.0.0.7")
        assert locked.status_code == 429
        assert locked.content.decode() == LOCKED
        assert "_auth_user_id" not in admin_pages.session

        # Another address, the right password: the owner is not locked out by a stranger.
        assert signed_in(sign_in(Client(), "ada@example.com", "ada-secret-1", ip="10.9.9.9"))

    def test_the_owners_browser_gets_in_through_the_lock(self, admin_pages, admin_user):
        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7"))
        assert DEVICE_COOKIE in admin_pages.cookies
        sign_out(admin_pages)
        stranger = Client()
        for n in range(6):
            sign_in(stranger, "ada@example.com", f"guess-{n}", ip="10.0.0.7")
        assert (
            sign_in(stranger, "ada@example.com", "ada-secret-1", ip="10.0.0.7").status_code == 429
        )

        # Same address, the admin's own browser (its device cookie): in.
        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7"))

    def test_the_device_cookie_has_its_own_small_failure_limit(
        self, admin_pages, admin_user, settings
    ):
        settings.DEVICE_COOKIE_FAILURE_LIMIT = 3
        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7"))
        sign_out(admin_pages)
        for n in range(3):
            sign_in(admin_pages, "ada@example.com", f"guess-{n}", ip="10.0.0.7")
        # Its trust spent, the browser meets the address's lock like any other.
        statuses = [
            sign_in(admin_pages, "ada@example.com", f"guess-{n}", ip="10.0.0.7").status_code
            for n in range(5)
        ]
        assert statuses == [200, 200, 200, 200, 429]

        refused = sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7")
        assert refused.status_code == 429

    def test_a_cookie_for_another_account_is_no_pass(self, admin_pages, admin_user, customer):
        customer.role = "admin"
        customer.save()
        assert signed_in(sign_in(admin_pages, "casey@example.com", "casey-secret-1", ip="10.0.0.7"))
        sign_out(admin_pages)
        for n in range(5):
            sign_in(admin_pages, "ada@example.com", f"guess-{n}", ip="10.0.0.7")

        assert (
            sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7").status_code
            == 429
        )

    def test_axes_reset_lifts_the_lock(self, admin_pages, admin_user):
        for n in range(5):
            sign_in(admin_pages, "ada@example.com", f"guess-{n}", ip="10.0.0.7")
        assert (
            sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7").status_code
            == 429
        )

        call_command("axes_reset")

        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7"))

    def test_failures_below_the_limit_are_forgotten_after_a_success(self, admin_pages, admin_user):
        for _ in range(4):
            sign_in(admin_pages, "ada@example.com", "wrong-guess")
        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1"))
        admin_pages.logout()  # and the device cookie: Client.logout drops every cookie
        for _ in range(4):
            sign_in(admin_pages, "ada@example.com", "wrong-guess")
        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1"))


class TestAdminAddressThrottle:
    def test_an_address_guessing_many_accounts_is_throttled_before_any_password_check(
        self, admin_pages, admin_user, settings
    ):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "5/min"}
        for n in range(5):
            assert (
                sign_in(
                    admin_pages, f"nobody{n}@example.com", "whatever", ip="10.0.0.7"
                ).status_code
                == 200
            )

        refused = sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7")

        assert refused.status_code == 429
        assert refused.content.decode() == THROTTLED_MESSAGE
        assert 0 < int(refused.headers["Retry-After"]) <= 60
        assert "_auth_user_id" not in admin_pages.session
        assert signed_in(sign_in(Client(), "ada@example.com", "ada-secret-1", ip="10.0.0.8"))

    def test_the_window_ends_a_minute_after_it_began(self, admin_pages, admin_user, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}
        with time_machine.travel(datetime(2026, 11, 23, 12, 0, 10, tzinfo=UTC), tick=False):
            for n in range(2):
                sign_in(admin_pages, f"nobody{n}@example.com", "whatever", ip="10.0.0.7")
            assert (
                sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7").status_code
                == 429
            )
        with time_machine.travel(datetime(2026, 11, 23, 12, 1, 11, tzinfo=UTC), tick=False):
            assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7"))


class TestShopWideCeiling:
    @pytest.fixture(autouse=True)
    def small_ceiling(self, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 6
        settings.FAILED_SIGN_IN_SHARE_PER_ADDRESS = 2

    def test_a_guesser_rotating_addresses_is_slowed(self, api_client, customer):
        with time_machine.travel(datetime(2026, 11, 23, 12, 0, 40, tzinfo=UTC), tick=False):
            statuses = [
                api_login(api_client, f"guess-{n}", f"10.1.0.{n}").status_code for n in range(6)
            ]
            assert statuses == [401] * 6

            response = api_login(api_client, "casey-secret-1", "10.1.0.200")
            assert response.status_code == 429
            assert response.json() == CHALLENGE_ANSWER
            # Per clock minute: this one's end, and the next one's while it stays reached.
            assert response["Retry-After"] == "80"

        with time_machine.travel(datetime(2026, 11, 23, 12, 1, 0, tzinfo=UTC), tick=False):
            still = api_login(api_client, "casey-secret-1", "10.1.0.200")
            assert still.json() == CHALLENGE_ANSWER
            assert still["Retry-After"] == "60"
        with time_machine.travel(datetime(2026, 11, 23, 12, 2, 0, tzinfo=UTC), tick=False):
            assert api_login(api_client, "casey-secret-1", "10.1.0.200").status_code == 200

    def test_one_address_adds_only_its_share(self, api_client, customer, admin_user, admin_pages):
        for n in range(40):
            assert api_login(api_client, f"guess-{n}", "10.1.0.9").status_code == 401
        for n in range(20):
            sign_in(admin_pages, f"nobody{n}@example.com", "whatever", ip="10.1.0.9")

        assert api_login(APIClient(), "casey-secret-1", "10.1.0.10").status_code == 200
        assert api_login(APIClient(), "ada-secret-1", "10.1.0.11").status_code == 200
        assert signed_in(sign_in(Client(), "ada@example.com", "ada-secret-1", ip="10.1.0.12"))

    def test_refused_attempts_do_not_count(self, api_client, customer, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "1/min"}
        settings.FAILED_SIGN_IN_SHARE_PER_ADDRESS = 100
        for n in range(30):
            api_login(api_client, f"guess-{n}", "10.1.0.9")  # 1 failure, 29 throttled

        assert api_login(APIClient(), "casey-secret-1", "10.1.0.10").status_code == 200

    def test_admin_failures_count_too(self, api_client, admin_pages, customer):
        for n in range(3):
            sign_in(admin_pages, "ada@example.com", f"wrong-{n}", ip=f"10.2.0.{n}")
            sign_in(admin_pages, "ada@example.com", f"wrong-{n}", ip=f"10.2.0.{n}")

        response = api_login(api_client, "casey-secret-1", "10.2.0.9")

        assert response.status_code == 429
        assert response.json() == CHALLENGE_ANSWER

    def test_a_browser_that_signed_in_before_still_gets_in(self, customer, admin_user, admin_pages):
        casey = APIClient()
        assert api_login(casey, "casey-secret-1", "10.3.0.1").status_code == 200
        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.3.0.2"))
        sign_out(admin_pages)
        for n in range(6):
            api_login(APIClient(), f"guess-{n}", f"10.3.1.{n}")
        assert api_login(APIClient(), "casey-secret-1", "10.3.0.1").status_code == 429

        assert api_login(casey, "casey-secret-1", "10.3.0.1").status_code == 200
        assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.3.0.2"))
        # The cookie names Casey: another account's password from that browser waits.
        assert api_login(casey, "ada-secret-1", "10.3.0.1").status_code == 429

    def test_successes_do_not_count(self, customer):
        for n in range(10):
            assert api_login(APIClient(), "casey-secret-1", f"10.3.0.{n}").status_code == 200


def test_a_django_admin_sign_in_judges_the_password(admin_pages, make_user):
    weak_admin = make_user(admin=True, email="weak@example.com", password="shop2026")
    assert weak_admin.password_weak is None

    assert signed_in(sign_in(admin_pages, "weak@example.com", "shop2026"))

    weak_admin.refresh_from_db()
    assert weak_admin.password_weak is True
