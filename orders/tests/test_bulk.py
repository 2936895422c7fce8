"""POST /api/orders/bulk: each order moved as the single action moves it (its transaction,
event, stock and email), a 200 with every order's result whatever the mix, a 400 naming
the field for a bad call (docs/api.md, Orders)."""

import pytest

from orders.models import Order, OrderEvent
from orders.services import MAX_BULK_ORDERS
from tests.factories import line, make_product, placed_order, stock_of

pytestmark = pytest.mark.django_db

BULK = "/api/orders/bulk"


@pytest.fixture
def three(customer_client, settings):
    settings.MAX_PENDING_ORDERS = 0  # one customer places them all
    settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0
    lamp = make_product(name="Lamp", quantity=20)
    orders = [placed_order(customer_client, line(lamp, n)) for n in (1, 2, 3)]
    return lamp, [order.pk for order in orders]


def bulk(client, action, ids, capture=None):
    if capture is None:
        return client.post(BULK, {"action": action, "ids": ids}, format="json")
    with capture(execute=True):
        return client.post(BULK, {"action": action, "ids": ids}, format="json")


def test_complete_three_orders_each_with_its_event_and_email(
    three, admin_client_api, admin_user, mailoutbox, django_capture_on_commit_callbacks
):
    lamp, ids = three
    mailoutbox.clear()

    response = bulk(admin_client_api, "complete", ids, django_capture_on_commit_callbacks)

    assert response.status_code == 200
    body = response.json()
    assert body["message"] == "3 orders completed."
    assert (body["done"], body["refused"]) == (3, 0)
    assert body["results"] == [
        {"id": pk, "result": "done", "message": "Order completed.", "status": "completed"}
        for pk in ids
    ]
    assert set(Order.objects.filter(pk__in=ids).values_list("status", flat=True)) == {"completed"}
    events = OrderEvent.objects.filter(order_id__in=ids, to_status="completed")
    assert sorted(e.order_id for e in events) == ids
    assert {e.actor for e in events} == {admin_user}
    assert sorted(m.subject for m in mailoutbox) == sorted(
        f"Order #{pk} was picked up" for pk in ids
    )
    assert stock_of(lamp) == 14  # completing moves no stock


def test_a_mix_of_allowed_refused_and_unknown_orders_is_a_200_with_each_result(
    three, admin_client_api, mailoutbox, django_capture_on_commit_callbacks
):
    _, (first, second, third) = three
    assert admin_client_api.put(f"/api/orders/{second}/cancel").status_code == 200
    mailoutbox.clear()
    unknown = third + 1000

    response = bulk(
        admin_client_api,
        "complete",
        [first, second, unknown, third, first],
        django_capture_on_commit_callbacks,
    )

    assert response.status_code == 200
    body = response.json()
    assert body["message"] == "2 orders completed. 2 refused."
    assert body["results"] == [
        {"id": first, "result": "done", "message": "Order completed.", "status": "completed"},
        {
            "id": second,
            "result": "refused",
            "message": "Only pending orders can be completed. This order is cancelled.",
            "status": "cancelled",
        },
        {"id": unknown, "result": "refused", "message": "Order not found", "status": None},
        {"id": third, "result": "done", "message": "Order completed.", "status": "completed"},
    ]
    assert Order.objects.get(pk=second).status == "cancelled"
    # The refused one sends nothing; each done one its own email.
    assert sorted(m.subject for m in mailoutbox) == sorted(
        f"Order #{pk} was picked up" for pk in (first, third)
    )


def test_bulk_cancel_returns_stock_exactly_as_a_single_cancel(
    customer_client, admin_client_api, settings
):
    settings.MAX_PENDING_ORDERS = 0
    settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0
    plain = make_product(name="Lighter", quantity=10)
    typed = make_product(
        name="Pod",
        quantity=7,
        types=[{"name": "Mint", "quantity": 4}, {"name": "Grape", "quantity": 6}],
    )
    mint, grape = typed.types.order_by("id")
    single = placed_order(customer_client, line(plain, 1), line(typed, 1, mint))
    many = [
        placed_order(customer_client, line(plain, 2), line(typed, 1, mint)),
        placed_order(customer_client, line(typed, 5, grape)),
    ]
    assert (stock_of(plain), stock_of(mint), stock_of(grape)) == (7, 2, 1)

    assert admin_client_api.put(f"/api/orders/{single.pk}/cancel").status_code == 200
    after_single = (stock_of(plain), stock_of(mint), stock_of(grape))
    response = bulk(admin_client_api, "cancel", [o.pk for o in many])

    assert response.status_code == 200
    assert response.json()["message"] == "2 orders cancelled."
    assert after_single == (8, 3, 1)
    assert (stock_of(plain), stock_of(mint), stock_of(grape), stock_of(typed)) == (10, 4, 6, 7)
    # Refused the second time: stock moves once.
    again = bulk(admin_client_api, "cancel", [o.pk for o in many]).json()
    assert again["done"] == 0 and again["refused"] == 2
    assert (stock_of(plain), stock_of(mint), stock_of(grape)) == (10, 4, 6)


@pytest.mark.parametrize(
    "body, field, message",
    [
        ({"ids": [1]}, "action", "action must be complete or cancel."),
        ({"action": "delete", "ids": [1]}, "action", "action must be complete or cancel."),
        ({"action": "complete"}, "ids", "ids must list from 1 to 100 order numbers."),
        ({"action": "complete", "ids": []}, "ids", "ids must list from 1 to 100 order numbers."),
        ({"action": "complete", "ids": "1,2"}, "ids", "ids must list from 1 to 100 order numbers."),
        (
            {"action": "complete", "ids": list(range(1, MAX_BULK_ORDERS + 2))},
            "ids",
            "ids must list from 1 to 100 order numbers.",
        ),
        ({"action": "complete", "ids": ["x"]}, "ids", "ids must hold order numbers only."),
        ({"action": "complete", "ids": [0]}, "ids", "ids must hold order numbers only."),
        ({"action": "complete", "ids": [2**63]}, "ids", "ids must hold order numbers only."),
    ],
)
def test_a_bad_call_is_a_400_naming_the_field_and_changes_nothing(
    three, admin_client_api, mailoutbox, body, field, message
):
    _, ids = three
    mailoutbox.clear()
    if "ids" in body and body["ids"] == [1]:
        body = {**body, "ids": ids}

    response = admin_client_api.post(BULK, body, format="json")

    assert response.status_code == 400
    assert response.json()["message"] == message
    assert field in response.json()["errors"]
    assert set(Order.objects.values_list("status", flat=True)) == {"pending"}
    assert mailoutbox == []


def test_a_body_that_is_not_json_is_a_415(admin_client_api):
    response = admin_client_api.post(BULK, "action=complete", content_type="text/plain")

    assert response.status_code == 415


def test_admins_only(three, api_client, customer_client):
    _, ids = three
    body = {"action": "cancel", "ids": ids}

    anonymous = api_client.post(BULK, body, format="json")
    shopper = customer_client.post(BULK, body, format="json")

    assert anonymous.status_code == 401
    assert anonymous.json() == {
        "message": "Please sign in to continue.",
        "code": "not_authenticated",
    }
    assert shopper.status_code == 403
    assert shopper.json() == {
        "message": "You do not have permission to do this.",
        "code": "not_allowed",
    }
    assert set(Order.objects.values_list("status", flat=True)) == {"pending"}
