"""Token checks read the user's row on every request: a change made by another process (a
direct UPDATE here: no signal reaches this process) applies to the next request, as one saved
in this process does."""

import pytest
from django.db.models import F

from accounts.models import User
from accounts.tokens import token_for

pytestmark = pytest.mark.django_db

URL = "/api/products"
PASSWORD_CHANGED = "Your password was changed. Please sign in with the new one."


def changed_elsewhere(user, **changes):
    User.objects.filter(pk=user.pk).update(**changes)


def test_a_password_change_elsewhere_signs_old_tokens_out_at_once(customer, customer_client):
    assert customer_client.get(URL).status_code == 200
    changed_elsewhere(customer, password_version=F("password_version") + 1)

    refused = customer_client.get(URL)

    assert refused.status_code == 401
    # The signed-out user is told why (docs/api.md: a token from before a password change).
    assert refused.json()["message"] == PASSWORD_CHANGED


def test_a_password_change_in_this_process_signs_old_tokens_out_at_once(
    customer, customer_client, admin_client_api
):
    assert customer_client.get(URL).status_code == 200

    changed = admin_client_api.put(
        f"/api/auth/users/{customer.pk}/password",
        {"newPassword": "brand-new-pass"},
        format="json",
    )

    assert changed.status_code == 200
    assert customer_client.get(URL).status_code == 401


@pytest.mark.parametrize(
    "changes, status",
    [
        ({"is_active": False}, 401),
        ({"role": "customer", "is_staff": False, "is_superuser": False}, 403),
    ],
    ids=["deactivated", "no longer admin"],
)
def test_deactivation_and_role_changes_elsewhere_apply_at_once(
    admin_user, admin_client_api, changes, status
):
    assert admin_client_api.get("/api/auth/users").status_code == 200
    changed_elsewhere(admin_user, **changes)

    assert admin_client_api.get("/api/auth/users").status_code == status


def test_a_deleted_user_is_refused_at_once(customer, customer_client):
    assert customer_client.get(URL).status_code == 200
    User.objects.filter(pk=customer.pk).delete()

    assert customer_client.get(URL).status_code == 401


def test_each_request_gets_its_own_user_object(customer_client, customer, rf):
    from accounts.authentication import TokenAuthentication

    request = rf.get(URL, HTTP_AUTHORIZATION=f"Bearer {token_for(customer)}")
    first, _ = TokenAuthentication().authenticate(request)
    first.name = "Changed on this request only"
    second, _ = TokenAuthentication().authenticate(request)

    assert second.pk == customer.pk and second.name == "Casey Customer"


def test_me_answers_details_saved_elsewhere_at_once(customer, customer_client):
    assert customer_client.get("/api/auth/me").json()["name"] == "Casey Customer"
    # What another server's PATCH /api/auth/me writes; no signal reaches this process.
    changed_elsewhere(customer, name="Casey Renamed", phone="(714) 555-0142")

    again = customer_client.get("/api/auth/me").json()

    assert (again["name"], again["phone"]) == ("Casey Renamed", "(714) 555-0142")


def test_a_token_from_after_a_password_change_elsewhere_works_at_once(
    customer, customer_client, api_client
):
    assert customer_client.get(URL).status_code == 200
    changed_elsewhere(customer, password_version=F("password_version") + 1)
    customer.refresh_from_db()
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_for(customer)}")

    assert api_client.get(URL).status_code == 200
    assert customer_client.get(URL).status_code == 401
