"""Which body limit a request gets: a header or cookie that proves nothing buys nothing."""

import pytest

pytestmark = pytest.mark.django_db

TWO_MB = str(2 * 1024 * 1024)


def post(client, path, **extra):
    return client.generic(
        "POST",
        path,
        b"",
        content_type="multipart/form-data; boundary=zzz",
        CONTENT_LENGTH=TWO_MB,
        **extra,
    )


@pytest.mark.parametrize(
    "path", ["/api/auth/login", "/api/auth/register", "/api/auth/password-check"]
)
def test_sign_in_and_sign_up_take_the_anonymous_limit_whatever_the_headers(client, path):
    response = post(client, path, HTTP_AUTHORIZATION="Bearer made-up")

    assert response.status_code == 413
    assert response.json()["message"] == "This request is too large (at most 64 KB here)."


def test_a_made_up_session_cookie_does_not_buy_the_admin_upload_limit(client):
    client.cookies["sessionid"] = "made-up"

    response = post(client, "/admin/shop/product/add/")

    assert response.status_code == 413
    assert response.json()["message"] == "This request is too large (at most 64 KB here)."


def test_a_signed_in_admin_session_gets_the_upload_limit(client, admin_user):
    client.force_login(admin_user)

    response = client.generic(
        "POST",
        "/admin/shop/product/add/",
        b"",
        content_type="multipart/form-data; boundary=zzz",
        CONTENT_LENGTH=str(70 * 1024 * 1024),
    )
    assert response.status_code == 413
    assert response.json()["message"] == "This request is too large (at most 60 MB here)."
    assert post(client, "/admin/shop/product/add/").status_code != 413
