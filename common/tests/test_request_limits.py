"""Which body limit a request gets: a header or cookie that proves nothing buys nothing.
Only a valid token (the API's own check) or a signed-in staff session (the Django admin's)
lifts the anonymous limit. tests/test_live_limits.py sends the same through gunicorn."""

from datetime import timedelta

import jwt
import pytest
import time_machine
from django.conf import settings as django_settings
from django.utils import timezone

from accounts.tokens import token_for

pytestmark = pytest.mark.django_db

TWO_MB_BYTES = 2 * 1024 * 1024
TWO_MB = str(TWO_MB_BYTES)
SEVENTY_MB = str(70 * 1024 * 1024)
ANONYMOUS = "This request is too large (at most 64 KB here)."
JSON = "This request is too large (at most 1 MB here)."
UPLOAD = "This request is too large (at most 60 MB here)."


def post(client, path, length=TWO_MB, **extra):
    """A multipart POST that declares `length` bytes and sends none."""
    return client.generic(
        "POST",
        path,
        b"",
        content_type="multipart/form-data; boundary=zzz",
        CONTENT_LENGTH=length,
        **extra,
    )


def send(client, path, size, **extra):
    """A multipart POST of `size` bytes of junk, sent whole."""
    return client.post(
        path, data=b"x" * size, content_type="multipart/form-data; boundary=zzz", **extra
    )


def refused_with(response):
    assert response.status_code == 413
    return response.json()["message"]


def resigned(token, key):
    claims = jwt.decode(token, options={"verify_signature": False})
    return jwt.encode(claims, key, algorithm="HS256")


@pytest.mark.parametrize(
    "path", ["/api/auth/login", "/api/auth/register", "/api/auth/password-check"]
)
def test_sign_in_and_sign_up_take_the_anonymous_limit_whatever_the_headers(client, path):
    response = post(client, path, HTTP_AUTHORIZATION="Bearer made-up")

    assert refused_with(response) == ANONYMOUS


@pytest.mark.parametrize("path", ["/api/products", "/api/orders/checkout", "/api/hero/images"])
def test_a_made_up_bearer_header_buys_nothing(client, path):
    assert refused_with(post(client, path, HTTP_AUTHORIZATION="Bearer x")) == ANONYMOUS


def test_a_token_signed_with_another_key_buys_nothing(client, admin_user):
    forged = resigned(token_for(admin_user), "not-the-signing-key")

    response = post(client, "/api/products", HTTP_AUTHORIZATION=f"Bearer {forged}")

    assert refused_with(response) == ANONYMOUS


def test_an_expired_token_buys_nothing(client, admin_user):
    token = token_for(admin_user)
    with time_machine.travel(timezone.now() + timedelta(hours=25)):
        response = post(client, "/api/products", HTTP_AUTHORIZATION=f"Bearer {token}")

    assert refused_with(response) == ANONYMOUS


def test_a_token_from_before_a_password_change_buys_nothing(client, admin_user):
    token = token_for(admin_user)
    admin_user.set_password("a-whole-new-secret-9")
    admin_user.save()

    response = post(client, "/api/products", HTTP_AUTHORIZATION=f"Bearer {token}")

    assert refused_with(response) == ANONYMOUS


def test_a_deactivated_users_token_buys_nothing(client, admin_user):
    token = token_for(admin_user)
    admin_user.is_active = False
    admin_user.save()

    response = post(client, "/api/products", HTTP_AUTHORIZATION=f"Bearer {token}")

    assert refused_with(response) == ANONYMOUS


def test_an_admin_token_gets_the_upload_limit(admin_client_api):
    assert refused_with(post(admin_client_api, "/api/products", SEVENTY_MB)) == UPLOAD
    # 2 MB is read: the form's own check answers (no name), not the size limit.
    response = send(admin_client_api, "/api/products", TWO_MB_BYTES)
    assert response.status_code == 400


def test_a_customer_token_gets_other_json_but_not_the_upload_limit(customer_client):
    assert refused_with(post(customer_client, "/api/products")) == JSON
    # Within 1 MB the body reaches the view, which refuses the customer.
    response = send(customer_client, "/api/products", 500 * 1024)
    assert response.status_code == 403


def test_a_made_up_session_cookie_does_not_buy_the_admin_upload_limit(client):
    client.cookies["sessionid"] = "made-up"

    assert refused_with(post(client, "/admin/shop/product/add/")) == ANONYMOUS


def test_a_signed_out_session_does_not_buy_the_admin_upload_limit(client, admin_user):
    client.force_login(admin_user)
    old_key = client.cookies["sessionid"].value
    client.logout()
    client.cookies["sessionid"] = old_key

    assert refused_with(post(client, "/admin/shop/product/add/")) == ANONYMOUS


def test_a_customers_session_does_not_buy_the_admin_upload_limit(client, customer):
    client.force_login(customer)

    assert refused_with(post(client, "/admin/shop/product/add/")) == ANONYMOUS


def test_a_session_from_before_a_password_change_does_not_buy_it(client, admin_user):
    client.force_login(admin_user)
    admin_user.set_password("a-whole-new-secret-9")
    admin_user.save()

    assert refused_with(post(client, "/admin/shop/product/add/")) == ANONYMOUS


def test_a_bearer_token_does_not_buy_the_admin_upload_limit(client, admin_user):
    # The Django admin goes by its session only; a token there proves nothing to it.
    response = post(
        client, "/admin/shop/product/add/", HTTP_AUTHORIZATION=f"Bearer {token_for(admin_user)}"
    )

    assert refused_with(response) == ANONYMOUS


def test_a_signed_in_admin_session_gets_the_upload_limit(admin_browser):
    assert refused_with(post(admin_browser, "/admin/shop/product/add/", SEVENTY_MB)) == UPLOAD
    # 2 MB is read: the admin shows its form again with what is missing.
    response = admin_browser.post("/admin/shop/product/add/", {"notes": "x" * TWO_MB_BYTES})
    assert response.status_code == 200 and b"This field is required" in response.content


def test_a_session_under_a_retired_secret_key_keeps_the_limit_and_stays_signed_in(
    admin_browser, settings
):
    # A key rotation (docs/deploy.md): the session's hash was made with the old key.
    settings.SECRET_KEY_FALLBACKS = [django_settings.SECRET_KEY]
    settings.SECRET_KEY = "a-new-secret-key-" + "x" * 40

    response = admin_browser.post("/admin/shop/product/add/", {"notes": "x" * TWO_MB_BYTES})
    assert response.status_code == 200 and b"This field is required" in response.content
    # Checking the session for the limit did not sign the admin out.
    assert admin_browser.get("/admin/").status_code == 200
