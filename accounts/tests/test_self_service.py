"""Forgotten passwords and the customer's own account (docs/api.md, "Accounts")."""

import json
import re
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User
from accounts.services import DELETED_EMAIL, RESET_LINK_REFUSED, WRONG_CURRENT_PASSWORD
from orders.models import Order
from rides.models import Ride
from rides.tests.factories import make_ride
from tests.factories import checkout_body, line, make_product

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

    def test_requests_are_throttled_per_email_whether_it_exists_or_not(
        self, api_client, customer, settings
    ):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_reset_email": "2/hour"}
        answers = {}
        for email in ("casey@example.com", "nobody@example.com"):
            answers[email] = [ask_reset(api_client, email).status_code for _ in range(3)]

        assert answers["casey@example.com"] == answers["nobody@example.com"] == [202, 202, 429]

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


PROFILE = {
    "name": "Casey C.",
    "phone": "714 555 0142",
    "deliveryAddress": "12 Main St, Garden Grove, CA",
    "deliveryZip": "92840",
}


class TestProfile:
    def test_me_keeps_its_fields_and_adds_the_details(self, customer_client, customer):
        body = customer_client.get("/api/auth/me").json()

        assert body == {
            "id": customer.pk,
            "name": "Casey Customer",
            "email": "casey@example.com",
            "role": "customer",
            "phone": "",
            "deliveryAddress": "",
            "deliveryZip": "",
        }

    def test_patch_saves_the_details_in_checkouts_form(self, customer_client, customer):
        response = customer_client.patch("/api/auth/me", PROFILE, format="json")

        assert response.status_code == 200
        assert response.json()["phone"] == "(714) 555-0142"
        customer.refresh_from_db()
        assert (
            customer.name,
            customer.phone,
            customer.delivery_address,
            customer.delivery_zip,
        ) == (
            "Casey C.",
            "(714) 555-0142",
            "12 Main St, Garden Grove, CA",
            "92840",
        )
        # Only the fields named change.
        customer_client.patch("/api/auth/me", {"deliveryZip": ""}, format="json")
        customer.refresh_from_db()
        assert (customer.name, customer.delivery_zip) == ("Casey C.", "")

    @pytest.mark.parametrize(
        "field,value,message",
        [
            ("phone", "12", "Please enter a valid phone number"),
            ("deliveryZip", "9284", "Please enter a valid 5-digit ZIP code"),
            ("deliveryZip", "ABCDE", "Please enter a valid 5-digit ZIP code"),
            ("deliveryZip", "928401", "Please enter a valid 5-digit ZIP code"),
            ("name", "", "Name is required"),
        ],
    )
    def test_bad_details_are_refused(self, customer_client, customer, field, value, message):
        response = customer_client.patch("/api/auth/me", {field: value}, format="json")

        assert response.status_code == 400
        assert response.json()["errors"][field] == [message]

    def test_the_saved_details_pass_checkout(self, customer_client, customer):
        customer_client.patch("/api/auth/me", PROFILE, format="json")
        me = customer_client.get("/api/auth/me").json()
        product = make_product()
        body = checkout_body(
            line(product),
            option="delivery",
            customerName=me["name"],
            phoneNumber=me["phone"],
            deliveryAddress=me["deliveryAddress"],
            deliveryZip=me["deliveryZip"],
        )

        response = customer_client.post("/api/orders/checkout", body, format="json")

        assert response.status_code == 201, response.json()


class TestOwnPassword:
    def url(self):
        return "/api/auth/me/password"

    def test_change_keeps_this_session_and_signs_out_the_others(
        self, client_for, customer, api_client
    ):
        this, other = client_for(customer), client_for(customer)

        response = this.put(
            self.url(),
            {"currentPassword": "casey-secret-1", "newPassword": NEW_PASSWORD},
            format="json",
        )

        assert response.status_code == 200, response.json()
        assert response.json()["message"] == "Password updated successfully"
        assert signed_in(api_client, response.json()["token"])
        assert other.get("/api/auth/me").status_code == 401
        customer.refresh_from_db()
        assert customer.check_password(NEW_PASSWORD)

    def test_a_wrong_current_password_is_refused_and_counted(
        self, customer_client, customer, monkeypatch
    ):
        from accounts import limits

        failures = []
        monkeypatch.setattr(limits, "note_failed_sign_in", failures.append)
        response = customer_client.put(
            self.url(), {"currentPassword": "nope", "newPassword": NEW_PASSWORD}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["errors"]["currentPassword"] == [WRONG_CURRENT_PASSWORD]
        customer.refresh_from_db()
        assert customer.check_password("casey-secret-1")
        assert len(failures) == 1

    def test_the_rules_apply(self, customer_client):
        response = customer_client.put(
            self.url(),
            {"currentPassword": "casey-secret-1", "newPassword": "123456"},
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["errors"]["newPassword"]


@pytest.fixture
def history(customer, admin_client_api, customer_client):
    """Casey has a completed delivery order and a ride request."""
    customer_client.patch("/api/auth/me", PROFILE, format="json")
    product = make_product(name="Lamp", price="20.00")
    body = checkout_body(
        line(product, 2),
        option="delivery",
        phoneNumber="714-555-0142",
        deliveryAddress="12 Main St, Garden Grove, CA",
        deliveryZip="92840",
        specialInstructions="Ring twice, ask for Casey",
    )
    order_id = customer_client.post("/api/orders/checkout", body, format="json").json()["order"][
        "id"
    ]
    assert admin_client_api.put(f"/api/orders/{order_id}/complete").status_code == 200
    ride = make_ride(user=customer, name="Casey Customer")
    return {"order": order_id, "ride": ride.pk}


class TestExport:
    def test_export_downloads_the_profile_orders_and_rides(self, customer_client, history):
        response = customer_client.get("/api/auth/me/export")

        assert response.status_code == 200
        assert response["Content-Disposition"] == 'attachment; filename="my-shop-data.json"'
        data = json.loads(response.content)
        assert data["profile"]["email"] == "casey@example.com"
        assert data["profile"]["phone"] == "(714) 555-0142"
        [order] = data["orders"]
        assert order["id"] == history["order"]
        assert order["specialInstructions"] == "Ring twice, ask for Casey"
        assert order["lines"] == [
            {"product": "Lamp", "type": "", "unitPrice": "20.00", "quantity": 2}
        ]
        [ride] = data["rideRequests"]
        assert ride["id"] == history["ride"]

    def test_nobody_else_s_data_is_in_it(self, other_client, history):
        data = other_client.get("/api/auth/me/export").json()

        assert data["orders"] == [] and data["rideRequests"] == []


def assert_erased(user_id, order_id):
    user = User.objects.get(pk=user_id)
    assert user.email == DELETED_EMAIL.format(pk=user_id)
    assert (user.name, user.phone, user.delivery_address, user.delivery_zip) == ("", "", "", "")
    assert not user.is_active and not user.has_usable_password()
    assert user.password_digest is None
    order = Order.objects.get(pk=order_id)
    assert order.customer_name == "Deleted customer"
    assert (order.phone_number, order.delivery_address, order.delivery_zip) == ("", "", "")
    assert order.special_instructions == ""
    assert order.user_id == user_id
    assert not Ride.objects.filter(user_id=user_id).exists()


class TestCloseAccount:
    def test_closing_erases_the_person_and_keeps_the_books(
        self, customer_client, customer, admin_client_api, history
    ):
        sales = admin_client_api.get("/api/reports/sales").json()

        response = customer_client.delete(
            "/api/auth/me", {"password": "casey-secret-1"}, format="json"
        )

        assert response.status_code == 204
        assert_erased(customer.pk, history["order"])
        assert admin_client_api.get("/api/reports/sales").json() == sales
        listed = admin_client_api.get("/api/orders").json()
        assert "casey" not in json.dumps(listed).lower()
        assert customer_client.get("/api/auth/me").status_code == 401
        login = customer_client.post(
            "/api/auth/login", {"password": "casey-secret-1"}, format="json"
        )
        assert login.status_code == 401

    def test_a_wrong_password_is_refused(self, customer_client, customer):
        response = customer_client.delete("/api/auth/me", {"password": "nope"}, format="json")

        assert response.status_code == 400
        assert response.json()["message"] == WRONG_CURRENT_PASSWORD
        customer.refresh_from_db()
        assert customer.is_active and customer.email == "casey@example.com"


class TestAdminDeletesUser:
    def test_api_delete_erases_like_closing(self, admin_client_api, customer, history):
        response = admin_client_api.delete(f"/api/auth/users/{customer.pk}")

        assert response.status_code == 204
        assert_erased(customer.pk, history["order"])

    def test_api_delete_of_yourself_or_nobody(self, admin_client_api, admin_user):
        assert admin_client_api.delete(f"/api/auth/users/{admin_user.pk}").status_code == 400
        assert admin_client_api.delete("/api/auth/users/999999").status_code == 404

    def test_django_admin_delete_page(self, admin_browser, customer, history):
        url = f"/admin/accounts/user/{customer.pk}/delete/"
        page = admin_browser.get(url)
        assert page.status_code == 200
        assert b"protected" not in page.content.lower()

        response = admin_browser.post(url, {"post": "yes"})

        assert response.status_code == 302
        assert_erased(customer.pk, history["order"])

    def test_django_admin_delete_action(self, admin_browser, customer, history):
        response = admin_browser.post(
            "/admin/accounts/user/",
            {"action": "delete_selected", "_selected_action": [customer.pk], "post": "yes"},
        )

        assert response.status_code == 302
        assert_erased(customer.pk, history["order"])
