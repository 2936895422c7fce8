"""The Django admin pages for rides and settings, and the demo data."""

import io

import pytest
from django.urls import reverse

from rides import demo
from rides.models import Ride, RideEvent, Setting
from rides.tests.factories import make_ride

pytestmark = pytest.mark.django_db


def test_ride_list_filters_and_search_render(admin_browser):
    make_ride(name="Findable Person")

    response = admin_browser.get(
        reverse("admin:rides_ride_changelist") + "?q=Findable&status__exact=pending"
    )

    assert response.status_code == 200
    assert b"Findable Person" in response.content


def test_ride_page_shows_its_events(admin_browser, admin_user):
    ride = make_ride(status="accepted", actor=admin_user)

    response = admin_browser.get(reverse("admin:rides_ride_change", args=[ride.pk]))

    assert response.status_code == 200
    assert b"Accepted" in response.content and b"ada@example.com" in response.content


def test_admin_action_changes_status_through_the_service(admin_browser, admin_user):
    rides = [make_ride(), make_ride(status="completed", actor=admin_user)]

    admin_browser.post(
        reverse("admin:rides_ride_changelist"),
        {"action": "mark_completed", "_selected_action": [r.pk for r in rides]},
    )

    assert set(Ride.objects.values_list("status", flat=True)) == {"completed"}
    assert RideEvent.objects.filter(to_status="completed", actor=admin_user).count() == 2


def test_an_action_reports_rides_it_left_alone(admin_browser, admin_user):
    rides = [make_ride(), make_ride(status="completed", actor=admin_user)]

    response = admin_browser.post(
        reverse("admin:rides_ride_changelist"),
        {"action": "mark_completed", "_selected_action": [r.pk for r in rides]},
        follow=True,
    )

    content = response.content.decode()
    assert "1 ride request(s) marked as completed." in content
    assert "1 ride request(s) were already completed and were left as they were." in content
    assert RideEvent.objects.filter(ride=rides[1]).count() == 2  # its making, its completion


def test_an_admin_corrects_a_rides_details_but_not_its_status(admin_browser, caplog):
    ride = make_ride(name="Sam")
    url = reverse("admin:rides_ride_change", args=[ride.pk])

    response = admin_browser.post(
        url,
        {
            "name": "Sam Lee",
            "phone": ride.phone,
            "address": ride.address,
            "dropoff_address": ride.dropoff_address,
            "pickup_date": ride.pickup_date.isoformat(),
            "pickup_time": ride.pickup_time,
            "item_description": ride.item_description,
            "status": "completed",  # read-only on the page: ignored
            "events-TOTAL_FORMS": "0",
            "events-INITIAL_FORMS": "0",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    ride.refresh_from_db()
    assert (ride.name, ride.status) == ("Sam Lee", "pending")
    assert RideEvent.objects.filter(ride=ride).count() == 1  # only its making
    # Through rides.services, which logs each write (ids and field names only).
    logged = [r for r in caplog.records if r.getMessage() == "ride updated"]
    assert [(r.ride_id, r.fields) for r in logged] == [(ride.pk, ["name"])]


def test_pricing_setting_is_editable_in_the_admin(admin_browser, api_client, admin_user):
    response = admin_browser.post(
        reverse("admin:rides_setting_add"),
        {"key": "ride_pricing_description", "value": "Admin text"},
    )

    assert response.status_code == 302
    assert Setting.objects.get().updated_by == admin_user
    assert (
        api_client.get("/api/rides/settings/pricing").json()["ride_pricing_description"]
        == "Admin text"
    )


def test_demo_seed_is_idempotent(admin_user):
    demo.seed(io.StringIO())
    count = Ride.objects.count()
    demo.seed(io.StringIO())

    assert count == len(demo.DEMO_RIDES)
    assert Ride.objects.count() == count
    assert Ride.objects.filter(status="completed").exists()
