"""An erased person (accounts.people.user_erase) leaves the history too: the entries about
their row keep what changed but not their name, email, phone or address; the entries they
made keep the change but no longer name them (docs/security.md)."""

import json

import pytest
from auditlog.models import LogEntry

from activity.services import ERASED, ERASED_LABEL
from activity.tests.helpers import changes_of, history
from tests.factories import make_product

pytestmark = pytest.mark.django_db


def _stored_history():
    return json.dumps(list(LogEntry.objects.values()), default=str)


def test_a_customer_who_closes_their_account(customer, customer_client, admin_client_api):
    details = {"phone": "714-555-0123", "deliveryAddress": "12 Elm St", "deliveryZip": "92840"}
    assert customer_client.patch("/api/auth/me", details, format="json").status_code == 200
    assert "Elm St" in _stored_history()

    response = customer_client.delete("/api/auth/me", {"password": "casey-secret-1"}, format="json")

    assert response.status_code == 204
    stored = _stored_history()
    for personal in ("casey@example.com", "Casey Customer", "555-0123", "Elm St", "92840"):
        assert personal not in stored
    entries = history(admin_client_api, entity="user", id=customer.pk)
    assert {e["label"] for e in entries} == {ERASED_LABEL}
    assert all(e["person"] is None for e in entries)
    closed = entries[0]
    assert changes_of(closed)["isActive"] == (True, False)
    assert changes_of(closed)["email"] == (ERASED, ERASED)


def test_an_admin_erased_by_another_keeps_their_changes_unnamed(
    make_user, admin_user, admin_client_api, client_for
):
    bob = make_user(admin=True, name="Bob Admin", email="bob@example.com")
    lamp = make_product(name="Lamp", price="5.00")
    answer = client_for(bob).put(f"/api/products/{lamp.pk}", {"price": "6.00"}, format="multipart")
    assert answer.status_code == 200

    assert admin_client_api.delete(f"/api/auth/users/{bob.pk}").status_code == 204

    change = history(admin_client_api, entity="product", id=lamp.pk)[0]
    assert (change["person"], change["source"]) == (None, "api")
    assert changes_of(change) == {"price": (5.0, 6.0)}
    erased = history(admin_client_api, entity="user", id=bob.pk)[0]
    assert erased["person"] == {"id": admin_user.pk, "name": admin_user.name}
    assert changes_of(erased)["role"] == ("admin", "customer")
    stored = _stored_history()
    assert "bob@example.com" not in stored and "Bob Admin" not in stored
    assert history(admin_client_api, person=bob.pk) == []
