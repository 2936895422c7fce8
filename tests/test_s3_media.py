"""Media on S3 against a real S3 API (moto's server): an image uploaded through the API is
stored in the bucket, served from it (public-read objects at plain URLs, or private ones at
signed URLs), allowed by the page's Content-Security-Policy, and removed with its product; a
missing bucket is a 503 that says what happened, never a 500, and stores nothing."""

import json

import pytest

from common.testing.s3 import s3_bucket
from tests.factories import png_bytes
from tests.liveserver import call, gunicorn, manage, multipart, prepare_database, server_env

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]

ADMIN_EMAIL, ADMIN_PASSWORD = "owner@example.com", "lantern-orchard-quartz-51"


def _create_product(base, token, name):
    body, content_type = multipart(
        {
            "name": name,
            "price": "9.50",
            "category": "party-supplies",
            "availability": "true",
            "quantity": "3",
        },
        {"images": ("lamp.png", png_bytes(), "image/png")},
    )
    return call(base, "POST", "/api/products", token=token, raw=body, content_type=content_type)


def _server(tmp_path, s3_env, **extra):
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        VAR_DIR=tmp_path,
        AUTH_THROTTLE_RATE="none",
        **s3_env,
        **extra,
    )
    prepare_database(env, demo=False)
    manage("create_admin", "--email", ADMIN_EMAIL, "--password", ADMIN_PASSWORD, env=env)
    return env


def _admin_token(base):
    status, body, _ = call(base, "POST", "/api/auth/login", {"password": ADMIN_PASSWORD})
    assert status == 200, body
    return json.loads(body)["token"]


def test_public_read_images_are_stored_served_and_removed_with_their_product(tmp_path):
    with s3_bucket() as s3:
        env = _server(tmp_path, s3.env, AWS_DEFAULT_ACL="public-read")
        with gunicorn(env, workers=1) as base:
            token = _admin_token(base)
            status, created, _ = _create_product(base, token, "Harbor lamp")
            assert status == 201, created
            product = json.loads(created)
            image_url = product["images"][0]

            assert image_url.startswith(f"{s3.endpoint}/{s3.name}/products/")
            assert "Signature" not in image_url
            served = call(image_url, "GET", "")
            assert served[0] == 200
            assert served[2]["Content-Type"] == "image/webp"
            stored = s3.keys("products/")
            assert len(stored) == 2  # the image and its thumbnail

            # The page lets the browser load images from the http:// endpoint.
            policy = call(base, "GET", "/")[2]["Content-Security-Policy"]
            assert f"img-src 'self' data: blob: https: {s3.endpoint}" in policy

            deleted = call(base, "DELETE", f"/api/products/{product['id']}", token=token)
            assert deleted[0] == 204
            assert s3.keys("products/") == []


def test_private_images_are_served_at_signed_urls(tmp_path):
    with s3_bucket() as s3:
        env = _server(tmp_path, s3.env, AWS_QUERYSTRING_AUTH="1")
        with gunicorn(env, workers=1) as base:
            status, created, _ = _create_product(base, _admin_token(base), "Signed lamp")
            assert status == 201, created
            image_url = json.loads(created)["images"][0]

            assert "X-Amz-Signature=" in image_url and "X-Amz-Expires=3600" in image_url
            assert call(image_url, "GET", "")[0] == 200


def test_a_missing_bucket_is_a_503_with_a_message_and_stores_nothing(tmp_path):
    with s3_bucket() as s3:
        env = _server(tmp_path, {**s3.env, "AWS_STORAGE_BUCKET_NAME": "no-such-bucket"})
        with gunicorn(env, workers=1) as base:
            token = _admin_token(base)
            status, body, headers = _create_product(base, token, "Lost lamp")

            assert status == 503
            assert json.loads(body)["message"] == (
                "Images cannot be stored right now. Please try again in a few minutes."
            )
            assert headers["Retry-After"] == "30"
            listed = json.loads(call(base, "GET", "/api/products", token=token)[1])
            assert listed["products"] == []
