"""Every error answer carries a stable machine-readable `code` beside its message, whoever
refused: a domain rule (common.errors' kinds), DRF itself, or the middleware; and each domain
kind answers the one status common.errors maps it to."""

import json

import pytest
from django.db.models import F

from accounts.models import User
from common import errors
from rides.tests.factories import make_ride

pytestmark = pytest.mark.django_db


def _ride_conflict(admin_client_api):
    ride = make_ride()
    return admin_client_api.put(
        f"/api/rides/{ride.pk}/status", {"status": "pending"}, format="json"
    )


def _method_not_allowed(admin_client_api):
    return admin_client_api.get(f"/api/rides/{make_ride().pk}")


def _password_changed(customer_client, customer):
    User.objects.filter(pk=customer.pk).update(password_version=F("password_version") + 1)
    return customer_client.get("/api/auth/me")


def _bad_token(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    return api_client.get("/api/auth/me")


def _throttled(api_client, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "1/min"}
    api_client.post("/api/auth/login", {"password": "wrong-one"}, format="json")
    return api_client.post("/api/auth/login", {"password": "wrong-one"}, format="json")


CASES = [
    # (fixtures, request, status, code)
    (
        ["customer_client"],
        lambda c: c.get("/api/rides?page=0"),
        400,
        "invalid",
    ),  # a domain rule (pagination)
    (
        ["api_client"],
        lambda c: c.post("/api/auth/login", {}, format="json"),
        400,
        "invalid",
    ),  # a serializer's field
    (
        ["api_client"],
        lambda c: c.post("/api/auth/login", "{nope", content_type="application/json"),
        400,
        "invalid",
    ),  # the JSON parser
    (["api_client"], lambda c: c.get("/api/auth/me"), 401, "not_authenticated"),
    (["api_client"], _bad_token, 401, "not_authenticated"),
    (["customer_client", "customer"], _password_changed, 401, "password_changed"),
    (
        ["api_client"],
        lambda c: c.post("/api/auth/login", {"password": "not-anyones-1"}, format="json"),
        401,
        "sign_in_refused",
    ),
    (["customer_client"], lambda c: c.get("/api/auth/users"), 403, "not_allowed"),
    (["admin_client_api"], lambda c: c.delete("/api/rides/999999"), 404, "not_found"),
    (["api_client"], lambda c: c.get("/api/no-such-endpoint"), 404, "not_found"),
    (["admin_client_api"], _method_not_allowed, 405, "method_not_allowed"),
    (["admin_client_api"], _ride_conflict, 409, "conflict"),
    (
        ["api_client"],
        lambda c: c.post(
            "/api/auth/register",
            json.dumps({"password": "x" * 70 * 1024}),
            content_type="application/json",
        ),
        413,
        "too_large",
    ),  # the request limits middleware
    (
        ["api_client"],
        lambda c: c.post("/api/auth/login", "password", content_type="text/plain"),
        415,
        "unsupported_media_type",
    ),
    (["api_client", "settings"], _throttled, 429, "throttled"),
]


@pytest.mark.parametrize(
    "fixtures, make_request, status, code",
    CASES,
    ids=[f"{case[2]}-{case[3]}-{n}" for n, case in enumerate(CASES)],
)
def test_every_error_body_has_a_message_and_a_stable_code(
    request, fixtures, make_request, status, code
):
    response = make_request(*(request.getfixturevalue(name) for name in fixtures))

    assert response.status_code == status
    body = response.json()
    assert body["code"] == code
    assert isinstance(body["message"], str) and body["message"]
    assert set(body) <= {"message", "code", "errors"}


def test_an_account_refusal_names_its_own_code(api_client, customer):
    # Registration with a taken email: a conflict a client tells apart from the others.
    from accounts.models import RegistrationCode

    RegistrationCode.objects.create(code="WELCOME-1")
    response = api_client.post(
        "/api/auth/register",
        {
            "email": customer.email,
            "password": "amber-kettle-drift-42",
            "name": "Twin",
            "registrationCode": "WELCOME-1",
        },
        format="json",
    )

    assert response.status_code == 409
    assert response.json()["code"] == "email_taken"


@pytest.mark.parametrize(
    "kind, status, code",
    [
        (errors.InvalidInput, 400, "invalid"),
        (errors.SignInRefused, 401, "sign_in_refused"),
        (errors.NotAllowed, 403, "not_allowed"),
        (errors.NotFound, 404, "not_found"),
        (errors.Conflict, 409, "conflict"),
        (errors.StaleVersion, 412, "stale_version"),
        (errors.TooLarge, 413, "too_large"),
        (errors.VersionRequired, 428, "version_required"),
        (errors.TooManyAttempts, 429, "throttled"),
        (errors.Unavailable, 503, "unavailable"),
    ],
)
def test_each_domain_kind_has_one_status_and_code(kind, status, code):
    class Refusal(kind):  # a subclass an app defines answers as its kind
        pass

    for error in (kind("Words for a person."), Refusal("Words for a person.")):
        response = errors.exception_handler(error, {})

        assert response.status_code == status
        assert response.data["code"] == code
        assert response.data["message"] == "Words for a person."


def test_a_code_given_with_the_error_wins():
    response = errors.exception_handler(errors.Conflict("Taken.", code="email_taken"), {})

    assert (response.status_code, response.data["code"]) == (409, "email_taken")
