"""A closed account (accounts.people.user_erase) is no one's any more: the back office's
Users list and the Activity page's Person filter leave it out, and the API refuses to change
it (a new password would sign nobody in); the history says the customer closed it."""

import pytest

from accounts.services import ACCOUNT_CLOSED

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "brand-new-secret-8472"


@pytest.fixture
def closed(customer, customer_client):
    answer = customer_client.delete("/api/auth/me", {"password": "casey-secret-1"}, format="json")
    assert answer.status_code == 204
    customer.refresh_from_db()
    return customer


def test_the_users_list_leaves_a_closed_account_out(admin_client_api, closed, make_user):
    disabled = make_user(email="paused@example.com", name="Paused")
    assert (
        admin_client_api.patch(
            f"/api/auth/users/{disabled.pk}", {"active": False}, format="json"
        ).status_code
        == 200
    )

    answer = admin_client_api.get("/api/auth/users")

    assert answer.status_code == 200
    ids = {user["id"] for user in answer.json()["users"]}
    assert closed.pk not in ids
    assert disabled.pk in ids  # a disabled account can be enabled again: it stays listed


@pytest.mark.parametrize(
    ("method", "suffix", "body"),
    [
        ("put", "/password", {"newPassword": NEW_PASSWORD}),
        ("patch", "", {"role": "staff"}),
        ("patch", "", {"active": True}),
        ("delete", "", None),
    ],
)
def test_every_write_to_a_closed_account_is_refused(admin_client_api, closed, method, suffix, body):
    before = (closed.password, closed.role, closed.is_active, closed.email)

    answer = getattr(admin_client_api, method)(
        f"/api/auth/users/{closed.pk}{suffix}", body, format="json"
    )

    assert answer.status_code == 409
    assert answer.json()["message"] == ACCOUNT_CLOSED
    assert answer.json()["code"] == "account_closed"
    closed.refresh_from_db()
    assert (closed.password, closed.role, closed.is_active, closed.email) == before


def test_the_history_names_the_customer_closing_their_own_account(admin_client_api, closed):
    answer = admin_client_api.get("/api/activity", {"entity": "user", "id": closed.pk})

    assert answer.status_code == 200
    closing = answer.json()["entries"][0]
    assert closing["person"] is None
    assert (closing["own"], closing["source"]) == (True, "api")


def test_an_admin_erasing_someone_is_not_their_own_doing(admin_client_api, admin_user, customer):
    assert admin_client_api.delete(f"/api/auth/users/{customer.pk}").status_code == 204

    answer = admin_client_api.get("/api/activity", {"entity": "user", "id": customer.pk})

    erasing = answer.json()["entries"][0]
    assert erasing["person"]["id"] == admin_user.pk
    assert erasing["own"] is False
