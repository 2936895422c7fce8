"""The rules where a sale happens: the checkout refuses a blocked line (400, nothing
stored, stock untouched), the quote names it, and the order placed keeps the rules it was
checked against and each line's attributes, whatever happens to the rules later."""

import pytest

from compliance.models import Rule
from orders.models import Order
from tests.factories import (
    checkout_body,
    line,
    make_product,
    placed_order,
    post_checkout,
    refused_order,
    stock_of,
)

pytestmark = pytest.mark.django_db

QUOTE_URL = "/api/orders/quote"


@pytest.fixture
def mango(db):
    return make_product(
        name="Mango Ice", category="disposables", types=[{"name": "5%"}],
        regulatory={"flavoured": True},
    )  # fmt: skip


def test_a_blocked_line_refuses_the_checkout_naming_each_line(customer_client, mango):
    chargers = make_product(name="Cream Chargers 24", category="cream-chargers")
    balloons = make_product(name="Balloons")
    body = checkout_body(
        line(mango, 1, mango.types.get()),
        line(chargers, 1),
        line(balloons, 1),
        option="delivery",
        deliveryZip="92868",  # Orange: no N2O
        ageConfirmed=True,
    )

    answer = refused_order(customer_client, body)

    flavoured = Rule.objects.get(name="Flavoured tobacco and vapes").message
    n2o = Rule.objects.get(name__startswith="N2O banned in Orange").message
    assert answer["errors"]["cartItems"] == [
        f"Mango Ice - 5%: {flavoured}",
        f"Cream Chargers 24: {n2o}",
    ]
    assert answer["message"] == f"Mango Ice - 5%: {flavoured}"
    assert stock_of(mango.types.get()) == 10 and stock_of(chargers) == 10


def test_the_quote_answers_the_blocked_lines_as_the_check_does(customer_client, mango):
    kind = mango.types.get()
    body = checkout_body(line(mango, 1, kind), ageConfirmed=True)

    response = customer_client.post(QUOTE_URL, body, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["blocked"] == [
        {
            "productId": mango.pk,
            "productTypeId": kind.pk,
            "message": Rule.objects.get(name="Flavoured tobacco and vapes").message,
        }
    ]


def test_a_type_of_its_own_flavour_is_blocked_while_its_plain_sibling_sells(customer_client):
    vape = make_product(
        name="Classic", category="disposables",
        types=[{"name": "Tobacco"}, {"name": "Peach", "flavoured": True}],
    )  # fmt: skip
    tobacco, peach = vape.types.order_by("id")

    refused = refused_order(customer_client, checkout_body(line(vape, 1, peach), ageConfirmed=True))
    order = placed_order(customer_client, line(vape, 1, tobacco), ageConfirmed=True)

    assert refused["errors"]["cartItems"][0].startswith("Classic - Peach: ")
    assert order.items.get().regulatory["flavoured"] is False


def test_shipping_a_nicotine_line_is_refused_with_the_mail_rule(customer_client):
    kit = make_product(
        name="Pipe Kit With Pods", category="glass-pipe",
        regulatory={"nicotineMg": 20, "utlEntry": "Kit - Tobacco"},
    )  # fmt: skip

    answer = refused_order(
        customer_client, checkout_body(line(kit), option="shipping", ageConfirmed=True)
    )

    mail = Rule.objects.get(name="Nicotine never by mail").message
    assert answer["errors"]["cartItems"] == [f"Pipe Kit With Pods: {mail}"]


def test_the_order_keeps_its_rules_and_attributes_whatever_the_rules_become_later(
    customer_client, admin_client_api, staff_client
):
    wine = make_product(name="Red Wine", category="alcohol")
    order = placed_order(customer_client, line(wine), ageConfirmed=True)
    alcohol = Rule.objects.get(name="Alcohol: ID at hand-over")

    changed = admin_client_api.patch(
        f"/api/compliance/rules/{alcohol.pk}",
        {"message": "A new message.", "requires": ["idType"]},
        format="json",
    )
    assert changed.status_code == 200, changed.json()
    admin_client_api.delete(f"/api/compliance/rules/{alcohol.pk}")

    staff_view = staff_client.get("/api/orders").json()["orders"][0]
    customer_view = customer_client.get("/api/orders").json()["orders"][0]
    assert staff_view["id"] == customer_view["id"] == order.pk
    assert staff_view["complianceRules"] == [
        {
            "id": alcohol.pk,
            "name": "Alcohol: ID at hand-over",
            "action": "id_at_handover",
            "message": alcohol.message,
            "requires": ["idType", "birthYear", "recipientName"],
            "source": alcohol.source,
            "lines": [[wine.pk, None]],
        }
    ]
    assert customer_view["complianceRules"] is None
    assert customer_view["items"][0]["regulatory"]["alcohol"] is True
    assert Order.objects.get(pk=order.pk).compliance_rules == staff_view["complianceRules"]


def test_a_customer_never_reads_the_rules_in_the_checkout_answer(customer_client):
    wine = make_product(name="Red Wine", category="alcohol")

    answer = post_checkout(customer_client, checkout_body(line(wine), ageConfirmed=True))

    assert answer["order"]["complianceRules"] is None
    assert answer["order"]["items"][0]["regulatory"]["alcohol"] is True
