"""POST /api/rides: who may submit, what is checked, what the shop is told."""

import logging
from datetime import timedelta

import pytest
from django.core import mail

from common.shoptime import shop_today
from rides.models import Ride, RideEvent
from rides.tests.factories import ride_body

pytestmark = pytest.mark.django_db

RIDE_KEYS = {
    "id",
    "name",
    "phone",
    "address",
    "dropoff_address",
    "pickup_date",
    "pickup_time",
    "item_description",
    "status",
    "created_at",
    "updated_at",
}


def submit(client, **overrides):
    return client.post("/api/rides", ride_body(**overrides), format="json")


class TestWhoMaySubmit:
    def test_anonymous_request_is_accepted_unlinked(self, api_client):
        response = submit(api_client)

        assert response.status_code == 201
        body = response.json()
        assert body["message"].startswith("Your ride request has been submitted successfully.")
        assert set(body["ride"]) == RIDE_KEYS
        assert body["ride"]["status"] == "pending"
        assert body["ride"]["dropoff_address"] == "2 Dropoff Ave, Santa Ana, CA"
        assert body["ride"]["created_at"].endswith("Z")
        assert Ride.objects.get().user is None

    def test_customer_request_is_linked_and_listed_as_theirs(self, customer_client, customer):
        response = submit(customer_client)

        assert response.status_code == 201
        assert Ride.objects.get().user == customer
        listed = customer_client.get("/api/rides").json()["rides"]
        assert [ride["id"] for ride in listed] == [response.json()["ride"]["id"]]

    def test_admin_may_submit_too(self, admin_client_api, admin_user):
        assert submit(admin_client_api).status_code == 201
        assert Ride.objects.get().user == admin_user

    def test_bad_token_is_accepted_as_anonymous(self, api_client):
        api_client.credentials(HTTP_AUTHORIZATION="Bearer not-a-real-token")

        response = submit(api_client)

        assert response.status_code == 201
        assert Ride.objects.get().user is None

    def test_token_from_before_a_password_change_counts_as_anonymous(self, client_for, customer):
        client = client_for(customer)
        customer.set_password("a-brand-new-secret")
        customer.save()

        assert submit(client).status_code == 201
        assert Ride.objects.get().user is None

    def test_trailing_slash_works_without_redirect(self, api_client):
        assert api_client.post("/api/rides/", ride_body(), format="json").status_code == 201


class TestValidation:
    @pytest.mark.parametrize(
        "field",
        [
            "name",
            "phone",
            "address",
            "dropoffAddress",
            "pickupDate",
            "pickupTime",
            "itemDescription",
        ],
    )
    def test_each_missing_field_is_a_400_with_its_message(self, api_client, field):
        body = ride_body()
        del body[field]

        response = api_client.post("/api/rides", body, format="json")

        assert response.status_code == 400
        assert (
            response.json()["message"]
            == "Please fill in all fields before submitting your ride request."
        )
        assert list(response.json()["errors"]) == [field]
        assert not Ride.objects.exists()

    def test_all_missing_fields_are_listed_at_once(self, api_client):
        response = api_client.post(
            "/api/rides", {"name": "Pat", "phone": "   ", "pickupDate": ""}, format="json"
        )

        assert response.status_code == 400
        assert set(response.json()["errors"]) == {
            "phone",
            "address",
            "dropoffAddress",
            "pickupDate",
            "pickupTime",
            "itemDescription",
        }

    def test_a_body_that_is_not_an_object_is_a_400(self, api_client):
        response = api_client.post("/api/rides", ["name"], format="json")

        assert response.status_code == 400
        assert (
            response.json()["message"]
            == "Please fill in all fields before submitting your ride request."
        )

    def test_missing_fields_are_reported_before_a_bad_phone(self, api_client):
        response = submit(api_client, phone="12", address="")

        assert (
            response.json()["message"]
            == "Please fill in all fields before submitting your ride request."
        )

    @pytest.mark.parametrize(
        "phone", ["(714) 555-0199", "+1 714.555.0199", "5550199", "+44 20 7946 0958"]
    )
    def test_plausible_phone_numbers_are_accepted_as_typed(self, api_client, phone):
        response = submit(api_client, phone=phone)

        assert response.status_code == 201
        assert response.json()["ride"]["phone"] == phone

    @pytest.mark.parametrize(
        "phone", ["555-01", "call me", "1234567890123456", "714-555-0199 ext 4", "++17145550199"]
    )
    def test_implausible_phone_numbers_are_refused(self, api_client, phone):
        response = submit(api_client, phone=phone)

        assert response.status_code == 400
        assert response.json()["message"] == "Please enter a valid phone number."
        assert "phone" in response.json()["errors"]

    def test_pickup_today_in_los_angeles_is_accepted(self, api_client):
        response = submit(api_client, pickupDate=shop_today().isoformat())

        assert response.status_code == 201

    def test_pickup_before_today_is_refused(self, api_client):
        yesterday = shop_today() - timedelta(days=1)

        response = submit(api_client, pickupDate=yesterday.isoformat())

        assert response.status_code == 400
        assert response.json() == {
            "message": "Pickup date cannot be earlier than today.",
            "code": "invalid",
            "errors": {"pickupDate": ["Pickup date cannot be earlier than today."]},
        }

    @pytest.mark.parametrize("value", ["tomorrow", "2030-02-30", "12/01/2030"])
    def test_unreadable_pickup_date_is_refused(self, api_client, value):
        response = submit(api_client, pickupDate=value)

        assert response.status_code == 400
        assert response.json()["message"] == "Please enter a valid pickup date (YYYY-MM-DD)."

    def test_overlong_text_is_a_400_not_a_500(self, api_client):
        response = submit(api_client, itemDescription="x" * 2001)

        assert response.status_code == 400
        assert response.json()["message"] == "Item description must be at most 2000 characters."


class TestThrottle:
    def test_anonymous_requests_are_throttled_per_address(self, api_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "ride": "2/hour"}

        assert submit(api_client).status_code == 201
        assert submit(api_client).status_code == 201
        response = submit(api_client)

        assert response.status_code == 429
        assert response.json() == {
            "message": "Too many attempts. Please try again later.",
            "code": "throttled",
        }
        assert Ride.objects.count() == 2

    def test_another_address_has_its_own_allowance(self, api_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "ride": "1/hour"}
        assert submit(api_client).status_code == 201

        response = api_client.post("/api/rides", ride_body(), format="json", REMOTE_ADDR="10.9.9.9")

        assert response.status_code == 201

    def test_signed_in_customers_are_not_counted_nor_stopped(
        self, api_client, customer_client, settings
    ):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "ride": "1/hour"}
        for _ in range(3):
            assert submit(customer_client).status_code == 201

        assert submit(api_client).status_code == 201
        assert submit(api_client).status_code == 429
        assert submit(customer_client).status_code == 201

    def test_a_bad_token_does_not_escape_the_throttle(self, api_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "ride": "1/hour"}
        api_client.credentials(HTTP_AUTHORIZATION="Bearer forged")

        assert submit(api_client).status_code == 201
        assert submit(api_client).status_code == 429


class TestEffects:
    def test_the_request_is_recorded_as_its_first_event(self, customer_client, customer):
        submit(customer_client)

        event = RideEvent.objects.get()
        assert (event.actor, event.from_status, event.to_status) == (customer, "", "pending")

    def test_the_shop_is_emailed(self, api_client, settings, django_capture_on_commit_callbacks):
        settings.SHOP_EMAIL = "rides@shop.example"

        with django_capture_on_commit_callbacks(execute=True):
            ride_id = submit(api_client).json()["ride"]["id"]

        assert len(mail.outbox) == 1
        message = mail.outbox[0]
        assert message.to == ["rides@shop.example"]
        assert f"#{ride_id}" in message.subject
        assert "A mid-size bookshelf" in message.body and "(714) 555-0199" in message.body

    def test_a_failing_mail_server_does_not_lose_the_request(
        self, api_client, settings, caplog, django_capture_on_commit_callbacks
    ):
        settings.EMAIL_BACKEND = "orders.tests.test_checkout.BrokenMailServer"

        with (
            caplog.at_level(logging.ERROR, logger="shop.mail"),
            django_capture_on_commit_callbacks(execute=True),
        ):
            response = submit(api_client)

        assert response.status_code == 201
        assert Ride.objects.count() == 1
        failure = next(r for r in caplog.records if r.getMessage() == "email failed")
        assert failure.email == "ride_request_email"
        assert failure.ids == [response.json()["ride"]["id"]]

    def test_no_email_when_the_request_is_refused(
        self, api_client, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks(execute=True):
            submit(api_client, phone="nope")

        assert mail.outbox == []
