"""A refused token says why: after an admin changes a user's password, that user's old
session is answered 401 with a message naming the password change (the app shows it at
/login); any other refused token keeps the plain "session has expired" message."""

import pytest

from common.errors import PASSWORD_CHANGED_MESSAGE, SESSION_EXPIRED_MESSAGE

pytestmark = pytest.mark.django_db


def test_a_token_from_before_a_password_change_is_refused_with_the_reason(
    admin_client_api, customer, customer_client
):
    assert customer_client.get("/api/orders").status_code == 200

    changed = admin_client_api.put(
        f"/api/auth/users/{customer.pk}/password", {"newPassword": "brand-new-pass"}, format="json"
    )

    assert changed.status_code == 200
    refused = customer_client.get("/api/orders")
    assert refused.status_code == 401
    assert refused.json() == {"message": PASSWORD_CHANGED_MESSAGE, "code": "password_changed"}
    assert PASSWORD_CHANGED_MESSAGE == "Your password was changed. Please sign in with the new one."


def test_a_bad_token_still_says_the_session_expired(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not.a.token")

    refused = api_client.get("/api/orders")

    assert refused.status_code == 401
    assert refused.json() == {"message": SESSION_EXPIRED_MESSAGE, "code": "not_authenticated"}
