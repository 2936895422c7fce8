"""Two app servers, one PostgreSQL, one Redis, one media folder (standing in for S3):
nothing a request needs may live in one server's process."""

import json
import os
import uuid
from contextlib import ExitStack

import pytest
from django.db import connection

from tests.factories import png_bytes
from tests.liveserver import (
    call,
    gunicorn,
    login,
    multipart,
    pg_database,
    pg_server,
    prepare_database,
    server_env,
    sold_at_the_counter,
)

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")

pytestmark = [
    pytest.mark.live,
    pytest.mark.postgres("several servers sharing one PostgreSQL and one Redis"),
]


def _redis_reachable():
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
        return True
    except Exception:
        return False


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    if not _redis_reachable():
        if os.environ.get("CI"):
            pytest.fail(f"Redis is not reachable at {REDIS_URL}")
        pytest.skip(f"needs Redis at {REDIS_URL}")
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()
    workdir = tmp_path_factory.mktemp("scale-out")
    with ExitStack() as stack:
        database = stack.enter_context(pg_database(pg_server(connection.settings_dict), "scaleout"))
        env = server_env(
            DATABASE_URL=database,
            REDIS_URL=REDIS_URL,
            MEDIA_ROOT=workdir / "shared-media",
            AUTH_THROTTLE_RATE="4/min",
            RIDE_THROTTLE_RATE="none",
            # One proxy in front: the client address is the X-Forwarded-For entry, so each test
            # can be its own client and one test's throttle budget never blocks another's.
            NUM_PROXIES=1,
        )
        prepare_database(env)
        yield [
            stack.enter_context(gunicorn(env, workers=2, log_path=workdir / f"server{n}.log"))
            for n in range(2)
        ]


def _token(base, password):
    return login(
        base, password, headers={"X-Forwarded-For": f"198.51.100.{uuid.uuid4().int % 250 + 1}"}
    )


def test_throttle_counted_on_one_server_is_seen_on_the_other(two_servers):
    first, second = two_servers
    wrong = {"password": f"wrong-{uuid.uuid4().hex}"}
    client = {"X-Forwarded-For": "203.0.113.7"}

    statuses = [call(first, "POST", "/api/auth/login", wrong, headers=client)[0] for _ in range(2)]
    statuses += [
        call(second, "POST", "/api/auth/login", wrong, headers=client)[0] for _ in range(3)
    ]

    assert statuses == [401, 401, 401, 401, 429]


def test_idempotency_key_used_on_one_server_is_honoured_by_the_other(two_servers):
    first, second = two_servers
    token = _token(first, "shopper-demo-1357")
    status, body, _ = call(first, "GET", "/api/products?limit=100", token=token)
    product = next(
        p
        for p in sold_at_the_counter(first, json.loads(body)["products"])
        if p["availability"] and p["price"] is not None and not p["types"] and p["quantity"] > 0
    )
    checkout = {
        "cartItems": [{"productId": product["id"], "productTypeId": None, "quantity": 1}],
        "customerName": "Scale Tester",
        "deliveryOption": "pickup",
        "ageConfirmed": True,  # most demo products are 21+
    }
    key = {"Idempotency-Key": uuid.uuid4().hex}

    placed = call(first, "POST", "/api/orders/checkout", checkout, token=token, headers=key)
    retried = call(second, "POST", "/api/orders/checkout", checkout, token=token, headers=key)

    assert placed[0] == 201
    assert retried[0] == 200
    assert json.loads(retried[1])["order"]["id"] == json.loads(placed[1])["order"]["id"]


def test_image_uploaded_through_one_server_is_served_by_the_other(two_servers):
    first, second = two_servers
    token = _token(first, "admin-demo-2468")
    body, content_type = multipart(
        {
            "name": "Scale-out lamp",
            "price": "12.50",
            "category": "party-supplies",
            "availability": "true",
            "quantity": "3",
        },
        {"images": ("lamp.png", png_bytes(), "image/png")},
    )

    status, created, _ = call(
        first, "POST", "/api/products", token=token, raw=body, content_type=content_type
    )

    assert status == 201, created
    image_url = json.loads(created)["images"][0]
    served = call(second, "GET", image_url)
    assert served[0] == 200
    assert served[2]["Content-Type"] == "image/webp"
