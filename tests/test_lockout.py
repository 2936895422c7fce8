"""Django admin lockout (django-axes) and the shop-wide ceiling on failed sign-ins."""

from datetime import UTC, datetime

import pytest
import time_machine
from django.core.management import call_command

from common.throttles import TOO_MANY_FAILED_SIGN_INS

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/"


@pytest.fixture
def admin_pages(client, settings, plain_static_files):
    settings.AXES_FAILURE_LIMIT = 5
    return client


def sign_in(client, username, password, ip="10.0.0.1"):
    return client.post(
        LOGIN, {"username": username, "password": password, "next": "/admin/"}, REMOTE_ADDR=ip
    )


def signed_in(response):
    return response.status_code == 302 and response.headers["Location"] == "/admin/"


def test_the_right_password_is_refused_while_the_account_is_locked(admin_pages, admin_user):
    statuses = [
        sign_in(admin_pages, "ada@example.com", f"guess-{n}", ip=f"10.0.0.{n}").status_code
        for n in range(5)
    ]
    assert statuses == [200, 200, 200, 200, 429]

    # Another address, the right password: still refused, the account is locked.
    locked = sign_in(admin_pages, "ADA@example.com ", "ada-secret-1", ip="10.9.9.9")
    assert locked.status_code == 429
    assert not signed_in(locked)
    assert "_auth_user_id" not in admin_pages.session

    call_command("axes_reset_username", "ada@example.com")
    assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.9.9.9"))


def test_an_address_that_keeps_failing_is_locked_for_every_account(admin_pages, admin_user):
    for n in range(5):
        sign_in(admin_pages, f"nobody{n}@example.com", "whatever-guess", ip="10.0.0.7")

    refused = sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7")
    assert refused.status_code == 429
    assert not signed_in(refused)
    # The account itself is not locked: from elsewhere the right password works.
    assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.8"))

    call_command("axes_reset")
    assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1", ip="10.0.0.7"))


def test_failures_below_the_limit_are_forgotten_after_a_success(admin_pages, admin_user):
    for _ in range(4):
        sign_in(admin_pages, "ada@example.com", "wrong-guess")
    assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1"))
    admin_pages.logout()
    for _ in range(4):
        sign_in(admin_pages, "ada@example.com", "wrong-guess")
    assert signed_in(sign_in(admin_pages, "ada@example.com", "ada-secret-1"))


class TestShopWideCeiling:
    def login(self, client, password, ip):
        return client.post("/api/auth/login", {"password": password}, format="json", REMOTE_ADDR=ip)

    def test_a_guesser_rotating_addresses_is_slowed(self, api_client, customer, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 3
        with time_machine.travel(datetime(2026, 11, 23, 12, 0, 40, tzinfo=UTC), tick=False):
            statuses = [
                self.login(api_client, f"guess-{n}", f"10.1.0.{n}").status_code for n in range(3)
            ]
            assert statuses == [401, 401, 401]

            response = self.login(api_client, "casey-secret-1", "10.1.0.200")
            assert response.status_code == 429
            assert response.json() == {"message": TOO_MANY_FAILED_SIGN_INS}
            assert response["Retry-After"] == "20"  # the count is per clock minute

        with time_machine.travel(datetime(2026, 11, 23, 12, 1, 0, tzinfo=UTC), tick=False):
            assert self.login(api_client, "casey-secret-1", "10.1.0.200").status_code == 200

    def test_admin_failures_count_too(self, api_client, admin_pages, customer, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 2
        sign_in(admin_pages, "ada@example.com", "wrong-1", ip="10.2.0.1")
        sign_in(admin_pages, "ada@example.com", "wrong-2", ip="10.2.0.2")

        response = self.login(api_client, "casey-secret-1", "10.2.0.3")

        assert response.status_code == 429
        assert response.json() == {"message": TOO_MANY_FAILED_SIGN_INS}

    def test_successes_do_not_count(self, api_client, customer, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 2
        for n in range(5):
            assert self.login(api_client, "casey-secret-1", f"10.3.0.{n}").status_code == 200


def test_a_django_admin_sign_in_judges_the_password(admin_pages, make_user):
    weak_admin = make_user(admin=True, email="weak@example.com", password="shop2026")
    assert weak_admin.password_weak is None

    assert signed_in(sign_in(admin_pages, "weak@example.com", "shop2026"))

    weak_admin.refresh_from_db()
    assert weak_admin.password_weak is True
