"""Every answer that can tell whether a password is in use is a guess at a sign-in key
(docs/security.md, "Sign-in limits"): a password change, an admin setting one, a reset
confirmation and registration meet the address throttle and the shop-wide ceiling like a
sign-in, are counted per account, and a taken password counts as a failed sign-in. Written
from the prober's side and from the victim's."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from rest_framework.test import APIClient

from accounts.limits import CHALLENGE_REQUIRED
from accounts.models import RegistrationCode, User
from accounts.tokens import reset_token_for
from common.errors import THROTTLED_MESSAGE
from tests.challenge import solved

pytestmark = pytest.mark.django_db

CHALLENGED = {"message": CHALLENGE_REQUIRED, "code": "challenge_required"}
THROTTLED = {"message": THROTTLED_MESSAGE, "code": "throttled"}


def a_minute():
    """Five seconds into the next clock minute: the ceiling's count is per minute, and the
    sessions the fixtures issued (now) are still good then."""
    now = datetime.now(UTC)
    return now.replace(second=5, microsecond=0) + timedelta(minutes=1)


def login(client, password, ip, **extra):
    body = {"password": password, **extra}
    return client.post("/api/auth/login", body, format="json", REMOTE_ADDR=ip)


def change_own(client, candidate, ip, current="olive-secret-1"):
    return client.put(
        "/api/auth/me/password",
        {"currentPassword": current, "newPassword": candidate},
        format="json",
        REMOTE_ADDR=ip,
    )


@pytest.fixture
def ceiling_closed(settings):
    """The shop-wide ceiling reached by three guessers at three addresses, in a minute that
    does not end during the test."""
    settings.FAILED_SIGN_INS_PER_MINUTE = 3
    with time_machine.travel(a_minute(), tick=False):
        for n in range(3):
            assert login(APIClient(), f"guess-{n}", f"10.9.0.{n}").status_code == 401
        assert login(APIClient(), "another-guess", "10.9.0.9").json() == CHALLENGED
        yield


class TestOwnPasswordChange:
    def test_a_flood_while_the_ceiling_is_closed_learns_nothing(
        self, ceiling_closed, customer, other_client
    ):
        # Olive probes whether someone uses each candidate, from 25 addresses.
        answers = [
            change_own(other_client, candidate, f"10.9.1.{n}")
            for n, candidate in enumerate(["casey-secret-1"] * 25)
        ]

        assert {a.status_code for a in answers} == {429}
        assert all(a.json() == CHALLENGED for a in answers)
        assert User.objects.get(email="olive@example.com").check_password("olive-secret-1")

    def test_the_victim_still_gets_in_from_elsewhere(self, ceiling_closed, customer, other_client):
        for n in range(25):
            change_own(other_client, "casey-secret-1", f"10.9.1.{n}")

        # Casey's new browser solves the challenge; the right password signs in.
        casey = APIClient()
        answer = login(casey, "casey-secret-1", "198.51.100.30", altcha=solved(casey))
        assert answer.status_code == 200, answer.json()
        # And with the device cookie that sign-in set, no challenge at all.
        assert login(casey, "casey-secret-1", "198.51.100.31").status_code == 200

    def test_a_taken_password_counts_as_a_failed_sign_in(self, customer, other_client, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 3
        with time_machine.travel(a_minute(), tick=False):
            for n in range(3):
                answer = change_own(other_client, "casey-secret-1", f"10.9.2.{n}")
                assert answer.status_code == 409
                assert (
                    answer.json()["message"]
                    == "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
                )

            assert login(APIClient(), "casey-secret-1", "10.9.2.9").json() == CHALLENGED

    def test_counted_per_account_whatever_the_address(self, customer, other_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_account": "3/hour"}
        statuses = [change_own(other_client, "abc", f"10.9.3.{n}").status_code for n in range(3)]
        assert statuses == [400] * 3  # too short: refused, but asked

        refused = change_own(other_client, "casey-secret-1", "10.9.3.99")
        assert refused.status_code == 429
        assert refused.json() == THROTTLED

    def test_the_owners_browser_changes_its_password_while_the_ceiling_is_closed(
        self, settings, other_customer
    ):
        olive = APIClient()
        session = login(olive, "olive-secret-1", "198.51.100.40").json()
        olive.credentials(HTTP_AUTHORIZATION=f"Bearer {session['token']}")
        settings.FAILED_SIGN_INS_PER_MINUTE = 3
        with time_machine.travel(a_minute(), tick=False):
            for n in range(3):
                login(APIClient(), f"guess-{n}", f"10.9.4.{n}")

            answer = change_own(olive, "willow-bracken-tide-58", "198.51.100.40")

        assert answer.status_code == 200, answer.json()


class TestOtherPasswordAnswers:
    def test_an_admin_setting_a_password_meets_the_ceiling(
        self, ceiling_closed, admin_client_api, customer, other_customer
    ):
        url = f"/api/auth/users/{customer.pk}/password"
        answer = admin_client_api.put(
            url, {"newPassword": "olive-secret-1"}, format="json", REMOTE_ADDR="10.9.5.1"
        )

        assert answer.status_code == 429
        assert answer.json() == CHALLENGED

    def test_an_admin_setting_passwords_is_counted_per_admin(
        self, admin_client_api, customer, settings
    ):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_account": "2/hour"}
        url = f"/api/auth/users/{customer.pk}/password"
        for n in range(2):
            admin_client_api.put(
                url, {"newPassword": f"cand-{n}-q7x"}, format="json", REMOTE_ADDR=f"10.9.6.{n}"
            )

        refused = admin_client_api.put(
            url, {"newPassword": "olive-secret-1"}, format="json", REMOTE_ADDR="10.9.6.9"
        )
        assert refused.status_code == 429

    def test_a_reset_confirmation_meets_the_ceiling(self, customer, other_customer, settings):
        client = APIClient()
        token = reset_token_for(customer)  # the link in Casey's email, in a prober's hands
        settings.FAILED_SIGN_INS_PER_MINUTE = 3
        with time_machine.travel(a_minute(), tick=False):
            for n in range(3):
                login(APIClient(), f"guess-{n}", f"10.9.7.{n}")

            answer = client.post(
                "/api/auth/password-reset/confirm",
                {"token": token, "newPassword": "olive-secret-1"},
                format="json",
                REMOTE_ADDR="10.9.7.9",
            )

        assert answer.json() == CHALLENGED

    def test_registration_is_counted_per_code(self, customer, settings):
        RegistrationCode.objects.create(code="WELCOME")
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "registration_code": "2/hour"}

        def register(n, password):
            return APIClient().post(
                "/api/auth/register",
                {
                    "name": "Probe",
                    "email": f"probe{n}@example.com",
                    "password": password,
                    "registrationCode": "WELCOME",
                },
                format="json",
                REMOTE_ADDR=f"10.9.8.{n}",
            )

        assert [register(n, "casey-secret-1").status_code for n in range(2)] == [409, 409]
        refused = register(3, "casey-secret-1")
        assert refused.status_code == 429
        assert refused.json() == THROTTLED


class TestDjangoAdminPasswordForms:
    def _set_password(self, admin_browser, user, password, ip):
        return admin_browser.post(
            f"/admin/accounts/user/{user.pk}/password/",
            {"password1": password, "password2": password},
            REMOTE_ADDR=ip,
        )

    def test_the_change_password_form_meets_the_ceiling(
        self, admin_browser, customer, other_customer, settings
    ):
        settings.FAILED_SIGN_INS_PER_MINUTE = 3
        with time_machine.travel(a_minute(), tick=False):
            for n in range(3):
                login(APIClient(), f"guess-{n}", f"10.9.9.{n}")

            refused = self._set_password(admin_browser, customer, "olive-secret-1", "10.9.9.9")

        assert refused.status_code == 429
        assert customer.password == User.objects.get(pk=customer.pk).password

    def test_the_forms_are_counted_per_admin(self, admin_browser, customer, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_account": "2/hour"}
        for n in range(2):
            self._set_password(admin_browser, customer, "abc", f"10.9.10.{n}")

        assert self._set_password(admin_browser, customer, "abc", "10.9.10.9").status_code == 429
