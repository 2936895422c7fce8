"""An admin lowers or removes a line of a pending order: the stock comes back through the
ledger, the figures are computed again under the order's own rates and promotion, the
customer is emailed the new total, and the history says who changed what."""

import pytest

from orders.models import Order, OrderEvent
from promotions.models import Promotion
from shop.models import StockMove
from tests.factories import checkout_body, line, make_product, post_checkout, stock_of

pytestmark = pytest.mark.django_db

FIGURES = ("subtotal", "discount", "deliveryFee", "exciseTax", "salesTax", "total")


def figures(answer):
    return tuple(answer[name] for name in FIGURES)


@pytest.fixture
def placed(customer_client):
    """A pending pickup: 3 e-liquids at 10.00 and 2 lighters at 5.00, 10% off."""
    Promotion.objects.create(code="TEN", kind="percent", value=10, include_nicotine=True)
    juice = make_product(name="Mango", price="10.00", category="juices", quantity=10)
    lighter = make_product(name="Lighter", price="5.00", quantity=10)
    body = checkout_body(line(juice, 3), line(lighter, 2), promoCode="TEN", ageConfirmed=True)
    order = post_checkout(customer_client, body)["order"]
    return {"order": order, "juice": juice, "lighter": lighter}


def items(order):
    return {item["productName"]: item for item in order["items"]}


def adjust(client, order, name, status=200, **body):
    item = items(order)[name]
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    response = client.patch(url, body, format="json")
    assert response.status_code == status, response.json()
    return response.json()


def test_lowering_a_line_moves_stock_reprices_emails_and_records_who(
    placed, admin_client_api, admin_user, mailoutbox, django_capture_on_commit_callbacks
):
    order = placed["order"]
    # 40.00 less 4.00; excise 12.5% of 27.00 = 3.375 -> 3.38; sales tax 8.75% of 36.00 = 3.15.
    assert figures(order) == (40.0, 4.0, 0, 3.38, 3.15, 42.53)
    # A rate changed since: the order keeps the one it was placed with.
    assert (
        admin_client_api.patch(
            "/api/shop/settings", {"salesTaxRate": 10}, format="json"
        ).status_code
        == 200
    )

    with django_capture_on_commit_callbacks(execute=True):
        answer = adjust(admin_client_api, order, "Mango", quantity=1, reason="2 bottles leaked")

    changed = answer["order"]
    # 20.00 less 2.00; excise on 9.00 = 1.125 -> 1.13; sales tax 8.75% of 18.00 = 1.575 -> 1.58.
    assert figures(changed) == (20.0, 2.0, 0, 1.13, 1.58, 20.71)
    assert changed["salesTaxRate"] == 8.75
    assert items(changed)["Mango"]["quantity"] == 1
    assert stock_of(placed["juice"]) == 9
    move = StockMove.objects.get(reason="order_adjusted")
    assert (move.delta, move.order_id, move.actor, move.note) == (
        2,
        order["id"],
        admin_user,
        "2 bottles leaked",
    )
    event = OrderEvent.objects.filter(order_id=order["id"]).latest("id")
    assert event.actor == admin_user and (event.from_status, event.to_status) == (
        "pending",
        "pending",
    )
    assert event.note == "Mango: 3 -> 1 (2 bottles leaked). New total $20.71."
    (email,) = [m for m in mailoutbox if "changed" in m.subject]
    assert email.to == ["casey@example.com"]
    assert email.subject == f"Order #{order['id']} was changed: new total $20.71"
    assert "2 bottles leaked" in email.body and "Total: $20.71" in email.body
    assert "Discount (TEN): -$2.00" in email.body and "Sales tax (8.75%): $1.58" in email.body


def test_deleting_a_line_removes_it(placed, admin_client_api):
    order = placed["order"]
    item = items(order)["Lighter"]

    response = admin_client_api.delete(f"/api/orders/{order['id']}/items/{item['id']}")

    assert response.status_code == 200, response.json()
    changed = response.json()["order"]
    assert list(items(changed)) == ["Mango"]
    # 30.00 less 3.00; excise 12.5% of 27.00 = 3.38; sales tax 8.75% of 27.00 = 2.3625 -> 2.36.
    assert figures(changed) == (30.0, 3.0, 0, 3.38, 2.36, 32.74)
    assert stock_of(placed["lighter"]) == 10


def test_an_order_cannot_be_adjusted_to_nothing(admin_client_api, customer_client):
    product = make_product(quantity=5)
    order = post_checkout(customer_client, checkout_body(line(product, 2)))["order"]

    refused = adjust(admin_client_api, order, product.name, status=400, quantity=0)

    assert refused["message"] == (
        "An order cannot be left with nothing in it. Cancel the order instead."
    )
    assert stock_of(product) == 3
    assert Order.objects.get().items.get().quantity == 2


def test_a_line_can_only_be_lowered(placed, admin_client_api):
    refused = adjust(admin_client_api, placed["order"], "Mango", status=400, quantity=3)

    assert refused["errors"]["quantity"] == [
        "A line's quantity can only be lowered (to 2 at most); to remove it, send 0."
    ]
    assert stock_of(placed["juice"]) == 7


def test_only_a_pending_order_and_its_own_lines(placed, admin_client_api, customer_client):
    order = placed["order"]
    other = post_checkout(customer_client, checkout_body(line(make_product(name="Other"))))["order"]
    wrong = f"/api/orders/{order['id']}/items/{other['items'][0]['id']}"
    assert admin_client_api.patch(wrong, {"quantity": 0}, format="json").status_code == 404
    assert (
        customer_client.patch(
            f"/api/orders/{order['id']}/items/{items(order)['Mango']['id']}",
            {"quantity": 1},
            format="json",
        ).status_code
        == 403
    )
    # Cancelled (a completion of these 21+ goods goes through the hand-over's check).
    assert admin_client_api.put(f"/api/orders/{order['id']}/cancel").status_code == 200
    assert adjust(admin_client_api, order, "Mango", status=409, quantity=1)["message"] == (
        "Only pending orders can be changed. This order is cancelled."
    )
