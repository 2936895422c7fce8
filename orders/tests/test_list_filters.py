"""The admin order list's filters (status, option, search, Los Angeles date range, due today),
their combinations, the per-status counts, and customers kept to their own orders."""

from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order
from orders.rollups import rollup_add

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE
NOW = datetime(2026, 6, 10, 15, 0, tzinfo=LA)


@pytest.fixture(autouse=True)
def pinned_clock():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def admin(pinned_clock, client_for, admin_user):
    return client_for(admin_user)


def place(user, *, placed, option="pickup", status="pending", name=None, delivery=None):
    order = Order.objects.create(
        user=user,
        customer_name=name or user.name,
        delivery_option=option,
        status=status,
        delivery_date=delivery.date() if delivery else None,
        delivery_at=delivery,
        total="10.00",
    )
    Order.objects.filter(pk=order.pk).update(created_at=placed)
    # Made around the services, so counted as the checkout would (orders/rollups.py).
    order.refresh_from_db()
    rollup_add(order)
    return order.pk


@pytest.fixture
def orders(customer, other_customer):
    """Casey and Olive's orders around Wednesday 10 June 2026 (Los Angeles)."""
    return {
        "casey_monday": place(customer, placed=datetime(2026, 6, 8, 12, 0, tzinfo=LA)),
        # 23:30 on Tuesday in Los Angeles is already Wednesday in UTC.
        "casey_tuesday_late": place(
            customer, placed=datetime(2026, 6, 9, 23, 30, tzinfo=LA), status="completed"
        ),
        "casey_today_pickup": place(customer, placed=datetime(2026, 6, 10, 9, 0, tzinfo=LA)),
        "olive_today_shipping": place(
            other_customer, placed=datetime(2026, 6, 10, 10, 0, tzinfo=LA), option="shipping"
        ),
        "olive_delivery_today": place(
            other_customer,
            placed=datetime(2026, 6, 9, 8, 0, tzinfo=LA),
            option="delivery",
            delivery=datetime(2026, 6, 10, 13, 0, tzinfo=LA),
        ),
        "olive_delivery_early_today": place(
            other_customer,
            placed=datetime(2026, 6, 8, 8, 0, tzinfo=LA),
            option="delivery",
            delivery=datetime(2026, 6, 10, 10, 0, tzinfo=LA),
            status="cancelled",
        ),
        "olive_delivery_tomorrow": place(
            other_customer,
            placed=datetime(2026, 6, 10, 8, 0, tzinfo=LA),
            option="delivery",
            delivery=datetime(2026, 6, 11, 12, 0, tzinfo=LA),
        ),
    }


def ids(client, query):
    response = client.get(f"/api/orders?limit=100&{query}")
    assert response.status_code == 200, response.json()
    return [o["id"] for o in response.json()["orders"]]


def names(orders, *keys):
    return {orders[key] for key in keys}


def test_status_filter(admin, orders):
    assert set(ids(admin, "status=completed")) == names(orders, "casey_tuesday_late")


def test_delivery_option_filter(admin, orders):
    assert set(ids(admin, "deliveryOption=delivery")) == names(
        orders, "olive_delivery_today", "olive_delivery_early_today", "olive_delivery_tomorrow"
    )


@pytest.mark.parametrize("text", ["olive", "OLIVE O", "olive@EXAMPLE"])
def test_search_by_customer_name_or_email(admin, orders, text):
    assert set(ids(admin, f"search={text}")) == names(
        orders,
        "olive_today_shipping",
        "olive_delivery_today",
        "olive_delivery_early_today",
        "olive_delivery_tomorrow",
    )


def test_search_by_order_number(admin, orders):
    number = orders["casey_monday"]

    assert ids(admin, f"search={number}") == [number]
    assert ids(admin, f"search=%23{number}") == [number]


def test_from_and_to_are_inclusive_los_angeles_days(admin, orders):
    assert set(ids(admin, "from=2026-06-09&to=2026-06-09")) == names(
        orders, "casey_tuesday_late", "olive_delivery_today"
    )
    assert set(ids(admin, "to=2026-06-08")) == names(
        orders, "casey_monday", "olive_delivery_early_today"
    )
    assert set(ids(admin, "from=2026-06-10")) == names(
        orders, "casey_today_pickup", "olive_today_shipping", "olive_delivery_tomorrow"
    )


def test_due_today_is_todays_pickups_and_deliveries_in_time_order(admin, orders):
    """Those still to hand over first (each group in time order): the day's work on top."""
    assert ids(admin, "due=today") == [
        orders["casey_today_pickup"],  # placed 9:00
        orders["olive_delivery_today"],  # booked 13:00
        orders["olive_delivery_early_today"],  # booked 10:00, cancelled
    ]


def test_filters_combine(admin, orders):
    assert ids(admin, "due=today&status=pending&search=olive") == [orders["olive_delivery_today"]]
    assert ids(admin, "deliveryOption=pickup&from=2026-06-09&to=2026-06-10") == [
        orders["casey_today_pickup"],
        orders["casey_tuesday_late"],
    ]
    assert ids(admin, "status=completed&search=olive") == []


def test_counts_per_status_under_the_other_filters(admin, orders):
    page = admin.get("/api/orders?deliveryOption=delivery&status=pending").json()

    assert page["counts"] == {"pending": 2, "completed": 0, "cancelled": 1}
    assert page["pagination"]["totalItems"] == 2
    assert admin.get("/api/orders").json()["counts"] == {
        "pending": 5,
        "completed": 1,
        "cancelled": 1,
    }


def test_a_customers_filters_never_reach_anothers_orders(client_for, customer, orders):
    casey = client_for(customer)
    olive_order = orders["olive_delivery_today"]

    assert ids(casey, "search=olive") == []
    assert ids(casey, f"search={olive_order}") == []
    assert ids(casey, "deliveryOption=delivery") == []
    assert set(ids(casey, "due=today")) == names(orders, "casey_today_pickup")
    assert casey.get("/api/orders?search=olive").json()["counts"] == {
        "pending": 0,
        "completed": 0,
        "cancelled": 0,
    }
    assert casey.get("/api/orders").json()["counts"] == {
        "pending": 2,
        "completed": 1,
        "cancelled": 0,
    }


@pytest.mark.parametrize(
    "query, message",
    [
        ("status=shipped", "status must be one of: pending, completed, cancelled."),
        ("deliveryOption=drone", "deliveryOption must be one of: pickup, shipping, delivery."),
        ("from=June", "from must be a date written YYYY-MM-DD."),
        ("to=2026-02-30", "to must be a date written YYYY-MM-DD."),
        ("from=2026-06-10&to=2026-06-01", "From must be on or before To."),
        ("to=9999-12-31", "to must be a date from 2000-01-01 to 2100-12-31."),
        ("from=0001-01-01", "from must be a date from 2000-01-01 to 2100-12-31."),
        ("due=tomorrow", "due must be one of: today."),
        ("search=" + "x" * 201, "Search must be at most 200 characters"),
    ],
)
def test_bad_filter_values_are_400_with_a_message(admin, query, message):
    response = admin.get(f"/api/orders?{query}")

    assert response.status_code == 400
    assert response.json()["message"] == message


def test_filtered_pages_cost_a_fixed_number_of_queries(
    admin, orders, django_assert_max_num_queries
):
    # token user, the customers whose email holds the search, counts per status (which give
    # the total), orders with users, their lines, their events (with the actors joined)
    with django_assert_max_num_queries(6):
        page = admin.get("/api/orders?due=today&search=olive&status=pending&from=2026-06-01")

    assert [o["id"] for o in page.json()["orders"]] == [orders["olive_delivery_today"]]
