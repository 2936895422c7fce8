"""Listing rides, changing their status and deleting them."""

import logging

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rides.models import Ride, RideEvent, RideStatus
from rides.tests.factories import make_ride

pytestmark = pytest.mark.django_db

STATUSES = ["pending", "accepted", "in_progress", "completed", "cancelled"]


def set_status(client, ride_id, status):
    return client.put(f"/api/rides/{ride_id}/status", {"status": status}, format="json")


class TestList:
    def test_anonymous_is_401(self, api_client):
        response = api_client.get("/api/rides")

        assert response.status_code == 401
        assert "WWW-Authenticate" in response

    def test_bad_token_is_401_not_anonymous(self, api_client):
        api_client.credentials(HTTP_AUTHORIZATION="Bearer forged")

        response = api_client.get("/api/rides")

        assert response.status_code == 401
        # A forged token is refused as such, not treated as no token at all.
        assert response.json() == {
            "message": "Your session has expired. Please sign in again.",
            "code": "not_authenticated",
        }

    def test_customer_sees_only_their_own(self, customer_client, customer, other_customer):
        mine = make_ride(user=customer)
        make_ride(user=other_customer)
        make_ride(user=None)

        body = customer_client.get("/api/rides").json()

        assert [ride["id"] for ride in body["rides"]] == [mine.pk]
        assert body["pagination"]["totalItems"] == 1

    def test_admin_sees_all_newest_first(self, admin_client_api, customer):
        rides = [make_ride(user=customer), make_ride(), make_ride()]

        body = admin_client_api.get("/api/rides").json()

        assert [ride["id"] for ride in body["rides"]] == [ride.pk for ride in reversed(rides)]

    def test_pages_of_twelve_by_default(self, admin_client_api):
        for _ in range(13):
            make_ride()

        first = admin_client_api.get("/api/rides").json()
        second = admin_client_api.get("/api/rides?page=2").json()

        assert len(first["rides"]) == 12
        assert first["pagination"] == {
            "page": 1,
            "limit": 12,
            "totalItems": 13,
            "totalPages": 2,
            "hasNextPage": True,
        }
        assert len(second["rides"]) == 1 and second["pagination"]["hasNextPage"] is False
        assert not {r["id"] for r in first["rides"]} & {r["id"] for r in second["rides"]}

    def test_filter_by_status(self, admin_client_api, admin_user):
        make_ride()
        accepted = make_ride(status=RideStatus.ACCEPTED, actor=admin_user)

        body = admin_client_api.get("/api/rides?status=accepted").json()

        assert [ride["id"] for ride in body["rides"]] == [accepted.pk]

    def test_unknown_status_filter_is_400(self, admin_client_api):
        response = admin_client_api.get("/api/rides?status=lost")

        assert response.status_code == 400
        assert response.json()["message"].startswith("Unknown ride status")

    @pytest.mark.parametrize("page", ["0", str(2**64)])
    def test_a_page_that_cannot_exist_is_400(self, customer_client, page):
        response = customer_client.get(f"/api/rides?page={page}")

        assert response.status_code == 400
        assert response.json() == {
            "message": "page must be a whole number from 1.",
            "code": "invalid",
            "errors": {"page": ["Must be a whole number from 1."]},
        }

    def test_queries_do_not_grow_with_the_page(self, admin_client_api):
        make_ride()
        with CaptureQueriesContext(connection) as one:
            admin_client_api.get("/api/rides")
        for _ in range(11):
            make_ride()
        with CaptureQueriesContext(connection) as twelve:
            body = admin_client_api.get("/api/rides").json()

        assert len(body["rides"]) == 12
        # The signed-in user's row, the page, its count.
        assert len(twelve) == len(one) <= 3


class TestStatus:
    def test_anonymous_is_401(self, api_client):
        ride = make_ride()

        response = set_status(api_client, ride.pk, "accepted")

        assert response.status_code == 401
        assert response.json() == {
            "message": "Please sign in to continue.",
            "code": "not_authenticated",
        }
        ride.refresh_from_db()
        assert ride.status == "pending"

    def test_customer_is_403_even_for_their_own(self, customer_client, customer):
        ride = make_ride(user=customer)

        response = set_status(customer_client, ride.pk, "cancelled")

        assert response.status_code == 403
        ride.refresh_from_db()
        assert ride.status == "pending"

    @pytest.mark.parametrize("start", STATUSES)
    @pytest.mark.parametrize("target", STATUSES)
    def test_admin_may_set_any_other_status(self, admin_client_api, admin_user, start, target):
        ride = make_ride(status=start, actor=admin_user)

        response = set_status(admin_client_api, ride.pk, target)

        if start == target:
            assert response.status_code == 409
            assert (
                response.json()["message"]
                == f"This ride request is already {RideStatus(target).label.lower()}."
            )
        else:
            assert response.status_code == 200
            body = response.json()
            assert body["ride"]["status"] == target
            assert body["message"] == f"Ride status updated to {RideStatus(target).label.lower()}."
        ride.refresh_from_db()
        assert ride.status == target

    def test_each_change_is_an_event_with_who_and_what(self, admin_client_api, admin_user):
        ride = make_ride()

        set_status(admin_client_api, ride.pk, "accepted")
        set_status(admin_client_api, ride.pk, "in_progress")

        events = list(
            RideEvent.objects.filter(ride=ride).values_list("actor", "from_status", "to_status")
        )
        assert events == [
            (None, "", "pending"),
            (admin_user.pk, "pending", "accepted"),
            (admin_user.pk, "accepted", "in_progress"),
        ]

    def test_same_status_changes_nothing(self, admin_client_api):
        ride = make_ride()

        assert set_status(admin_client_api, ride.pk, "pending").status_code == 409
        assert RideEvent.objects.filter(ride=ride).count() == 1

    @pytest.mark.parametrize("status", ["lost", "PENDING", "", None])
    def test_unknown_status_is_400(self, admin_client_api, status):
        ride = make_ride()

        response = set_status(admin_client_api, ride.pk, status)

        assert response.status_code == 400
        ride.refresh_from_db()
        assert ride.status == "pending"

    def test_unknown_ride_is_404(self, admin_client_api):
        response = set_status(admin_client_api, 999, "accepted")

        assert response.status_code == 404
        assert response.json() == {"message": "Ride request not found", "code": "not_found"}

    def test_log_line_has_ids_and_statuses_but_no_personal_data(
        self, admin_client_api, admin_user, caplog
    ):
        ride = make_ride(name="Secret Name", phone="714 555 0000", address="9 Hidden Rd")

        with caplog.at_level(logging.INFO, logger="shop.rides"):
            set_status(admin_client_api, ride.pk, "accepted")

        record = next(r for r in caplog.records if r.getMessage() == "ride status changed")
        assert (record.ride_id, record.from_status, record.to_status, record.actor_id) == (
            ride.pk,
            "pending",
            "accepted",
            admin_user.pk,
        )
        logged = " ".join(str(vars(r)) for r in caplog.records)
        assert (
            "Secret Name" not in logged
            and "714 555 0000" not in logged
            and "9 Hidden Rd" not in logged
        )


class TestDelete:
    def test_anonymous_is_401(self, api_client):
        ride = make_ride()

        assert api_client.delete(f"/api/rides/{ride.pk}").status_code == 401
        assert Ride.objects.filter(pk=ride.pk).exists()

    def test_customer_is_403(self, customer_client, customer):
        ride = make_ride(user=customer)

        assert customer_client.delete(f"/api/rides/{ride.pk}").status_code == 403
        assert Ride.objects.filter(pk=ride.pk).exists()

    def test_admin_deletes(self, admin_client_api):
        ride = make_ride()

        response = admin_client_api.delete(f"/api/rides/{ride.pk}")

        assert response.status_code == 204
        assert response.content == b""
        assert not Ride.objects.filter(pk=ride.pk).exists()
        assert admin_client_api.get("/api/rides").json()["rides"] == []

    def test_unknown_ride_is_404(self, admin_client_api):
        response = admin_client_api.delete("/api/rides/999")

        assert response.status_code == 404
        assert response.json() == {"message": "Ride request not found", "code": "not_found"}

    def test_get_on_a_ride_is_405(self, admin_client_api):
        ride = make_ride()

        response = admin_client_api.get(f"/api/rides/{ride.pk}")

        assert response.status_code == 405
        assert response.json()["message"] == 'Method "GET" not allowed.'
