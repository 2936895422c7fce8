"""A setting saved through one server is what the next checkout on another server uses:
the settings are read from the database per request, never kept in a process."""

import json
import uuid
from contextlib import ExitStack

import pytest
from django.db import connection

from tests.liveserver import (
    call,
    gunicorn,
    login,
    pg_database,
    pg_server,
    prepare_database,
    server_env,
    sold_at_the_counter,
)

pytestmark = [pytest.mark.live, pytest.mark.postgres("two servers sharing one PostgreSQL")]


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    workdir = tmp_path_factory.mktemp("settings-servers")
    with ExitStack() as stack:
        database = stack.enter_context(pg_database(pg_server(connection.settings_dict), "settings"))
        env = server_env(DATABASE_URL=database, MEDIA_ROOT=workdir / "media")
        prepare_database(env)
        yield [
            stack.enter_context(gunicorn(env, workers=1, log_path=workdir / f"server{n}.log"))
            for n in range(2)
        ]


def _json(answer):
    status, body, _ = answer
    return status, json.loads(body)


def _fees(base):
    status, info = _json(call(base, "GET", "/api/shop/info"))
    assert status == 200
    return {option["id"]: option["fee"] for option in info["deliveryOptions"]}


def test_a_fee_saved_on_one_server_prices_the_next_checkout_on_the_other(two_servers):
    first, second = two_servers
    admin = login(first, "admin-demo-2468")
    shopper = login(second, "shopper-demo-1357")
    assert _fees(second)["shipping"] == 8.0  # read once, so a process cache would keep it

    status, saved = _json(
        call(
            first,
            "PATCH",
            "/api/shop/settings",
            {"fees": {"shipping": 3.75}, "freeFrom": {"shipping": None}},
            token=admin,
        )
    )
    assert status == 200, saved
    assert saved["fees"]["shipping"] == 3.75

    assert _fees(second)["shipping"] == 3.75
    status, products = _json(call(second, "GET", "/api/products?limit=100", token=shopper))
    product = next(
        p
        for p in sold_at_the_counter(
            second, products["products"], "deliveryOption=shipping&shippingState=CA"
        )
        if p["shippable"]
        and p["availability"]
        and p["price"] is not None
        and not p["types"]
        and p["quantity"] > 0
    )
    checkout = {
        "cartItems": [{"productId": product["id"], "productTypeId": None, "quantity": 1}],
        "customerName": "Settings Tester",
        "deliveryOption": "shipping",
        "deliveryAddress": "12 Main St, Garden Grove, CA",
        "shippingState": "CA",
        "ageConfirmed": True,  # most demo products are 21+
    }
    status, placed = _json(
        call(
            second,
            "POST",
            "/api/orders/checkout",
            checkout,
            token=shopper,
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
    )
    assert status == 201, placed
    assert placed["order"]["deliveryFee"] == 3.75
