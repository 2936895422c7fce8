"""Holds that cannot hoard: units of one product per order and pending orders per customer
are capped (400 before anything is stored), and a pending order whose hold ran out is
cancelled by `manage.py expire_pending_orders`, its stock back and its customer told."""

import io
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.utils import timezone

from common.shoptime import format_when, shop_today
from orders.models import Order, OrderEvent
from tests.factories import checkout_body, line, make_product, post_checkout, stock_of

pytestmark = pytest.mark.django_db

PENDING_CAP = (
    "You already have 3 orders waiting to be completed. Please wait until one is completed or "
    "cancelled before placing another."
)


def refused_with(client, body, message, *, orders_before=0):
    answer = post_checkout(client, body, status=400)
    assert answer["message"] == message
    assert Order.objects.count() == orders_before
    return answer


# --- Units of one product (or type) per order ----------------------------------------------


def test_ten_units_of_a_product_sell_and_eleven_are_refused(customer_client):
    geek = make_product(name="Geek Bar Pulse X", quantity=40)

    answer = refused_with(
        customer_client,
        checkout_body(line(geek, 11)),
        "You can order at most 10 of Geek Bar Pulse X per order.",
    )

    assert answer["errors"] == {"cartItems": [answer["message"]]}
    assert stock_of(geek) == 40
    (item,) = post_checkout(customer_client, checkout_body(line(geek, 10)))["order"]["items"]
    assert item["quantity"] == 10 and stock_of(geek) == 30


def test_the_limit_counts_a_type_and_lines_split_in_two(customer_client):
    pod = make_product(name="Pod", types=[{"name": "Mint", "quantity": 30}])
    mint = pod.types.get()

    refused_with(
        customer_client,
        checkout_body(line(pod, 6, mint), line(pod, 5, mint)),
        "You can order at most 10 of Pod - Mint per order.",
    )

    assert stock_of(mint) == 30


def test_every_line_over_the_limit_is_named_at_once(customer_client):
    lamp = make_product(name="Lamp", quantity=50)
    pod = make_product(name="Pod", types=[{"name": "Mint", "quantity": 50}])
    mint = pod.types.get()
    fine = make_product(name="Lighter", quantity=50)

    answer = refused_with(
        customer_client,
        checkout_body(line(fine, 10), line(lamp, 12), line(pod, 20, mint)),
        "You can order at most 10 of each item per order: Lamp, Pod - Mint.",
    )

    assert answer["errors"]["cartItems"] == [
        "You can order at most 10 of Lamp per order.",
        "You can order at most 10 of Pod - Mint per order.",
    ]
    assert (stock_of(lamp), stock_of(mint), stock_of(fine)) == (50, 50, 50)


def test_the_limit_is_the_setting_and_zero_lifts_it(customer_client, client, settings):
    lamp = make_product(name="Lamp", quantity=50)
    settings.MAX_UNITS_PER_LINE = 2

    assert client.get("/api/shop/info").json()["maxUnitsPerLine"] == 2
    refused_with(
        customer_client,
        checkout_body(line(lamp, 3)),
        "You can order at most 2 of Lamp per order.",
    )

    settings.MAX_UNITS_PER_LINE = 0
    settings.MAX_PENDING_UNITS = 0
    assert client.get("/api/shop/info").json()["maxUnitsPerLine"] is None
    post_checkout(customer_client, checkout_body(line(lamp, 30)))
    assert stock_of(lamp) == 20


def test_the_form_fields_are_checked_before_the_limit(customer_client):
    lamp = make_product(name="Lamp", quantity=50)

    refused_with(
        customer_client,
        checkout_body(line(lamp, 11), customerName=""),
        "Please enter your name for the order",
    )


# --- Pending orders per customer ------------------------------------------------------------


@pytest.fixture
def lamp():
    return make_product(name="Lamp", quantity=50)


def three_pending(client, lamp):
    return [post_checkout(client, checkout_body(line(lamp, 2)))["order"]["id"] for _ in range(3)]


def test_a_fourth_pending_order_is_refused_and_nothing_is_taken(
    customer_client, lamp, mailoutbox, django_capture_on_commit_callbacks
):
    three_pending(customer_client, lamp)

    with django_capture_on_commit_callbacks(execute=True):
        answer = refused_with(
            customer_client, checkout_body(line(lamp, 1)), PENDING_CAP, orders_before=3
        )

    assert answer["errors"] == {"cartItems": [PENDING_CAP]}
    assert stock_of(lamp) == 44
    assert mailoutbox == []


def test_another_customer_is_not_held_back(customer_client, other_client, lamp):
    three_pending(customer_client, lamp)

    post_checkout(other_client, checkout_body(line(lamp, 1)))

    assert Order.objects.count() == 4 and stock_of(lamp) == 43


@pytest.mark.parametrize("action", ["cancel", "complete"])
def test_an_order_cancelled_or_completed_frees_a_slot(
    customer_client, admin_client_api, lamp, action
):
    first, *_ = three_pending(customer_client, lamp)
    refused_with(customer_client, checkout_body(line(lamp, 1)), PENDING_CAP, orders_before=3)

    assert admin_client_api.put(f"/api/orders/{first}/{action}").status_code == 200
    placed = post_checkout(customer_client, checkout_body(line(lamp, 1)))

    assert placed["order"]["status"] == "pending"
    assert Order.objects.filter(status="pending").count() == 3


def test_a_replay_at_the_limit_answers_the_original_order(customer_client, lamp):
    body = checkout_body(line(lamp, 2))
    original = post_checkout(customer_client, body, **{"Idempotency-Key": "third"})["order"]
    post_checkout(customer_client, checkout_body(line(lamp, 1)))
    post_checkout(customer_client, checkout_body(line(lamp, 1)))

    replayed = post_checkout(customer_client, body, status=200, **{"Idempotency-Key": "third"})

    assert replayed["order"]["id"] == original["id"]
    assert Order.objects.count() == 3 and stock_of(lamp) == 46
    # A new key is a new order: refused.
    refused_with(
        customer_client,
        body | {"specialInstructions": "again"},
        PENDING_CAP,
        orders_before=3,
    )


def test_the_pending_limit_is_the_setting_and_is_served(customer_client, client, lamp, settings):
    settings.MAX_PENDING_ORDERS = 1
    assert client.get("/api/shop/info").json()["maxPendingOrders"] == 1
    post_checkout(customer_client, checkout_body(line(lamp)))

    refused_with(
        customer_client,
        checkout_body(line(lamp)),
        "You already have 1 order waiting to be completed. Please wait until one is completed "
        "or cancelled before placing another.",
        orders_before=1,
    )
    settings.MAX_PENDING_ORDERS = 0
    assert client.get("/api/shop/info").json()["maxPendingOrders"] is None
    post_checkout(customer_client, checkout_body(line(lamp)))


# --- Holds that run out -----------------------------------------------------------------------


def expire():
    out = io.StringIO()
    call_command("expire_pending_orders", stdout=out)
    return out.getvalue().strip()


def test_a_pending_order_past_its_hold_is_cancelled_once(
    customer, client_for, admin_client_api, lamp, mailoutbox, django_capture_on_commit_callbacks
):
    start = timezone.now()
    with time_machine.travel(start, tick=False) as clock:
        shopper = client_for(customer)
        old = post_checkout(shopper, checkout_body(line(lamp, 3)))["order"]["id"]
        done = post_checkout(shopper, checkout_body(line(lamp, 1)))["order"]["id"]
        assert admin_client_api.put(f"/api/orders/{done}/complete").status_code == 200
        clock.shift(timedelta(hours=2))
        young = post_checkout(shopper, checkout_body(line(lamp, 4)))["order"]["id"]
        mailoutbox.clear()
        assert stock_of(lamp) == 42

        clock.move_to(start + timedelta(hours=49))
        with django_capture_on_commit_callbacks(execute=True):
            printed = expire()

        assert printed == "Cancelled 1 pending order older than 48 hours."
        statuses = dict(Order.objects.values_list("pk", "status"))
        assert (statuses[old], statuses[young], statuses[done]) == (
            "cancelled",
            "pending",
            "completed",
        )
        assert stock_of(lamp) == 45  # the 49-hour-old order's 3 units are back
        event = OrderEvent.objects.filter(order_id=old).last()
        assert (event.from_status, event.to_status, event.actor) == ("pending", "cancelled", None)
        assert event.note == f"Hold expired. Customer email queued: Order #{old} was cancelled"
        (email,) = mailoutbox
        assert email.to == ["casey@example.com"]
        assert email.subject == f"Order #{old} was cancelled"
        assert "not completed within 48 hours" in email.body
        # The customer sees it in their list, and may order again.
        mine = client_for(customer).get("/api/orders").json()["orders"]
        assert {o["id"]: o["status"] for o in mine}[old] == "cancelled"

        with django_capture_on_commit_callbacks(execute=True):
            assert expire() == "Cancelled 0 pending orders older than 48 hours."

        assert OrderEvent.objects.filter(order_id=old).count() == 2
        assert len(mailoutbox) == 1 and stock_of(lamp) == 45


def test_a_delivery_booked_far_ahead_is_held_from_when_it_was_placed(
    customer, client_for, lamp, settings
):
    # Issue 43: a delivery booked 25 days ahead held its stock until 48 h after the booked
    # time. Now stock is held at most the hold, whatever the booked date.
    settings.DELIVERY_MAX_DAYS_AHEAD = 30
    start = timezone.now()
    with time_machine.travel(start, tick=False) as clock:
        booked = shop_today() + timedelta(days=25)
        body = checkout_body(line(lamp, 2), option="delivery", deliveryDate=booked.isoformat())
        order_id = post_checkout(client_for(customer), body)["order"]["id"]

        clock.move_to(start + timedelta(hours=47))
        assert expire() == "Cancelled 0 pending orders older than 48 hours."
        clock.move_to(start + timedelta(hours=49))
        assert expire() == "Cancelled 1 pending order older than 48 hours."

    assert Order.objects.get(pk=order_id).status == "cancelled" and stock_of(lamp) == 50


def test_zero_hold_hours_expires_nothing(customer_client, lamp, settings):
    order_id = post_checkout(customer_client, checkout_body(line(lamp, 2)))["order"]["id"]
    settings.PENDING_HOLD_HOURS = 0

    with time_machine.travel(timezone.now() + timedelta(days=30), tick=False):
        assert expire() == "PENDING_HOLD_HOURS is 0: holds never expire; nothing cancelled."

    assert Order.objects.get(pk=order_id).status == "pending" and stock_of(lamp) == 48


# --- What one account's pending orders may hold together (issue 43) ------------------------


def _shop_of_33():
    """The attacked shop's figures: 33 sellable products, 546 units, 12.00 each."""
    products = [
        make_product(name=f"Item {n:02d}", price="12.00", quantity=17 if n < 18 else 16)
        for n in range(33)
    ]
    assert sum(stock_of(p) for p in products) == 546
    return products


def test_one_account_cannot_take_the_shop_off_sale(customer_client, client_for, make_user):
    products = _shop_of_33()

    # The attack that worked: three orders of 10 units of every product (29 of 33 to zero).
    for _ in range(3):
        post_checkout(customer_client, checkout_body(*[line(p, 10) for p in products]), 400)
    # Then the most the rules let through: each order as many products, 10 units each, as
    # is accepted, fewest first.
    for _ in range(3):
        for count in range(len(products), 0, -1):
            body = checkout_body(*[line(p, 10) for p in products[:count]])
            if customer_client.post("/api/orders/checkout", body, format="json").status_code == 201:
                break

    left = [stock_of(p) for p in products]
    assert left.count(0) == 0
    assert sum(left) >= 546 - 500 // 12
    # The shopper next in line still buys.
    shopper = client_for(make_user())
    post_checkout(shopper, checkout_body(*[line(p, 5) for p in products[:4]]))


def test_units_of_one_product_count_across_pending_orders(customer_client):
    lamp = make_product(name="Lamp", price="5.00", quantity=40)
    post_checkout(customer_client, checkout_body(line(lamp, 6)))

    answer = post_checkout(customer_client, checkout_body(line(lamp, 5)), status=400)

    assert answer["message"] == (
        "You can hold at most 10 of Lamp across your orders waiting to be completed (6 already)."
    )
    assert stock_of(lamp) == 34
    post_checkout(customer_client, checkout_body(line(lamp, 4)))
    assert stock_of(lamp) == 30


def test_the_pending_value_is_capped_and_the_owner_sets_it(customer_client, admin_client_api):
    lamp = make_product(name="Lamp", price="100.00", quantity=40)
    chair = make_product(name="Chair", price="100.00", quantity=40)
    post_checkout(customer_client, checkout_body(line(lamp, 4)))

    answer = post_checkout(customer_client, checkout_body(line(chair, 2)), status=400)

    assert answer["message"] == (
        "Your orders waiting to be completed can hold at most $500.00 of goods together "
        "($400.00 already). Please wait until one is completed or cancelled."
    )
    assert stock_of(chair) == 40 and Order.objects.count() == 1
    saved = admin_client_api.patch(
        "/api/shop/settings", {"maxPendingValue": 0, "maxPendingUnits": 0}, format="json"
    )
    assert saved.status_code == 200
    post_checkout(customer_client, checkout_body(line(chair, 2)))
    assert stock_of(chair) == 38


def test_a_completed_order_frees_the_customer_s_allowance(customer_client, admin_client_api):
    lamp = make_product(name="Lamp", price="5.00", quantity=40)
    order_id = post_checkout(customer_client, checkout_body(line(lamp, 10)))["order"]["id"]
    post_checkout(customer_client, checkout_body(line(lamp, 1)), status=400)

    assert admin_client_api.put(f"/api/orders/{order_id}/complete").status_code == 200

    post_checkout(customer_client, checkout_body(line(lamp, 10)))


def test_the_confirmation_says_when_the_hold_ends(
    customer_client, mailoutbox, lamp, settings, django_capture_on_commit_callbacks
):
    settings.DELIVERY_MAX_DAYS_AHEAD = 30
    start = timezone.now()
    with time_machine.travel(start, tick=False), django_capture_on_commit_callbacks(execute=True):
        booked = (shop_today() + timedelta(days=25)).isoformat()
        post_checkout(
            customer_client,
            checkout_body(line(lamp, 1), option="delivery", deliveryDate=booked),
        )

    confirmation = next(m for m in mailoutbox if m.to == ["casey@example.com"])
    until = format_when(start + timedelta(hours=48))
    assert f"We hold these items for you until {until}." in confirmation.body
    assert "even if its delivery is booked for later" in confirmation.body
