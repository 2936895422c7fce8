"""My Orders answers "when and where": the order answer carries the booked moment of a local
delivery (`deliveryAt`) and the status history (`events`), which never names who made a
change, and a page of orders costs the same queries however many orders and events it has."""

import io
from datetime import datetime, time, timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.shoptime import SHOP_TIME_ZONE, shop_today
from orders.models import Order
from tests.factories import CHECKOUT_URL, checkout_body, line, make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def lamp():
    return make_product(name="Lava Lamp", quantity=100)


def place(client, body):
    response = client.post(CHECKOUT_URL, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["order"]


def my_orders(client):
    response = client.get("/api/orders")
    assert response.status_code == 200
    return {order["id"]: order for order in response.json()["orders"]}


def test_a_local_delivery_answers_its_booked_moment_in_the_shops_zone(customer_client, lamp):
    day = shop_today() + timedelta(days=2)
    order = place(
        customer_client,
        checkout_body(
            line(lamp), option="delivery", deliveryDate=day.isoformat(), deliveryTime="11:00"
        ),
    )

    booked = datetime.combine(day, time(11), tzinfo=SHOP_TIME_ZONE)
    assert order["deliveryAt"] == booked.isoformat()  # e.g. 2026-11-26T11:00:00-08:00
    listed = my_orders(customer_client)[order["id"]]
    assert listed["deliveryAt"] == booked.isoformat()
    assert (listed["deliveryAddress"], listed["deliveryZip"]) == (
        "12 Main St, Garden Grove, CA",
        "92840",
    )


@pytest.mark.parametrize("option", ["pickup", "shipping"])
def test_pickup_and_shipping_have_no_booked_moment(customer_client, lamp, option):
    assert place(customer_client, checkout_body(line(lamp), option=option))["deliveryAt"] is None


def test_a_new_order_has_one_event_placed_by_the_customer(customer_client, lamp):
    order = place(customer_client, checkout_body(line(lamp)))

    (placed,) = order["events"]
    assert set(placed) == {"fromStatus", "toStatus", "at", "note", "reason", "byShop"}
    assert (placed["fromStatus"], placed["toStatus"], placed["note"], placed["byShop"]) == (
        "",
        "pending",
        "",
        False,
    )
    assert placed["at"].endswith("Z")
    assert abs(datetime.fromisoformat(placed["at"]) - timezone.now()) < timedelta(minutes=1)


def test_an_admins_change_is_by_the_shop_and_never_names_the_admin(
    customer_client, admin_client_api, admin_user, lamp
):
    order = place(customer_client, checkout_body(line(lamp)))
    assert admin_client_api.put(f"/api/orders/{order['id']}/cancel").status_code == 200

    response = customer_client.get("/api/orders")
    listed = response.json()["orders"][0]

    assert [(e["fromStatus"], e["toStatus"], e["byShop"]) for e in listed["events"]] == [
        ("", "pending", False),
        ("pending", "cancelled", True),
    ]
    assert (
        listed["events"][1]["note"] == f"Customer email queued: Order #{order['id']} was cancelled"
    )
    assert listed["events"][1]["reason"] == ""
    text = response.content.decode()
    assert admin_user.email not in text and admin_user.name not in text
    assert all(
        set(e) == {"fromStatus", "toStatus", "at", "note", "reason", "byShop"}
        for e in listed["events"]
    )
    # The admin's own answer has the same shape: no actor there either.
    admin_answer = admin_client_api.get("/api/orders").json()["orders"][0]
    assert admin_answer["events"] == listed["events"]


def test_a_hold_that_ran_out_says_so_and_is_not_by_the_shop(customer_client, lamp, settings):
    settings.PENDING_HOLD_HOURS = 48
    order = place(customer_client, checkout_body(line(lamp)))
    Order.objects.filter(pk=order["id"]).update(created_at=timezone.now() - timedelta(hours=49))
    call_command("expire_pending_orders", stdout=io.StringIO())

    listed = my_orders(customer_client)[order["id"]]

    assert listed["status"] == "cancelled"
    expired = listed["events"][-1]
    assert (expired["toStatus"], expired["byShop"]) == ("cancelled", False)
    assert expired["note"].startswith("Hold expired.")
    assert expired["reason"] == "Hold expired."


def test_a_page_costs_the_same_queries_however_many_orders_and_events(
    customer, client_for, admin_client_api, lamp, settings
):
    settings.MAX_PENDING_ORDERS = 0
    settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0
    shopper = client_for(customer)

    def queries_for_my_orders():
        client = client_for(customer)
        with CaptureQueriesContext(connection) as captured:
            page = client.get("/api/orders").json()
        return len(captured), page

    place(shopper, checkout_body(line(lamp)))
    one, page = queries_for_my_orders()
    assert len(page["orders"]) == 1 and len(page["orders"][0]["events"]) == 1

    for n in range(5):
        order = place(shopper, checkout_body(line(lamp)))
        verb = "cancel" if n % 2 else "complete"
        assert admin_client_api.put(f"/api/orders/{order['id']}/{verb}").status_code == 200
    six, page = queries_for_my_orders()

    assert len(page["orders"]) == 6
    assert sum(len(o["events"]) for o in page["orders"]) == 11
    assert one == six
