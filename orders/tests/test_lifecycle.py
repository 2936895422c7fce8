"""Complete and cancel: admin only, only while pending, stock moves exactly once."""

import logging

import pytest

from orders.models import Order, OrderEvent
from tests.factories import line, make_product, placed_order, stock_of

pytestmark = pytest.mark.django_db


def act(client, order_id, action):
    return client.put(f"/api/orders/{order_id}/{action}")


@pytest.fixture
def catalog():
    plain = make_product(name="Lighter", quantity=10)
    typed = make_product(
        name="Pod",
        quantity=7,
        types=[{"name": "Mint", "quantity": 4}, {"name": "Grape", "quantity": 6}],
    )
    return plain, typed, *typed.types.order_by("id")


def test_complete_makes_the_sale_final_without_touching_stock(
    customer_client, admin_client_api, admin_user, catalog
):
    plain, typed, mint, _ = catalog
    order = placed_order(customer_client, line(plain, 3), line(typed, 2, mint))

    response = act(admin_client_api, order.pk, "complete")

    assert response.status_code == 200
    assert response.json()["message"] == "Order completed. Inventory updated."
    assert response.json()["order"]["status"] == "completed"
    assert (stock_of(plain), stock_of(mint), stock_of(typed)) == (7, 2, 7)
    event = OrderEvent.objects.get(order_id=order.pk, to_status="completed")
    assert (event.from_status, event.actor) == ("pending", admin_user)


def test_cancel_returns_every_unit_to_the_product_or_type_it_came_from(
    customer_client, admin_client_api, catalog
):
    plain, typed, mint, grape = catalog
    order = placed_order(
        customer_client, line(plain, 3), line(typed, 2, mint), line(typed, 5, grape)
    )
    assert (stock_of(plain), stock_of(mint), stock_of(grape)) == (7, 2, 1)

    response = act(admin_client_api, order.pk, "cancel")

    assert response.status_code == 200
    assert response.json()["order"]["status"] == "cancelled"
    assert (stock_of(plain), stock_of(mint), stock_of(grape), stock_of(typed)) == (10, 4, 6, 7)
    assert (
        OrderEvent.objects.filter(
            order_id=order.pk, from_status="pending", to_status="cancelled"
        ).count()
        == 1
    )


@pytest.mark.parametrize(
    "first, second",
    [
        ("complete", "complete"),
        ("complete", "cancel"),
        ("cancel", "cancel"),
        ("cancel", "complete"),
    ],
)
def test_only_a_pending_order_changes_and_the_second_attempt_changes_nothing(
    customer_client, admin_client_api, catalog, first, second
):
    plain, typed, mint, _ = catalog
    order = placed_order(customer_client, line(plain, 2), line(typed, 1, mint))
    assert act(admin_client_api, order.pk, first).status_code == 200
    stock_before = (stock_of(plain), stock_of(mint))
    status_before = Order.objects.get(pk=order.pk).status

    response = act(admin_client_api, order.pk, second)

    assert response.status_code == 409
    assert response.json()["message"].startswith("Only pending orders can be")
    assert Order.objects.get(pk=order.pk).status == status_before
    assert (stock_of(plain), stock_of(mint)) == stock_before
    assert OrderEvent.objects.filter(order_id=order.pk).count() == 2


def test_cancel_skips_lines_whose_product_or_type_was_deleted(
    customer_client, admin_client_api, catalog
):
    plain, typed, mint, grape = catalog
    order = placed_order(
        customer_client, line(plain, 1), line(typed, 1, mint), line(typed, 2, grape)
    )
    mint.delete()
    plain.delete()

    response = act(admin_client_api, order.pk, "cancel")

    assert response.status_code == 200
    assert stock_of(grape) == 6
    assert stock_of(typed) == 7  # the deleted type's unit is not put on its product


@pytest.mark.parametrize("action", ["complete", "cancel"])
def test_unknown_order_is_404(admin_client_api, action):
    response = act(admin_client_api, 999999, action)

    assert response.status_code == 404
    assert response.json() == {"message": "Order not found", "code": "not_found"}


@pytest.mark.parametrize("action", ["complete", "cancel"])
def test_customers_cannot_complete_or_cancel_even_their_own_order(customer_client, catalog, action):
    plain = catalog[0]
    order = placed_order(customer_client, line(plain, 2))

    response = act(customer_client, order.pk, action)

    assert response.status_code == 403
    assert Order.objects.get(pk=order.pk).status == "pending" and stock_of(plain) == 8


@pytest.mark.parametrize("action", ["complete", "cancel"])
def test_another_customer_cannot_touch_an_order(customer_client, other_client, catalog, action):
    order = placed_order(customer_client, line(catalog[0], 2))

    assert act(other_client, order.pk, action).status_code == 403
    assert Order.objects.get(pk=order.pk).status == "pending"


@pytest.mark.parametrize("action", ["complete", "cancel"])
def test_anonymous_complete_or_cancel_is_401(api_client, customer_client, catalog, action):
    order = placed_order(customer_client, line(catalog[0], 1))

    response = act(api_client, order.pk, action)

    assert response.status_code == 401
    assert "WWW-Authenticate" in response.headers


def test_status_changes_are_logged_with_ids_only(
    customer_client, admin_client_api, admin_user, catalog, caplog
):
    order = placed_order(customer_client, line(catalog[0], 1))

    with caplog.at_level(logging.INFO, logger="shop.orders"):
        act(admin_client_api, order.pk, "cancel")

    record = [r for r in caplog.records if r.getMessage() == "order status changed"][-1]
    assert (record.order_id, record.from_status, record.to_status, record.actor_id) == (
        order.pk,
        "pending",
        "cancelled",
        admin_user.pk,
    )
