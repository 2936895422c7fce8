"""The date of birth (docs/api.md, "Profile"): the customer sets it once on their profile;
afterwards only an admin changes it (PATCH /api/auth/users/{id}, the Django admin). A real
date, not in the future, not before 1900. It is in the personal-data export and erased with
the account. The clock is pinned to 10 June 2026 in the shop's zone."""

from datetime import date, datetime

import pytest
import time_machine

from accounts.models import User
from common.shoptime import SHOP_TIME_ZONE

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def pinned_clock():
    with time_machine.travel(datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE), tick=False):
        yield


@pytest.fixture
def unknown_age(customer):
    User.objects.filter(pk=customer.pk).update(date_of_birth=None)
    return customer


def stored(user):
    return User.objects.get(pk=user.pk).date_of_birth


def set_own(client, value):
    return client.patch("/api/auth/me", {"dateOfBirth": value}, format="json")


def test_the_customer_sets_it_once(customer_client, unknown_age):
    assert customer_client.get("/api/auth/me").json()["dateOfBirth"] is None

    first = set_own(customer_client, "1995-03-04")
    again = set_own(customer_client, "1995-03-04")
    changed = set_own(customer_client, "1994-03-04")

    assert first.status_code == 200 and first.json()["dateOfBirth"] == "1995-03-04"
    assert again.status_code == 200
    assert changed.status_code == 400
    assert "ask the shop" in changed.json()["errors"]["dateOfBirth"][0]
    assert stored(unknown_age) == date(1995, 3, 4)


def test_other_profile_fields_still_change_once_it_is_set(customer_client, customer):
    response = customer_client.patch("/api/auth/me", {"phone": "714-555-0199"}, format="json")

    assert response.status_code == 200
    assert response.json()["dateOfBirth"] == "1990-05-17"


@pytest.mark.parametrize(
    ("sent", "words"),
    [
        ("2026-06-11", "future"),
        ("1899-12-31", "1900"),
        ("2001-02-29", "such as"),
        ("yesterday", "such as"),
        (None, "such as"),
    ],
)
def test_a_bad_date_is_a_400_naming_it(customer_client, unknown_age, sent, words):
    response = set_own(customer_client, sent)

    assert response.status_code == 400
    assert words in response.json()["errors"]["dateOfBirth"][0]
    assert stored(unknown_age) is None


def test_today_is_a_real_date_of_birth(customer_client, unknown_age):
    assert set_own(customer_client, "2026-06-10").status_code == 200


def test_an_admin_corrects_or_clears_it(admin_client_api, customer):
    url = f"/api/auth/users/{customer.pk}"

    corrected = admin_client_api.patch(url, {"dateOfBirth": "1991-05-17"}, format="json")
    future = admin_client_api.patch(url, {"dateOfBirth": "2027-01-01"}, format="json")

    assert corrected.status_code == 200
    assert future.status_code == 400 and "future" in future.json()["errors"]["dateOfBirth"][0]
    assert stored(customer) == date(1991, 5, 17)
    assert admin_client_api.patch(url, {"dateOfBirth": None}, format="json").status_code == 200
    assert stored(customer) is None


def test_staff_cannot_change_it(staff_client, customer):
    url = f"/api/auth/users/{customer.pk}"

    response = staff_client.patch(url, {"dateOfBirth": "2010-01-01"}, format="json")

    assert response.status_code == 403
    assert stored(customer) == date(1990, 5, 17)


def test_the_django_admin_changes_it_within_the_same_bounds(admin_browser, customer):
    url = f"/admin/accounts/user/{customer.pk}/change/"
    form = {
        "email": customer.email,
        "name": customer.name,
        "is_active": "on",
        "role": "customer",
        "phone": "",
        "delivery_address": "",
        "delivery_zip": "",
    }

    refused = admin_browser.post(url, {**form, "date_of_birth": "2030-01-01"})
    saved = admin_browser.post(url, {**form, "date_of_birth": "1985-12-01"})

    assert refused.status_code == 200 and b"future" in refused.content
    assert saved.status_code == 302
    assert stored(customer) == date(1985, 12, 1)


def test_it_is_exported_and_erased_with_the_account(customer_client, customer):
    profile = customer_client.get("/api/auth/me/export").json()["profile"]
    assert profile["dateOfBirth"] == "1990-05-17"

    closed = customer_client.delete("/api/auth/me", {"password": "casey-secret-1"}, format="json")

    assert closed.status_code == 204
    assert stored(customer) is None
