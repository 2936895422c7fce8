"""A placed order: prices and fees from the server, stock taken, copies kept, retries safe."""

import logging
from decimal import Decimal

import pytest

from orders.models import Order, OrderEvent
from tests.factories import checkout_body, line, make_product, post_checkout, stock_of

pytestmark = pytest.mark.django_db

URL = "/api/orders/checkout"


def test_checkout_answers_the_order_and_takes_the_stock(customer_client, customer):
    plain = make_product(name="Lighter", price="2.50", quantity=10)
    pod = make_product(
        name="Pod",
        price="9.00",
        types=[{"name": "Mint", "price": "12.00", "quantity": 4}, {"name": "Grape", "quantity": 3}],
    )
    mint, grape = pod.types.order_by("id")

    body = post_checkout(
        customer_client,
        checkout_body(
            line(plain, 2),
            line(pod, 1, mint),
            line(pod, 2, grape),
            specialInstructions="Ring twice",
        ),
    )

    assert body["message"] == "Order placed successfully"
    order = body["order"]
    assert order["userId"] == customer.pk and order["userEmail"] == "casey@example.com"
    assert order["status"] == "pending" and order["deliveryOption"] == "pickup"
    assert (
        order["customerName"] == "Casey Customer" and order["specialInstructions"] == "Ring twice"
    )
    assert order["createdAt"].endswith("Z")
    assert [
        (i["productName"], i["productTypeName"], i["quantity"], i["price"], i["subtotal"])
        for i in order["items"]
    ] == [
        ("Lighter", None, 2, 2.5, 5.0),
        ("Pod", "Mint", 1, 12.0, 12.0),  # the type's own price
        ("Pod", "Grape", 2, 9.0, 18.0),  # no type price: the product's
    ]
    # Pickup: the shop's own first-run sales tax, 8.75% of 35.00 = 3.0625 -> 3.06.
    assert (order["subtotal"], order["deliveryFee"], order["salesTax"], order["total"]) == (
        35.0,
        0,
        3.06,
        38.06,
    )
    assert (stock_of(plain), stock_of(mint), stock_of(grape), stock_of(pod)) == (8, 3, 1, 10)
    assert OrderEvent.objects.filter(
        order_id=order["id"], from_status="", to_status="pending", actor=customer
    ).exists()


def test_money_is_json_numbers(customer_client):
    product = make_product(price="19.99")

    raw = customer_client.post(URL, checkout_body(line(product, 3)), format="json").content.decode()

    assert '"subtotal":59.97' in raw and '"price":19.99' in raw


@pytest.mark.parametrize(
    "option, price, fee",
    [
        ("pickup", "10.00", 0),
        ("shipping", "59.99", 8),
        ("shipping", "60.00", 0),
        ("delivery", "59.99", 20),
        ("delivery", "60.00", 0),
    ],
)
def test_delivery_fee_at_the_60_free_delivery_boundary(customer_client, option, price, fee):
    product = make_product(price=price)

    order = post_checkout(customer_client, checkout_body(line(product), option=option))["order"]

    assert order["deliveryFee"] == fee
    # The fee is not taxed (orders/pricing.py): the tax is the goods' 8.75% alone.
    tax = (Decimal(price) * Decimal("0.0875")).quantize(Decimal("0.01"), "ROUND_HALF_UP")
    assert Decimal(str(order["salesTax"])) == tax
    assert Decimal(str(order["total"])) == Decimal(price) + fee + tax


def test_matching_client_fee_and_total_are_accepted_even_with_float_noise(customer_client):
    product = make_product(price="0.10")

    # 0.30 of goods, 0.03 of California's tax (0.02625, half up), 8.00 of shipping.
    body = checkout_body(
        line(product, 3), option="shipping", deliveryFee=8, total=8.330000000000001
    )

    assert post_checkout(customer_client, body)["order"]["total"] == 8.33


@pytest.mark.parametrize("field, value", [("total", 10.0), ("deliveryFee", 0)])
def test_a_client_total_or_fee_that_differs_is_a_conflict_and_stores_nothing(
    customer_client, field, value
):
    product = make_product(price="10.00", quantity=5)

    body = post_checkout(
        customer_client,
        checkout_body(line(product), option="shipping", **{field: value}),
        status=409,
    )

    assert body["message"] == "Prices have changed. Please review your cart."
    assert Order.objects.count() == 0
    assert stock_of(product) == 5


def test_a_placed_order_keeps_its_names_and_prices_after_catalog_edits_and_deletion(
    customer_client, admin_client_api
):
    product = make_product(name="Old Name", price="5.00", types=[{"name": "Red"}])
    placed = post_checkout(customer_client, checkout_body(line(product, 1, product.types.get())))[
        "order"
    ]

    product.name, product.price = "New Name", Decimal("99.00")
    product.save()
    product.delete()

    item = admin_client_api.get("/api/orders").json()["orders"][0]["items"][0]
    assert (item["productName"], item["productTypeName"], item["price"]) == ("Old Name", "Red", 5.0)
    assert placed["items"][0]["productId"] is not None
    assert item["productId"] is None and item["productTypeId"] is None


def test_identical_lines_are_merged(customer_client):
    product = make_product(price="1.00")

    order = post_checkout(customer_client, checkout_body(line(product, 1), line(product, 2)))[
        "order"
    ]

    assert [(i["productId"], i["quantity"]) for i in order["items"]] == [(product.pk, 3)]
    assert stock_of(product) == 7


# --- Idempotency ------------------------------------------------------------------------


def test_a_retry_with_the_same_key_answers_the_first_order(customer_client):
    product = make_product(quantity=5)
    body = checkout_body(line(product, 2))

    first = post_checkout(customer_client, body, **{"Idempotency-Key": "cart-1"})
    again = post_checkout(customer_client, body, status=200, **{"Idempotency-Key": "cart-1"})

    assert again == first
    assert Order.objects.count() == 1
    assert stock_of(product) == 3


def test_a_retry_matches_even_with_keys_in_another_order(customer_client):
    product = make_product()
    body = checkout_body(line(product))

    first = post_checkout(customer_client, body, **{"Idempotency-Key": "k"})
    again = post_checkout(
        customer_client, dict(reversed(list(body.items()))), status=200, **{"Idempotency-Key": "k"}
    )

    assert again["order"]["id"] == first["order"]["id"]


def test_the_same_key_with_another_cart_is_a_conflict(customer_client):
    product = make_product(quantity=5)
    post_checkout(customer_client, checkout_body(line(product, 1)), **{"Idempotency-Key": "cart-1"})

    body = post_checkout(
        customer_client,
        checkout_body(line(product, 2)),
        status=409,
        **{"Idempotency-Key": "cart-1"},
    )

    assert "Idempotency-Key" in body["message"]
    assert Order.objects.count() == 1 and stock_of(product) == 4


def test_keys_are_scoped_to_the_user(customer_client, other_client):
    product = make_product(quantity=5)
    body = checkout_body(line(product))

    mine = post_checkout(customer_client, body, **{"Idempotency-Key": "same"})
    theirs = post_checkout(other_client, body, **{"Idempotency-Key": "same"})

    assert mine["order"]["id"] != theirs["order"]["id"]
    assert stock_of(product) == 3


def test_without_a_key_each_checkout_is_a_new_order(customer_client):
    product = make_product(quantity=5)

    post_checkout(customer_client, checkout_body(line(product)))
    post_checkout(customer_client, checkout_body(line(product)))

    assert Order.objects.count() == 2


def test_a_refused_checkout_does_not_use_up_its_key(customer_client):
    product = make_product(quantity=1)
    body = checkout_body(line(product, 2))
    post_checkout(customer_client, body, status=409, **{"Idempotency-Key": "k"})

    product.quantity = 5
    product.save()

    assert (
        post_checkout(customer_client, body, **{"Idempotency-Key": "k"})["order"]["items"][0][
            "quantity"
        ]
        == 2
    )


def test_an_overlong_key_is_refused(customer_client):
    product = make_product()

    post_checkout(
        customer_client, checkout_body(line(product)), status=400, **{"Idempotency-Key": "x" * 256}
    )


# --- Who may check out --------------------------------------------------------------------


def test_anonymous_checkout_is_401(api_client):
    response = api_client.post(URL, {}, format="json")

    assert response.status_code == 401
    assert response.json() == {
        "message": "Please sign in to continue.",
        "code": "not_authenticated",
    }
    assert not Order.objects.exists()


def test_admins_do_not_shop(admin_client_api):
    product = make_product()

    response = admin_client_api.post(URL, checkout_body(line(product)), format="json")

    assert response.status_code == 403
    assert response.json()["message"].startswith("Admins cannot place orders")
    assert stock_of(product) == 10


def test_admin_is_refused_before_validation(admin_client_api):
    response = admin_client_api.post(URL, {}, format="json")

    assert response.status_code == 403
    # Refused for who asks, not for the empty cart (validation never ran).
    assert response.json() == {
        "message": "Admins cannot place orders. Please sign in as a customer to shop.",
        "code": "not_allowed",
    }
    assert not Order.objects.exists()


def test_trailing_slash_is_answered_without_redirect(customer_client):
    product = make_product()

    assert (
        customer_client.post(URL + "/", checkout_body(line(product)), format="json").status_code
        == 201
    )


# --- Emails and logs ----------------------------------------------------------------------


def test_checkout_emails_the_customer_and_the_shop_after_commit(
    customer_client, settings, mailoutbox, django_capture_on_commit_callbacks
):
    settings.SHOP_EMAIL = "owner@shop.test"
    product = make_product(name="Blue Razz", price="10.00")

    with django_capture_on_commit_callbacks() as callbacks:
        order = post_checkout(customer_client, checkout_body(line(product, 2), option="shipping"))[
            "order"
        ]
    assert mailoutbox == []  # nothing leaves before the order is committed
    # The committed order queues one task per email; the tests' task backend runs them at once.
    with django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:
            callback()

    assert sorted(tuple(m.to) for m in mailoutbox) == [("casey@example.com",), ("owner@shop.test",)]
    confirmation = next(m for m in mailoutbox if m.to == ["casey@example.com"])
    assert f"#{order['id']}" in confirmation.subject
    # 20.00 + 8.00 shipping + 1.75 of sales tax.
    assert "2 x Blue Razz" in confirmation.body and "$29.75" in confirmation.body


def test_no_email_for_a_refused_checkout_or_a_replayed_one(
    customer_client, mailoutbox, django_capture_on_commit_callbacks
):
    product = make_product(quantity=2)

    with django_capture_on_commit_callbacks(execute=True):
        post_checkout(customer_client, checkout_body(line(product, 3)), status=409)
    assert mailoutbox == []

    with django_capture_on_commit_callbacks(execute=True):
        post_checkout(customer_client, checkout_body(line(product)), **{"Idempotency-Key": "once"})
        post_checkout(
            customer_client, checkout_body(line(product)), status=200, **{"Idempotency-Key": "once"}
        )
    assert len(mailoutbox) == 2  # one confirmation, one shop alert


def test_a_form_encoded_checkout_is_refused_as_not_json(customer_client):
    product = make_product()

    response = customer_client.post(
        URL, {"customerName": "Casey", "deliveryOption": "pickup", "cartItems": product.pk}
    )

    assert response.status_code == 415
    assert response.json()["message"].startswith('Unsupported media type "multipart/form-data;')
    assert Order.objects.count() == 0


class BrokenMailServer:
    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("mail server down")

    def open(self):
        pass

    def close(self):
        pass


def test_a_failing_mail_server_never_fails_the_order(
    customer_client, settings, django_capture_on_commit_callbacks, caplog
):
    settings.EMAIL_BACKEND = "orders.tests.test_checkout.BrokenMailServer"
    product = make_product(quantity=5)

    with (
        caplog.at_level(logging.ERROR, logger="shop.mail"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = customer_client.post(URL, checkout_body(line(product)), format="json")

    assert response.status_code == 201
    assert Order.objects.count() == 1 and stock_of(product) == 4
    failures = [r for r in caplog.records if r.getMessage() == "email failed"]
    assert sorted(r.email for r in failures) == [
        "order_confirmation_email",
        "order_shop_alert_email",
    ]
    assert failures[0].error == "ConnectionRefusedError"


def test_order_creation_is_logged_with_ids_and_statuses_only(customer_client, customer, caplog):
    product = make_product()
    body = checkout_body(line(product), option="delivery", customerName="Private Person")

    with caplog.at_level(logging.INFO, logger="shop.orders"):
        order = post_checkout(customer_client, body)["order"]

    record = next(r for r in caplog.records if r.getMessage() == "order status changed")
    assert (record.order_id, record.user_id, record.from_status, record.to_status) == (
        order["id"],
        customer.pk,
        None,
        "pending",
    )
    logged = " ".join(str(v) for v in vars(record).values())
    for private in ("Private Person", "12 Main St", "714-555-0100", "casey@example.com"):
        assert private not in logged
