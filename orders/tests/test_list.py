"""Order lists: own orders for customers, all for admins, newest first, constant queries."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from orders.models import Order
from tests.factories import checkout_body, line, make_product, placed_order

pytestmark = pytest.mark.django_db


def place_many(client, count, product):
    return [placed_order(client, line(product)).pk for _ in range(count)]


@pytest.fixture
def product():
    return make_product(quantity=500, types=[])


@pytest.fixture
def no_pending_cap(settings):
    # Pages of orders need more pending orders of one customer than MAX_PENDING_ORDERS allows.
    settings.MAX_PENDING_ORDERS = 0
    settings.MAX_PENDING_UNITS = 0
    settings.MAX_PENDING_VALUE = 0


def test_customers_see_only_their_own_orders(customer_client, other_client, product):
    mine = place_many(customer_client, 2, product)
    theirs = place_many(other_client, 3, product)

    my_page = customer_client.get("/api/orders").json()
    their_page = other_client.get("/api/orders").json()

    assert [o["id"] for o in my_page["orders"]] == sorted(mine, reverse=True)
    assert [o["id"] for o in their_page["orders"]] == sorted(theirs, reverse=True)
    assert my_page["pagination"]["totalItems"] == 2


def test_admins_see_every_order(customer_client, other_client, admin_client_api, product):
    ids = place_many(customer_client, 2, product) + place_many(other_client, 2, product)

    page = admin_client_api.get("/api/orders").json()

    assert sorted(o["id"] for o in page["orders"]) == sorted(ids)


def test_pages_of_six_newest_first_with_ties_broken_by_id(customer_client, product, no_pending_cap):
    ids = place_many(customer_client, 8, product)
    same_moment = timezone.now() - timedelta(days=1)
    Order.objects.filter(pk__in=ids[:4]).update(created_at=same_moment)

    first = customer_client.get("/api/orders").json()
    second = customer_client.get("/api/orders?page=2").json()
    by_cursor = customer_client.get(
        "/api/orders", {"cursor": first["pagination"]["nextCursor"]}
    ).json()

    cursor = first["pagination"].pop("nextCursor")
    assert cursor and first["pagination"] == {
        "page": 1,
        "limit": 6,
        "totalItems": 8,
        "totalPages": 2,
        "hasNextPage": True,
    }
    seen = [o["id"] for o in first["orders"] + second["orders"]]
    assert seen == ids[4:][::-1] + ids[:4][::-1]
    # The cursor reaches the same second page, ties at one moment included.
    assert by_cursor["orders"] == second["orders"]
    assert by_cursor["pagination"]["page"] == 2
    assert second["pagination"]["hasNextPage"] is False
    assert second["pagination"]["nextCursor"] is None


def test_page_past_the_end_is_empty_and_page_zero_is_400(customer_client, product):
    place_many(customer_client, 1, product)

    assert customer_client.get("/api/orders?page=5").json()["orders"] == []
    assert customer_client.get("/api/orders?page=0").status_code == 400
    # The largest page a 64-bit number holds is empty too, not an OFFSET the database refuses.
    deepest = customer_client.get("/api/orders?page=9223372036854775807")
    assert deepest.status_code == 200
    assert deepest.json()["orders"] == []
    assert deepest.json()["pagination"]["nextCursor"] is None


def test_list_costs_the_same_queries_however_many_orders_and_lines(
    admin_client_api, customer_client, django_assert_max_num_queries, no_pending_cap
):
    products = [
        make_product(name=f"P{n}", quantity=100, types=[{"name": "T", "quantity": 100}])
        for n in range(3)
    ]
    # A product sold in types takes only typed lines: the untyped lines are other products.
    plain = [make_product(name=f"Plain {n}", quantity=100) for n in range(3)]
    for _ in range(20):
        body = checkout_body(
            *[line(p, 1) for p in plain], *[line(p, 1, p.types.get()) for p in products]
        )
        assert customer_client.post("/api/orders/checkout", body, format="json").status_code == 201

    # token user, counts per status (which give the total), orders with users, their lines,
    # their events (with the actors joined)
    with django_assert_max_num_queries(5):
        page = admin_client_api.get("/api/orders?limit=20").json()

    assert len(page["orders"]) == 20 and all(len(o["items"]) == 6 for o in page["orders"])


def test_one_order_and_a_full_page_of_six_cost_the_same_queries(
    customer_client, client_for, customer, no_pending_cap
):
    products = [
        make_product(name=f"P{n}", quantity=100, types=[{"name": "T", "quantity": 100}])
        for n in range(4)
    ]
    plain = [make_product(name=f"Plain {n}", quantity=100) for n in range(4)]
    body = checkout_body(
        *[line(p, 1) for p in plain], *[line(p, 1, p.types.get()) for p in products]
    )

    def queries_for_first_page():
        client = client_for(customer)
        with CaptureQueriesContext(connection) as captured:
            page = client.get("/api/orders").json()
        return len(captured), page

    assert customer_client.post("/api/orders/checkout", body, format="json").status_code == 201
    one, page = queries_for_first_page()
    assert len(page["orders"]) == 1
    for _ in range(6):
        assert customer_client.post("/api/orders/checkout", body, format="json").status_code == 201
    six, page = queries_for_first_page()

    assert len(page["orders"]) == 6 and all(len(o["items"]) == 8 for o in page["orders"])
    assert one == six


def test_anonymous_list_is_401(api_client):
    response = api_client.get("/api/orders")

    assert response.status_code == 401
    assert response.json() == {
        "message": "Please sign in to continue.",
        "code": "not_authenticated",
    }
