"""Token checks keep each user's row for STATE_SECONDS: no query per request, and a change
made by another process (a direct UPDATE here: no signal reaches this process) takes effect
within that bound; a change saved in this process takes effect at once."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db.models import F

from accounts.authentication import STATE_SECONDS
from accounts.models import User

pytestmark = pytest.mark.django_db


def start():
    """The pinned clock's start, taken inside the test after its client fixtures signed their
    tokens with the real time: a clock fixed earlier (at import, say) can fall behind those
    tokens on a busy machine and make them "not yet valid"."""
    return datetime.now(UTC) + timedelta(seconds=1)


JUST_INSIDE = timedelta(seconds=STATE_SECONDS - 0.1)
PAST_BOUND = timedelta(seconds=STATE_SECONDS + 0.1)
URL = "/api/products"


def changed_elsewhere(user, **changes):
    User.objects.filter(pk=user.pk).update(**changes)


def test_a_signed_in_request_after_the_first_needs_no_user_query(
    customer_client, django_assert_num_queries
):
    customer_client.get(URL)

    # Only the catalog version: the user's row and the page are both kept.
    with django_assert_num_queries(1):
        assert customer_client.get(URL).status_code == 200


def test_a_password_change_elsewhere_signs_old_tokens_out_within_the_bound(
    customer, customer_client
):
    with time_machine.travel(start(), tick=False) as clock:
        assert customer_client.get(URL).status_code == 200
        changed_elsewhere(customer, password_version=F("password_version") + 1)

        clock.shift(JUST_INSIDE)
        assert customer_client.get(URL).status_code == 200  # the stated bound, not beyond

        clock.shift(PAST_BOUND - JUST_INSIDE)
        refused = customer_client.get(URL)

    assert refused.status_code == 401
    # The signed-out user is told why (docs/api.md: a token from before a password change).
    assert (
        refused.json()["message"] == "Your password was changed. Please sign in with the new one."
    )


def test_a_password_change_in_this_process_signs_old_tokens_out_at_once(
    customer, customer_client, admin_client_api
):
    with time_machine.travel(start(), tick=False):
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
    [({"is_active": False}, 401), ({"is_staff": False, "is_superuser": False}, 403)],
    ids=["deactivated", "no longer admin"],
)
def test_deactivation_and_role_changes_elsewhere_apply_within_the_bound(
    admin_user, admin_client_api, changes, status
):
    with time_machine.travel(start(), tick=False) as clock:
        assert admin_client_api.get("/api/auth/users").status_code == 200
        changed_elsewhere(admin_user, **changes)

        clock.shift(PAST_BOUND)

        assert admin_client_api.get("/api/auth/users").status_code == status


def test_a_deleted_user_is_refused_after_the_bound(customer, customer_client):
    with time_machine.travel(start(), tick=False) as clock:
        assert customer_client.get(URL).status_code == 200
        User.objects.filter(pk=customer.pk).delete()

        clock.shift(PAST_BOUND)

        assert customer_client.get(URL).status_code == 401


def test_each_request_gets_its_own_user_object(customer_client, customer, rf):
    from accounts.authentication import TokenAuthentication
    from accounts.tokens import token_for

    request = rf.get(URL, HTTP_AUTHORIZATION=f"Bearer {token_for(customer)}")
    first, _ = TokenAuthentication().authenticate(request)
    first.name = "Changed on this request only"
    second, _ = TokenAuthentication().authenticate(request)

    assert second.pk == customer.pk and second.name == "Casey Customer"


def test_me_answers_the_signed_in_user_without_a_query_once_known(
    customer, customer_client, api_client, django_assert_num_queries
):
    assert api_client.get("/api/auth/me").status_code == 401
    first = customer_client.get("/api/auth/me")

    with django_assert_num_queries(0):
        again = customer_client.get("/api/auth/me")

    assert (
        first.json()
        == again.json()
        == {
            "id": customer.pk,
            "name": "Casey Customer",
            "email": "casey@example.com",
            "role": "customer",
            "phone": "",
            "deliveryAddress": "",
            "deliveryZip": "",
        }
    )


def test_a_user_deleted_in_this_process_is_refused_at_once(customer, customer_client):
    with time_machine.travel(start(), tick=False):
        assert customer_client.get(URL).status_code == 200
        customer.delete()

        assert customer_client.get(URL).status_code == 401


def test_a_token_newer_than_the_kept_row_reads_the_row_again(customer, customer_client, api_client):
    from accounts.tokens import token_for

    with time_machine.travel(start(), tick=False):
        assert customer_client.get(URL).status_code == 200  # the row is kept now
        changed_elsewhere(customer, password_version=F("password_version") + 1)
        customer.refresh_from_db()
        api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_for(customer)}")

        # Well inside the bound: the old row would refuse the new token's version.
        assert api_client.get(URL).status_code == 200
        assert customer_client.get(URL).status_code == 401
