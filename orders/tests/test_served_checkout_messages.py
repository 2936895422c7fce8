"""The checkout messages GET /api/shop/info serves (checkoutMessages, notShippable) are the
ones checkout answers: the client shows the served ones before it posts."""

from datetime import timedelta

import pytest

from common.shoptime import shop_today
from tests.factories import checkout_body, line, make_product, refused_order

pytestmark = pytest.mark.django_db

YESTERDAY = (shop_today() - timedelta(days=1)).isoformat()
PAST_HORIZON = (shop_today() + timedelta(days=31)).isoformat()  # DELIVERY_MAX_DAYS_AHEAD: 30
# Each served key, and a checkout the server refuses with that message.
BAD_CHECKOUTS = {
    "cartEmpty": lambda product: checkout_body(),
    "option": lambda product: checkout_body(line(product), option="drone"),
    "name": lambda product: checkout_body(line(product), customerName=""),
    "address": lambda product: checkout_body(line(product), option="shipping", deliveryAddress=""),
    "state": lambda product: checkout_body(line(product), option="shipping", shippingState=""),
    "phone": lambda product: checkout_body(line(product), option="delivery", phoneNumber=""),
    "date": lambda product: checkout_body(line(product), option="delivery", deliveryDate=""),
    "datePast": lambda product: checkout_body(
        line(product), option="delivery", deliveryDate=YESTERDAY
    ),
    "time": lambda product: checkout_body(line(product), option="delivery", deliveryTime=""),
    "phoneInvalid": lambda product: checkout_body(
        line(product), option="delivery", phoneNumber="555"
    ),
    "dateTooFar": lambda product: checkout_body(
        line(product), option="delivery", deliveryDate=PAST_HORIZON
    ),
}


def served(client):
    return client.get("/api/shop/info").json()


def test_every_served_checkout_message_is_tested(client):
    assert set(served(client)["checkoutMessages"]) == set(BAD_CHECKOUTS)


@pytest.mark.parametrize("key", sorted(BAD_CHECKOUTS))
def test_served_checkout_message_is_what_checkout_answers(client, customer_client, key):
    product = make_product()

    answer = refused_order(customer_client, BAD_CHECKOUTS[key](product))

    assert answer["message"] == served(client)["checkoutMessages"][key]


def test_served_not_shippable_sentence_is_what_checkout_answers(client, customer_client):
    juice = make_product(name="Cloud Nine", category="juices")

    answer = refused_order(customer_client, checkout_body(line(juice), option="shipping"))

    assert answer["message"] == served(client)["notShippable"].format(name="Cloud Nine")


@pytest.mark.parametrize(
    "key, status, make",
    [
        ("noPrice", 409, lambda: make_product(name="Lamp", price=None)),
        ("notForSale", 409, lambda: make_product(name="Lamp", availability=False)),
    ],
)
def test_served_cart_line_sentences_are_what_checkout_answers(
    client, customer_client, key, status, make
):
    answer = refused_order(customer_client, checkout_body(line(make())), status=status)

    assert answer["message"] == served(client)["cartLineMessages"][key].format(name="Lamp")


def test_served_review_sentence_is_what_checkout_answers_for_a_product_gone(
    client, customer_client
):
    gone = make_product()
    body = checkout_body(line(gone))
    gone.delete()

    answer = refused_order(customer_client, body)

    assert answer["message"] == served(client)["cartLineMessages"]["review"]
