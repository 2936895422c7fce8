"""What is known before checkout is said at once (issue 42, item 3): the quote serves what a
customer's pending orders hold and the refusal checkout would give for the pending caps, shop
info serves the caps, and a checkout names the first problem in the form's order."""

import pytest

from orders.models import Order
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

QUOTE = "/api/orders/quote"
PENDING_CAP = (
    "You already have 3 orders waiting to be completed. Please wait until one is completed or "
    "cancelled before placing another."
)


def quote(client, *lines):
    answer = client.post(QUOTE, {"cartItems": list(lines)}, format="json")
    assert answer.status_code == 200, answer.json()
    return answer.json()


def test_the_quote_says_the_pending_orders_refusal_before_the_form(customer_client):
    lamp = make_product(name="Lamp", price="5.00", quantity=40)
    assert quote(customer_client, line(lamp))["pending"] == {
        "orders": 0,
        "value": 0,
        "message": "",
    }
    for _ in range(3):
        post_checkout(customer_client, checkout_body(line(lamp)))

    pending = quote(customer_client, line(lamp))["pending"]

    assert pending == {"orders": 3, "value": 15.0, "message": PENDING_CAP}
    # The checkout refuses with the same words, and stores nothing more.
    refused = post_checkout(customer_client, checkout_body(line(lamp)), status=400)
    assert refused["message"] == PENDING_CAP and Order.objects.count() == 3


def test_the_quote_says_the_units_and_value_caps_in_the_checkout_s_words(customer_client):
    lamp = make_product(name="Lamp", price="100.00", quantity=40)
    post_checkout(customer_client, checkout_body(line(lamp, 4)))

    units = quote(customer_client, line(lamp, 7))["pending"]["message"]
    value = quote(customer_client, line(lamp, 2))["pending"]["message"]

    assert units == (
        "You can hold at most 10 of Lamp across your orders waiting to be completed (4 already)."
    )
    assert value == (
        "Your orders waiting to be completed can hold at most $500.00 of goods together "
        "($400.00 already). Please wait until one is completed or cancelled."
    )
    assert (
        post_checkout(customer_client, checkout_body(line(lamp, 2)), status=400)["message"] == value
    )
    assert quote(customer_client, line(lamp, 1))["pending"]["message"] == ""


def test_another_customer_s_orders_are_not_counted(customer_client, other_client):
    lamp = make_product(name="Lamp", price="5.00", quantity=40)
    for _ in range(3):
        post_checkout(other_client, checkout_body(line(lamp)))

    assert quote(customer_client, line(lamp))["pending"]["message"] == ""


def test_shop_info_serves_every_pending_cap(client, settings, admin_client_api):
    info = client.get("/api/shop/info").json()
    assert (info["maxPendingOrders"], info["maxPendingUnits"], info["maxPendingValue"]) == (
        3,
        10,
        500.0,
    )
    saved = admin_client_api.patch(
        "/api/shop/settings", {"maxPendingValue": 0, "maxPendingUnits": 0}, format="json"
    )
    assert saved.status_code == 200

    info = client.get("/api/shop/info").json()
    assert info["maxPendingUnits"] is None and info["maxPendingValue"] is None


def test_a_malformed_phone_is_named_before_a_missing_date(customer_client):
    lamp = make_product()
    body = checkout_body(line(lamp), option="delivery", phoneNumber="12345", deliveryDate="")

    answer = post_checkout(customer_client, body, status=400)

    assert answer["message"] == "Please enter a valid phone number"
    assert answer["errors"] == {"phoneNumber": ["Please enter a valid phone number"]}
    assert not Order.objects.exists()


def test_a_pickup_order_keeps_the_phone_given_and_refuses_a_malformed_one(customer_client):
    lamp = make_product()

    bad = post_checkout(customer_client, checkout_body(line(lamp), phoneNumber="12345"), 400)
    placed = post_checkout(customer_client, checkout_body(line(lamp), phoneNumber="7145550142"))

    assert bad["errors"] == {"phoneNumber": ["Please enter a valid phone number"]}
    assert placed["order"]["phoneNumber"] == "(714) 555-0142"
    assert Order.objects.get().phone_number == "(714) 555-0142"
