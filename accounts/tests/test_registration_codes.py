"""Issue 43, item 2: registration codes with a use limit and an expiry, which the owner
makes and disables in the back office (admin API); an invitation cannot be passed around."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.codes_api import EXPIRY_PAST
from accounts.models import RegistrationCode, User

pytestmark = pytest.mark.django_db
URL = "/api/auth/registration-codes"


def register(client, code, n):
    body = {
        "name": f"New {n}",
        "email": f"new{n}@example.com",
        "password": f"orchid-lantern-{n}-harbor",
        "registrationCode": code,
    }
    return client.post("/api/auth/register", body, format="json")


def make_code(admin_client_api, **body):
    response = admin_client_api.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


class TestOwner:
    def test_makes_a_code_with_a_limit_and_an_expiry(self, admin_client_api):
        expires = (timezone.now() + timedelta(days=7)).isoformat()

        made = make_code(admin_client_api, note="Spring flyer", maxUses=2, expiresAt=expires)

        assert len(made["code"]) == 14
        assert (made["maxUses"], made["useCount"], made["usable"]) == (2, 0, True)
        listed = admin_client_api.get(URL).json()
        assert [c["code"] for c in listed] == [made["code"]]

    def test_disables_a_code(self, admin_client_api, api_client):
        made = make_code(admin_client_api)

        changed = admin_client_api.patch(f"{URL}/{made['id']}", {"isActive": False}, format="json")

        assert changed.status_code == 200 and changed.json()["usable"] is False
        assert register(api_client, made["code"], 1).status_code == 400

    def test_refuses_an_expiry_in_the_past_or_a_silly_limit(self, admin_client_api):
        past = (timezone.now() - timedelta(minutes=1)).isoformat()

        answer = admin_client_api.post(URL, {"expiresAt": past}, format="json")
        assert answer.status_code == 400
        assert answer.json()["errors"] == {"expiresAt": [EXPIRY_PAST]}
        assert admin_client_api.post(URL, {"maxUses": 0}, format="json").status_code == 400
        assert not RegistrationCode.objects.exists()

    def test_an_unknown_code_is_404(self, admin_client_api):
        assert admin_client_api.patch(f"{URL}/999", {"note": "x"}, format="json").status_code == 404


class TestAttacker:
    def test_a_code_for_two_makes_two_accounts_and_no_third(self, admin_client_api, api_client):
        code = make_code(admin_client_api, maxUses=2)["code"]

        answers = [register(api_client, code, n).status_code for n in range(3)]

        assert answers == [201, 201, 400]
        assert User.objects.filter(email__startswith="new").count() == 2
        assert admin_client_api.get(URL).json()[0]["useCount"] == 2

    def test_an_expired_code_makes_nothing(self, admin_client_api, api_client):
        expires = timezone.now() + timedelta(hours=1)
        code = make_code(admin_client_api, expiresAt=expires.isoformat())["code"]

        with time_machine.travel(expires + timedelta(seconds=1), tick=False):
            response = register(api_client, code, 1)

        assert response.status_code == 400
        assert response.json()["message"] == "Invalid registration code"

    def test_customers_cannot_see_or_make_codes(self, customer_client):
        assert customer_client.get(URL).status_code == 403
        assert customer_client.post(URL, {}, format="json").status_code == 403
        assert not RegistrationCode.objects.exists()
