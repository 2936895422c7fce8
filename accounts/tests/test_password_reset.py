"""Forgotten passwords: the emailed one-time link (docs/api.md, "Accounts"; docs/security.md)."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.services import RESET_LINK_REFUSED

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "larch-velvet-harbor-92"


_capture = {}


@pytest.fixture(autouse=True)
def _tasks_run(django_capture_on_commit_callbacks):
    # The reset email is queued when the request's transaction commits.
    _capture["it"] = django_capture_on_commit_callbacks


def ask_reset(client, email):
    with _capture["it"](execute=True):
        return client.post("/api/auth/password-reset", {"email": email}, format="json")


def confirm(client, token, password=NEW_PASSWORD):
    return client.post(
        "/api/auth/password-reset/confirm",
        {"token": token, "newPassword": password},
        format="json",
    )


def token_from_outbox():
    assert len(mail.outbox) == 1
    match = re.search(r"/reset-password\?token=(\S+)", mail.outbox[0].body)
    assert match, mail.outbox[0].body
    from urllib.parse import unquote

    return unquote(match.group(1))


def signed_in(client, token):
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.get("/api/auth/me").status_code == 200


class TestPasswordReset:
    def test_the_emailed_link_sets_a_new_password_and_signs_out_other_sessions(
        self, api_client, client_for, customer
    ):
        old_session = client_for(customer)
        assert old_session.get("/api/auth/me").status_code == 200

        response = ask_reset(api_client, "Casey@Example.com ")

        assert response.status_code == 202
        assert mail.outbox[0].to == ["casey@example.com"]
        assert "http://testserver/reset-password?token=" in mail.outbox[0].body
        answer = confirm(api_client, token_from_outbox())
        assert answer.status_code == 200, answer.json()
        assert answer.json()["message"] == "Your password has been reset"
        assert answer.json()["user"]["email"] == "casey@example.com"
        assert signed_in(api_client, answer.json()["token"])
        # The old password and the old sessions are gone; the new password signs in.
        assert old_session.get("/api/auth/me").status_code == 401
        fresh = client_for(None)
        assert fresh.post("/api/auth/login", {"password": "casey-secret-1"}).status_code == 401
        login = fresh.post("/api/auth/login", {"password": NEW_PASSWORD}, format="json")
        assert login.json()["user"]["id"] == customer.pk

    def test_an_unknown_email_gets_the_same_answer_and_work(self, api_client, customer):
        from django_tasks.backends.immediate import ImmediateBackend

        def attempt(email):
            queued = []
            real = ImmediateBackend.enqueue

            def counting(backend, task, args, kwargs):
                queued.append(task.name)
                return real(backend, task, args, kwargs)

            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(ImmediateBackend, "enqueue", counting)
                response = ask_reset(api_client, email)
            return response, queued

        known, known_tasks = attempt("casey@example.com")
        unknown, unknown_tasks = attempt("nobody@example.com")

        assert known.status_code == unknown.status_code == 202
        assert known.content == unknown.content
        assert known_tasks == unknown_tasks == ["send_email"]
        assert len(mail.outbox) == 1  # the unknown email's task sent nothing

    def test_both_paths_run_the_same_queries_before_the_task(self, customer):
        from accounts import services

        counts = []
        for email in ("casey@example.com", "nobody@example.com"):
            with (
                CaptureQueriesContext(connection) as queries,
                pytest.MonkeyPatch.context() as patch,
            ):
                patch.setattr(services, "send_email_later", lambda *args: None)
                services.password_reset_request(email=email, origin="http://testserver/")
            counts.append(len(queries))
        assert counts[0] == counts[1]

    def test_the_token_is_in_no_log_line(self, api_client, customer, caplog):
        caplog.set_level("DEBUG")
        ask_reset(api_client, "casey@example.com")
        token = token_from_outbox()
        assert confirm(api_client, token).status_code == 200
        assert confirm(api_client, token).status_code == 400

        assert caplog.records
        for record in caplog.records:
            assert token not in record.getMessage()
            assert token not in str(record.__dict__)

    def test_a_link_works_once(self, api_client, customer):
        ask_reset(api_client, "casey@example.com")
        token = token_from_outbox()
        assert confirm(api_client, token).status_code == 200

        again = confirm(api_client, token, "quartz-meadow-lantern-17")

        assert again.status_code == 400
        assert again.json()["message"] == RESET_LINK_REFUSED

    def test_a_link_expires_after_an_hour(self, api_client, customer):
        with time_machine.travel(timezone.now(), tick=False) as clock:
            ask_reset(api_client, "casey@example.com")
            token = token_from_outbox()
            clock.shift(timedelta(minutes=61))

            late = confirm(api_client, token)

        assert late.status_code == 400
        assert late.json()["message"] == RESET_LINK_REFUSED
        customer.refresh_from_db()
        assert customer.check_password("casey-secret-1")

    def test_a_link_within_the_hour_works(self, api_client, customer):
        with time_machine.travel(timezone.now(), tick=False) as clock:
            ask_reset(api_client, "casey@example.com")
            clock.shift(timedelta(minutes=59))
            assert confirm(api_client, token_from_outbox()).status_code == 200

    @pytest.mark.parametrize("token", ["forged", "W1swLDBdXQ:1abc:def"])
    def test_a_forged_link_is_refused(self, api_client, customer, token):
        response = confirm(api_client, token)

        assert response.status_code == 400
        assert response.json()["message"] == RESET_LINK_REFUSED

    def test_a_link_for_another_password_version_is_refused(self, api_client, customer):
        ask_reset(api_client, "casey@example.com")
        token = token_from_outbox()
        # The password changed some other way since the link was sent.
        customer.set_password("pine-otter-cascade-41")
        customer.save()

        assert confirm(api_client, token).status_code == 400

    def test_the_new_password_follows_the_rules(self, api_client, customer):
        ask_reset(api_client, "casey@example.com")
        token = token_from_outbox()

        short = confirm(api_client, token, "abc")

        assert short.status_code == 400
        assert short.json()["message"] == "Password must be at least 6 characters long"
        assert short.json()["errors"]["newPassword"]
        # A refused password does not use the link up.
        assert confirm(api_client, token).status_code == 200

    def test_an_invalid_email_is_refused(self, api_client):
        response = ask_reset(api_client, "not-an-email")

        assert response.status_code == 400
        assert response.json()["message"] == "Please enter a valid email address"

    def test_requests_are_throttled_per_email_and_address_whether_it_exists_or_not(
        self, api_client, customer, settings
    ):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_reset_email": "2/hour"}
        answers = {}
        for email in ("casey@example.com", "nobody@example.com"):
            answers[email] = [ask_reset(api_client, email).status_code for _ in range(3)]

        assert answers["casey@example.com"] == answers["nobody@example.com"] == [202, 202, 429]

    def test_strangers_cannot_spend_a_customers_resets(self, customer, settings):
        from rest_framework.test import APIClient

        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_reset_email": "5/hour"}
        strangers = APIClient(REMOTE_ADDR="203.0.113.7")
        assert [ask_reset(strangers, "casey@example.com").status_code for _ in range(6)] == [
            202
        ] * 5 + [429]
        mail.outbox.clear()

        # Casey, at home, asks for a link: it comes.
        casey = APIClient(REMOTE_ADDR="198.51.100.20")
        assert ask_reset(casey, "casey@example.com").status_code == 202
        assert confirm(casey, token_from_outbox()).status_code == 200

    def test_requests_are_throttled_per_address(self, api_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}
        codes = [ask_reset(api_client, f"n{n}@example.com").status_code for n in range(3)]
        assert codes == [202, 202, 429]
        assert confirm(api_client, "forged").status_code == 429

    def test_confirmations_are_throttled_per_account(self, api_client, customer, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_reset_account": "2/hour"}
        ask_reset(api_client, "casey@example.com")
        token = token_from_outbox()

        codes = [confirm(api_client, token, "abc").status_code for _ in range(3)]

        assert codes == [400, 400, 429]


def check(client, token):
    answer = client.post("/api/auth/password-reset/check", {"token": token}, format="json")
    assert answer.status_code == 200, answer.json()
    return answer.json()


class TestResetLinkCheckedOnOpening:
    """The reset page asks whether its link still works when it opens (issue 42, item 11), so
    a used link is reported before a new password is typed."""

    def test_a_fresh_link_is_good_and_a_used_one_is_reported(self, api_client, customer):
        ask_reset(api_client, customer.email)
        token = token_from_outbox()
        assert check(api_client, token) == {"valid": True, "message": ""}

        assert confirm(api_client, token).status_code == 200

        assert check(api_client, token) == {"valid": False, "message": RESET_LINK_REFUSED}

    def test_an_expired_or_forged_link_is_reported_and_nothing_changes(self, api_client, customer):
        ask_reset(api_client, customer.email)
        token = token_from_outbox()
        before = customer.password

        with time_machine.travel(timezone.now() + timedelta(hours=2)):
            assert check(api_client, token)["valid"] is False
        assert check(api_client, "forged")["message"] == RESET_LINK_REFUSED
        customer.refresh_from_db()
        assert customer.password == before

    def test_no_token_is_a_400(self, api_client):
        answer = api_client.post("/api/auth/password-reset/check", {}, format="json")

        assert answer.status_code == 400
        assert answer.json()["errors"] == {"token": ["Reset link token is required"]}
