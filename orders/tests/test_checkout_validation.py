"""Checkout refuses bad input with the messages of docs/api.md, in its order, storing nothing."""

from datetime import UTC, datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from tests.factories import CHECKOUT_URL, checkout_body, line, make_product, refused_order, stock_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def product():
    return make_product(name="Blue Razz", price="10.00", quantity=5)


def test_empty_cart_is_refused_before_anything_else(customer_client):
    body = refused_order(
        customer_client, {"cartItems": [], "deliveryOption": "", "customerName": ""}
    )

    assert body["message"] == "Your cart is empty"
    assert body["errors"] == {"cartItems": ["Your cart is empty"]}


def test_missing_cart_reads_as_an_empty_cart(customer_client):
    assert (
        refused_order(customer_client, {"customerName": "Casey"})["message"] == "Your cart is empty"
    )


@pytest.mark.parametrize("option", [None, "", "teleport"])
def test_delivery_option_is_required_before_the_name(customer_client, product, option):
    body = refused_order(
        customer_client,
        {"cartItems": [line(product)], "deliveryOption": option, "customerName": ""},
    )

    assert body["message"] == "Please select a delivery option"


@pytest.mark.parametrize("name", ["", "   ", None])
def test_name_is_required(customer_client, product, name):
    body = refused_order(customer_client, checkout_body(line(product), customerName=name))

    assert body["message"] == "Please enter your name for the order"
    assert body["errors"] == {"customerName": ["Please enter your name for the order"]}


@pytest.mark.parametrize("option", ["shipping", "delivery"])
def test_shipping_and_delivery_need_an_address(customer_client, product, option):
    body = refused_order(
        customer_client, checkout_body(line(product), option=option, deliveryAddress="")
    )

    assert body["message"] == "Please enter your delivery address"


def test_pickup_needs_no_address_phone_date_or_time(customer_client, product):
    response = customer_client.post(
        CHECKOUT_URL, checkout_body(line(product), option="pickup"), format="json"
    )

    assert response.status_code == 201


@pytest.mark.parametrize(
    "field, message",
    [
        ("phoneNumber", "Please enter your phone number for delivery"),
        ("deliveryDate", "Please select a delivery date"),
        ("deliveryTime", "Please select a delivery time"),
    ],
)
def test_delivery_needs_phone_date_and_time(customer_client, product, field, message):
    body = refused_order(
        customer_client, checkout_body(line(product), option="delivery", **{field: ""})
    )

    assert body["message"] == message
    assert body["errors"] == {field: [message]}


def test_delivery_fields_are_checked_in_the_forms_order(customer_client, product):
    body = checkout_body(
        line(product), option="delivery", phoneNumber="", deliveryDate="", deliveryTime=""
    )

    assert (
        refused_order(customer_client, body)["message"]
        == "Please enter your phone number for delivery"
    )


def test_an_unreadable_delivery_date_asks_for_a_date(customer_client, product):
    body = refused_order(
        customer_client, checkout_body(line(product), option="delivery", deliveryDate="next friday")
    )

    assert body["message"] == "Please select a delivery date"


# 02:00 on 10 June in UTC is still 19:00 on 9 June in Los Angeles.
EVENING_IN_LA = datetime(2026, 6, 10, 2, 0, tzinfo=UTC)


def test_delivery_date_before_today_in_los_angeles_is_refused(client_for, customer, product):
    with time_machine.travel(EVENING_IN_LA, tick=False):
        customer_client = client_for(customer)  # a token made at the pinned time
        body = refused_order(
            customer_client,
            checkout_body(line(product), option="delivery", deliveryDate="2026-06-08"),
        )
        todays = customer_client.post(
            CHECKOUT_URL,
            checkout_body(line(product), option="delivery", deliveryDate="2026-06-09"),
            format="json",
        ).json()

    assert body["message"] == "Delivery date cannot be earlier than today"
    # The 9th is yesterday in UTC but today in Los Angeles: refused for its hour, not its day.
    assert todays["message"] != "Delivery date cannot be earlier than today"


def test_delivery_today_in_los_angeles_is_accepted(client_for, customer, product):
    # 9:00 in the morning: 14:00 today is past the lead time and inside the delivery hours.
    with time_machine.travel(datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE), tick=False):
        body = checkout_body(line(product), option="delivery", deliveryDate="2026-06-10")

        response = client_for(customer).post(CHECKOUT_URL, body, format="json")

    assert response.status_code == 201
    assert response.json()["order"]["deliveryDate"] == "2026-06-10"


def test_shipping_does_not_check_a_stale_date(customer_client, product):
    body = checkout_body(line(product), option="shipping", deliveryDate="2001-01-01")

    response = customer_client.post(CHECKOUT_URL, body, format="json")

    assert response.status_code == 201
    assert response.json()["order"]["deliveryDate"] is None


@pytest.mark.parametrize("quantity", [0, -2])
def test_quantity_must_be_at_least_one(customer_client, product, quantity):
    body = refused_order(customer_client, checkout_body(line(product, quantity)))

    assert body["message"] == "Quantity must be at least 1"
    assert stock_of(product) == 5


def test_form_fields_are_checked_before_the_lines(customer_client, product):
    body = refused_order(customer_client, checkout_body(line(product, 0), customerName=""))

    assert body["message"] == "Please enter your name for the order"


def test_unknown_product_is_refused(customer_client, product):
    body = refused_order(
        customer_client,
        checkout_body(line(product), {"productId": 999999, "productTypeId": None, "quantity": 1}),
    )

    assert (
        body["message"]
        == "Some items in your cart are no longer available. Please review your cart."
    )
    assert stock_of(product) == 5


def test_unknown_type_and_a_type_of_another_product_are_refused(customer_client, product):
    other = make_product(name="Other", types=[{"name": "Mint"}])
    mint = other.types.get()

    for bad in (
        {"productId": product.pk, "productTypeId": 999999, "quantity": 1},
        line(product, 1, mint),
    ):
        body = refused_order(customer_client, checkout_body(bad))
        assert (
            body["message"]
            == "Some items in your cart are no longer available. Please review your cart."
        )


def test_unavailable_product_is_a_conflict_naming_it(customer_client):
    product = make_product(name="Gone Juice", availability=False)

    body = refused_order(customer_client, checkout_body(line(product)), status=409)

    assert "Gone Juice" in body["message"]


def test_unavailable_type_is_a_conflict_naming_it(customer_client):
    product = make_product(name="Pod", types=[{"name": "Mango", "availability": False}])

    body = refused_order(
        customer_client, checkout_body(line(product, 1, product.types.get())), status=409
    )

    assert "Pod - Mango" in body["message"]


def test_available_type_of_an_unavailable_product_is_refused(customer_client):
    product = make_product(name="Pod", availability=False, types=[{"name": "Mango"}])

    body = refused_order(
        customer_client, checkout_body(line(product, 1, product.types.get())), status=409
    )

    assert "Pod - Mango" in body["message"]


def test_product_without_a_price_cannot_be_ordered(customer_client):
    product = make_product(name="Mystery Box", price=None)

    body = refused_order(customer_client, checkout_body(line(product)), status=409)

    assert "Mystery Box" in body["message"]
    assert stock_of(product) == 10


def test_malformed_line_is_a_400_not_a_500(customer_client, product):
    body = refused_order(customer_client, checkout_body({"productId": "abc", "quantity": "many"}))

    assert body["message"] == (
        "Some items in your cart are no longer available. Please review your cart."
    )


def test_quantity_beyond_stock_is_a_conflict_naming_what_is_left(customer_client, product):
    body = refused_order(customer_client, checkout_body(line(product, 6)), status=409)

    assert body["message"] == "Only 5 items available in stock for Blue Razz"
    assert stock_of(product) == 5


def test_short_type_names_product_and_type(customer_client):
    product = make_product(name="Pod", types=[{"name": "Mango", "quantity": 2}])
    mango = product.types.get()

    body = refused_order(customer_client, checkout_body(line(product, 3, mango)), status=409)

    assert body["message"] == "Only 2 items available in stock for Pod - Mango"
    assert stock_of(mango) == 2


def test_two_lines_of_one_item_count_together_against_stock(customer_client, product):
    body = refused_order(
        customer_client, checkout_body(line(product, 3), line(product, 3)), status=409
    )

    assert body["message"] == "Only 5 items available in stock for Blue Razz"


def test_every_short_line_is_named_at_once(customer_client, product):
    scarce = make_product(name="Scarce", quantity=1)
    plenty = make_product(name="Plenty", quantity=50)

    body = refused_order(
        customer_client,
        checkout_body(line(product, 6), line(plenty, 2), line(scarce, 2)),
        status=409,
    )

    short = [
        "Only 5 items available in stock for Blue Razz",
        "Only 1 items available in stock for Scarce",
    ]
    assert body["message"] == "2 items are short of stock: " + "; ".join(short)
    assert body["errors"] == {"cartItems": short}
    assert (stock_of(product), stock_of(scarce), stock_of(plenty)) == (5, 1, 50)


def test_a_short_second_line_rolls_back_the_first(customer_client, product):
    scarce = make_product(name="Scarce", quantity=1)

    refused_order(customer_client, checkout_body(line(product, 2), line(scarce, 2)), status=409)

    assert stock_of(product) == 5 and stock_of(scarce) == 1


@pytest.mark.parametrize(
    "cart_items",
    [
        [{"productId": 2**70, "quantity": 1}],  # past a 64-bit id: SQLite cannot even bind it
        [{"productId": 1, "productTypeId": 2**64, "quantity": 1}],
        [{"productId": 0, "quantity": 1}],
        [None],
        [[1, 1]],
    ],
)
def test_lines_that_name_nothing_the_shop_sells_are_a_400(customer_client, cart_items):
    body = refused_order(customer_client, checkout_body(*cart_items))

    assert (
        body["message"]
        == "Some items in your cart are no longer available. Please review your cart."
    )


@pytest.mark.parametrize("field, value", [("total", 1e30), ("deliveryFee", "1e400")])
def test_an_absurd_client_figure_is_a_price_change_not_a_crash(
    customer_client, product, field, value
):
    body = refused_order(
        customer_client, checkout_body(line(product), **{field: value}), status=409
    )

    assert body["message"] == "Prices have changed. Please review your cart."
    assert stock_of(product) == 5


@pytest.mark.parametrize(
    "field, value", [("total", "NaN"), ("deliveryFee", -8), ("customerName", "Nul\x00l")]
)
def test_unreadable_figures_and_nul_characters_are_a_400(customer_client, product, field, value):
    body = refused_order(customer_client, checkout_body(line(product), **{field: value}))

    assert list(body["errors"]) == [field]
