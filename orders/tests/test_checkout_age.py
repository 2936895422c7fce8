"""21+ goods and what may be shipped: refusals through the API, the ID check on the order,
and an admin's flag change applying to the very next checkout."""

from datetime import datetime

import pytest
import time_machine
from django.core import mail

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order
from tests.factories import CHECKOUT_URL, checkout_body, line, make_product, refused_order, stock_of

pytestmark = pytest.mark.django_db

AGE = "Please confirm you are 21 or older to order age-restricted products."
NOW = datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE)


@pytest.fixture
def shopper(client_for, customer):
    with time_machine.travel(NOW, tick=False):
        yield client_for(customer)


@pytest.fixture
def vape():
    return make_product(name="Cloud Nine", category="disposables", quantity=5)


@pytest.fixture
def balloons():
    return make_product(name="Balloons", category="party-supplies", quantity=5)


@pytest.mark.parametrize("confirmed", [None, False, "false"])
def test_a_restricted_line_needs_the_age_confirmation(shopper, vape, balloons, confirmed):
    body = checkout_body(line(balloons), line(vape))
    if confirmed is not None:
        body["ageConfirmed"] = confirmed

    answer = refused_order(shopper, body)

    assert answer["message"] == AGE
    assert answer["errors"] == {"ageConfirmed": [AGE]}
    assert stock_of(vape) == 5 and stock_of(balloons) == 5


def test_a_confirmation_that_is_not_a_boolean_is_refused(shopper, vape):
    answer = refused_order(shopper, checkout_body(line(vape), ageConfirmed="perhaps"))

    assert answer["message"] == "ageConfirmed must be true or false."


def test_a_confirmed_pickup_is_marked_for_an_id_check(
    shopper, vape, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = shopper.post(
            CHECKOUT_URL, checkout_body(line(vape), ageConfirmed=True), format="json"
        )

    assert response.status_code == 201
    order = response.json()["order"]
    assert order["idCheckRequired"] is True
    assert order["ageConfirmedAt"] == "2026-06-10T16:00:00Z"
    assert order["idNotice"] == "Bring a valid photo ID (21+)"
    stored = Order.objects.get()
    assert stored.id_check_required and stored.age_confirmed_at == NOW
    confirmation = next(m for m in mail.outbox if m.to == ["casey@example.com"])
    assert "Bring a valid photo ID (21+)" in confirmation.body


def test_a_confirmed_delivery_says_id_is_checked_at_the_door(
    shopper, vape, django_capture_on_commit_callbacks
):
    body = checkout_body(line(vape), option="delivery", ageConfirmed=True)

    with django_capture_on_commit_callbacks(execute=True):
        order = shopper.post(CHECKOUT_URL, body, format="json").json()["order"]

    assert order["idNotice"] == "ID will be checked at delivery (21+)"
    assert len(mail.outbox) == 2
    assert all("ID will be checked at delivery (21+)" in m.body for m in mail.outbox)


def test_a_cart_of_unrestricted_goods_needs_no_confirmation(
    shopper, balloons, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        order = shopper.post(CHECKOUT_URL, checkout_body(line(balloons)), format="json").json()[
            "order"
        ]

    assert order["idCheckRequired"] is False
    assert order["idNotice"] is None
    assert order["ageConfirmedAt"] is None
    assert "21+" not in mail.outbox[0].body


def test_a_confirmation_sent_for_unrestricted_goods_is_not_recorded(shopper, balloons):
    response = shopper.post(
        CHECKOUT_URL, checkout_body(line(balloons), ageConfirmed=True), format="json"
    )

    assert response.status_code == 201
    assert response.json()["order"]["ageConfirmedAt"] is None
    assert Order.objects.get().age_confirmed_at is None


def test_shipping_a_non_shippable_line_names_the_product(shopper, vape, balloons):
    body = checkout_body(line(balloons), line(vape), option="shipping", ageConfirmed=True)

    answer = refused_order(shopper, body)

    assert answer["message"] == (
        "Cloud Nine can't be shipped. Please choose pickup or local delivery."
    )
    assert stock_of(vape) == 5


def test_restricted_but_shippable_goods_ship_with_an_id_check(shopper):
    pipe = make_product(name="Glass Bowl", category="glass-pipe")

    response = shopper.post(
        CHECKOUT_URL, checkout_body(line(pipe), option="shipping", ageConfirmed=True), format="json"
    )

    assert response.status_code == 201
    assert response.json()["order"]["idCheckRequired"] is True


def test_an_admin_changing_a_flag_changes_the_next_checkout(shopper, admin_client_api, balloons):
    assert (
        shopper.post(CHECKOUT_URL, checkout_body(line(balloons)), format="json").status_code == 201
    )

    admin_client_api.patch("/api/categories/party-supplies", {"ageRestricted": True}, format="json")
    refusal = shopper.post(CHECKOUT_URL, checkout_body(line(balloons)), format="json")

    assert refusal.status_code == 400
    assert refusal.json()["message"] == AGE

    admin_client_api.patch("/api/categories/party-supplies", {"shippable": False}, format="json")
    shipped = shopper.post(
        CHECKOUT_URL,
        checkout_body(line(balloons), option="shipping", ageConfirmed=True),
        format="json",
    )

    assert shipped.status_code == 400
    assert shipped.json()["message"].startswith("Balloons can't be shipped.")
    assert Order.objects.count() == 1
