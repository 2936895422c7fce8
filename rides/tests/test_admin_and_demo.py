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

    response = admin_browser.get(reverse("admin:rides_ride_changelist") + "?q=Findable&status__exact=pending")

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


def test_pricing_setting_is_editable_in_the_admin(admin_browser, api_client, admin_user):
    response = admin_browser.post(
        reverse("admin:rides_setting_add"), {"key": "ride_pricing_description", "value": "Admin text"}
    )

    assert response.status_code == 302
    assert Setting.objects.get().updated_by == admin_user
    assert api_client.get("/api/rides/settings/pricing").json()["ride_pricing_description"] == "Admin text"


def test_demo_seed_is_idempotent(admin_user):
    demo.seed(io.StringIO())
    count = Ride.objects.count()
    demo.seed(io.StringIO())

    assert count == len(demo.DEMO_RIDES)
    assert Ride.objects.count() == count
    assert Ride.objects.filter(status="completed").exists()
