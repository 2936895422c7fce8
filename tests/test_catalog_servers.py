"""The catalog's cached answers across processes: two gunicorn servers (two workers each)
share one database and one cache; a write through either is seen by the very next read on
every worker of the other (shop/versioning.py: the version moves before the writer answers).
Once with the default local profile (one SQLite file, the cache in a database table) and
once with PostgreSQL and Redis."""

import json
import os
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

pytestmark = pytest.mark.live

# Its own Redis database: tests/test_scale_out.py flushes 15 and may run at the same time.
REDIS_URL = os.environ.get("TEST_CATALOG_REDIS_URL", "redis://127.0.0.1:6379/14")
READS = 6  # enough requests to reach both workers of a server


@pytest.fixture(
    scope="module",
    params=[
        pytest.param("local", marks=pytest.mark.sqlite_only),
        pytest.param(
            "postgres", marks=pytest.mark.postgres("two servers sharing one PostgreSQL and Redis")
        ),
    ],
)
def servers(request, tmp_path_factory):
    workdir = tmp_path_factory.mktemp(f"catalog-{request.param}")
    overrides = {"AUTH_THROTTLE_RATE": "none", "MEDIA_ROOT": workdir / "media"}
    with ExitStack() as stack:
        if request.param == "local":
            database = f"sqlite:///{workdir / 'db.sqlite3'}"
            overrides.update(DATABASE_URL=database, REDIS_URL="")
        else:
            server = pg_server(connection.settings_dict)
            database = stack.enter_context(pg_database(server, "catalog"))
            overrides.update(DATABASE_URL=database, REDIS_URL=REDIS_URL)
        env = server_env(**overrides)
        prepare_database(env)
        yield Servers(
            [
                stack.enter_context(gunicorn(env, workers=2, log_path=workdir / f"server{n}.log"))
                for n in range(2)
            ],
            database,
        )


class Servers(list):
    """The two servers' base URLs, and the database they share."""

    def __init__(self, bases, database):
        super().__init__(bases)
        self.database = database


def get(base, path, token):
    status, body, headers = call(base, "GET", path, token=token)
    assert status == 200, body[:300]
    return json.loads(body), headers


def shown_everywhere(base, token, product_id):
    """The product as every worker of `base` answers it: in the list and on its own."""
    answers = []
    for _ in range(READS):
        page, _ = get(base, "/api/products?limit=100", token)
        answers.append(next((p for p in page["products"] if p["id"] == product_id), None))
        status, body, _ = call(base, "GET", f"/api/products/{product_id}", token=token)
        answers.append(json.loads(body) if status == 200 else None)
    return answers


def test_a_write_on_one_server_is_read_at_once_on_every_worker_of_the_other(servers):
    first, second = servers
    admin = login(first, "admin-demo-2468")
    shopper = login(second, "shopper-demo-1357")
    page, _ = get(second, "/api/products?limit=100", shopper)
    product = next(
        p
        for p in sold_at_the_counter(second, page["products"])
        if p["availability"] and p["price"] is not None and not p["types"] and p["quantity"] > 2
    )
    pid, stock = product["id"], product["quantity"]
    for base in servers:
        assert shown_everywhere(base, shopper, pid) == [product] * (2 * READS)  # now cached

    _, headers = get(first, "/api/products?limit=100", shopper)
    etag = headers["ETag"]
    for base in servers:
        for _ in range(READS):
            status, _, _ = call(
                base,
                "GET",
                "/api/products?limit=100",
                token=shopper,
                headers={"If-None-Match": etag},
            )
            assert status == 304

    renamed = f"Renamed {uuid.uuid4().hex[:6]}"
    status, _, _ = call(first, "PUT", f"/api/products/{pid}", {"name": renamed}, token=admin)
    assert status == 200
    assert {p["name"] for p in shown_everywhere(second, shopper, pid)} == {renamed}
    status, _, headers = call(
        second, "GET", "/api/products?limit=100", token=shopper, headers={"If-None-Match": etag}
    )
    assert status == 200 and headers["ETag"] != etag

    checkout = {
        "cartItems": [{"productId": pid, "productTypeId": None, "quantity": 2}],
        "customerName": "Cache Tester",
        "deliveryOption": "pickup",
        "ageConfirmed": True,
    }
    status, body, _ = call(second, "POST", "/api/orders/checkout", checkout, token=shopper)
    assert status == 201, body[:300]
    assert {p["quantity"] for p in shown_everywhere(first, shopper, pid)} == {stock - 2}

    order_id = json.loads(body)["order"]["id"]
    assert call(first, "PUT", f"/api/orders/{order_id}/cancel", token=admin)[0] == 200
    assert {p["quantity"] for p in shown_everywhere(second, shopper, pid)} == {stock}

    assert call(second, "DELETE", f"/api/products/{pid}", token=admin)[0] == 204
    assert shown_everywhere(first, shopper, pid) == [None] * (2 * READS)
