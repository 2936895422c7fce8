"""Issue 43, item 6: a customer cannot flood the owner's history with profile edits: their
saves are throttled per user, and their own saves within minutes are one entry."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from activity.tests.helpers import changes_of, history

pytestmark = pytest.mark.django_db


def edits(client, user):
    """The entries about `user`'s row but its creation."""
    entries = history(client, entity="user", id=user.pk)
    return [entry for entry in entries if entry["action"] != "created"]


def test_a_flood_of_profile_edits_is_throttled_and_merged(
    customer_client, customer, admin_client_api, settings
):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "profile_edit": "30/hour"}

    answers = [
        customer_client.patch("/api/auth/me", {"name": f"Casey {n}"}, format="json").status_code
        for n in range(40)
    ]

    assert answers.count(200) == 30 and answers[30:] == [429] * 10
    entries = edits(admin_client_api, customer)
    assert len(entries) == 1
    assert changes_of(entries[0]) == {"name": ("Casey Customer", "Casey 29")}


def test_the_owner_s_first_page_is_not_one_customer(
    customer_client, other_client, customer, admin_client_api
):
    other_client.patch("/api/auth/me", {"name": "Olive O."}, format="json")
    for n in range(20):
        customer_client.patch("/api/auth/me", {"name": f"Casey {n}"}, format="json")

    people = [(entry["person"] or {}).get("name") for entry in history(admin_client_api)]
    assert people.count("Olive O.") == 1


def test_edits_minutes_apart_stay_separate_entries(customer_client, customer, admin_client_api):
    with time_machine.travel(timezone.now(), tick=False) as clock:
        customer_client.patch("/api/auth/me", {"name": "First"}, format="json")
        clock.shift(timedelta(minutes=2))
        customer_client.patch("/api/auth/me", {"phone": "714-555-0100"}, format="json")
        clock.shift(timedelta(minutes=10))
        customer_client.patch("/api/auth/me", {"name": "Second"}, format="json")

    entries = edits(admin_client_api, customer)
    assert [changes_of(entry) for entry in entries] == [
        {"name": ("First", "Second")},
        {"name": ("Casey Customer", "First"), "phone": ("", "(714) 555-0100")},
    ]


def test_an_admin_s_change_is_never_merged_into_the_customer_s(
    customer_client, customer, admin_client_api
):
    customer_client.patch("/api/auth/me", {"name": "Casey C."}, format="json")
    changed = admin_client_api.put(
        f"/api/auth/users/{customer.pk}/password",
        {"newPassword": "a-much-better-secret-77"},
        format="json",
    )
    assert changed.status_code == 200

    entries = edits(admin_client_api, customer)
    assert len(entries) == 2
