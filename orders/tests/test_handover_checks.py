"""Hand-over asks for exactly what the order's rules require (docs/api.md, "Ready and
hand-over"): the 21+ ID check and the `requires` of each id_at_handover or record rule the
order was placed under (Order.compliance_rules), refused without each, accepted with them;
the signature is a checked PNG served to the shop's people only; the birth year on the ID
agrees with the customer's date of birth. The clock is pinned to Wednesday 10 June 2026."""

from datetime import date, datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderStatus
from tests.factories import (
    checkout_body,
    line,
    make_product,
    placed_order,
    png_bytes,
    post_checkout,
    signature_png_bytes,
    signature_url,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE)

ALCOHOL = {
    "id": 101,
    "name": "Alcohol: ID at hand-over",
    "action": "id_at_handover",
    "message": "Refuse a minor or anyone obviously intoxicated.",
    "requires": ["idType", "birthYear", "recipientName"],
    "source": "B&P 25658",
    "lines": [],
}
N2O = {
    "id": 102,
    "name": "N2O sales log",
    "action": "record",
    "message": "WARNING: Inhaling nitrous oxide can cause serious injury or death.",
    "requires": ["idType", "birthYear", "recipientName", "signature", "homeAddress"],
    "source": "Penal Code 381e",
    "lines": [],
}
# A block rule's snapshot asks nothing of the person handing over.
BLOCK = {**ALCOHOL, "id": 103, "action": "block", "message": "Not here."}

EVERYTHING = {
    "idType": "Driver licence",
    "birthYear": 1990,
    "recipientName": "Casey Customer",
    "signature": signature_url(signature_png_bytes()),
    "homeAddress": "12 Elm St, Garden Grove, CA 92840",
}
# What each kind of order must record at handover.
KINDS = {
    "21+": ("disposables", [], ["idType", "birthYear"]),
    "alcohol": ("party-supplies", [ALCOHOL, BLOCK], ["idType", "birthYear", "recipientName"]),
    "n2o": (
        "party-supplies",
        [N2O],
        ["idType", "birthYear", "recipientName", "signature", "homeAddress"],
    ),
}


@pytest.fixture(autouse=True)
def pinned_clock(settings):
    settings.MAX_PENDING_ORDERS = 0
    with time_machine.travel(NOW, tick=False):
        yield


def place(client, category="party-supplies", rules=(), option="pickup"):
    product = make_product(name="Item", category=category, quantity=10)
    body = checkout_body(line(product), option=option)
    if product.category.age_restricted:
        body["ageConfirmed"] = True
    order = Order.objects.get(pk=post_checkout(client, body)["order"]["id"])
    # The rules as checkout would have snapshotted them (compliance.selectors.sale_check).
    Order.objects.filter(pk=order.pk).update(compliance_rules=list(rules))
    return order


def hand_over(client, order, **body):
    body = {"outcome": "delivered", **body}
    return client.post(f"/api/orders/{order.pk}/handover", body, format="json")


@pytest.mark.parametrize("kind", KINDS)
def test_the_order_answer_says_what_to_record_and_read(customer_client, staff_client, kind):
    category, rules, required = KINDS[kind]
    order = place(customer_client, category, rules)

    answer = staff_client.get("/api/orders").json()["orders"][0]

    assert answer["id"] == order.pk
    assert answer["checks"]["requiredFields"] == required
    for rule in rules:
        assert (rule["message"] in answer["checks"]["messages"]) == (rule is not BLOCK)


@pytest.mark.parametrize(
    ("kind", "missing"),
    [(kind, name) for kind, (_c, _r, required) in KINDS.items() for name in required],
)
def test_a_handover_without_a_required_field_is_refused_naming_it(
    customer_client, staff_client, kind, missing
):
    category, rules, _required = KINDS[kind]
    order = place(customer_client, category, rules)
    body = {name: value for name, value in EVERYTHING.items() if name != missing}

    response = hand_over(staff_client, order, **body)

    assert response.status_code == 400
    assert list(response.json()["errors"]) == [missing]
    stored = Order.objects.get(pk=order.pk)
    assert (stored.status, stored.handed_over_at) == (OrderStatus.PENDING, None)
    assert stored.handover_signature_png is None


@pytest.mark.parametrize("kind", KINDS)
def test_a_handover_with_every_required_field_completes_with_the_record(
    customer_client, staff_client, staff_user, kind
):
    category, rules, required = KINDS[kind]
    order = place(customer_client, category, rules)

    response = hand_over(staff_client, order, **{name: EVERYTHING[name] for name in required})

    assert response.status_code == 200
    stored = Order.objects.get(pk=order.pk)
    assert stored.status == OrderStatus.COMPLETED
    assert (stored.handed_over_by, stored.handover_id_type) == (staff_user, "Driver licence")
    assert stored.handover_birth_year == 1990
    if kind == "n2o":
        assert stored.handover_home_address == "12 Elm St, Garden Grove, CA 92840"
        assert bytes(stored.handover_signature_png).startswith(b"\x89PNG\r\n\x1a\n")


def test_the_plain_complete_refuses_an_order_a_record_rule_covers(customer_client, staff_client):
    order = place(customer_client, rules=[N2O])

    response = staff_client.put(f"/api/orders/{order.pk}/complete")

    assert response.status_code == 400
    assert response.json()["code"] == "check_required"
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PENDING


def test_a_shipped_order_is_checked_by_the_carrier(customer_client, staff_client):
    order = place(customer_client, rules=[N2O], option="shipping")

    answer = staff_client.get("/api/orders").json()["orders"][0]

    assert answer["id"] == order.pk
    assert answer["checks"] == {"requiredFields": [], "messages": []}
    assert staff_client.put(f"/api/orders/{order.pk}/complete").status_code == 200


def test_a_later_change_of_the_snapshot_rules_is_what_the_order_asks(customer_client, staff_client):
    # The order keeps its own copy: only what it was placed under counts.
    order = place(customer_client, rules=[ALCOHOL])

    response = hand_over(staff_client, order, idType="Passport", birthYear=1990)

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["recipientName"]
    assert "Alcohol: ID at hand-over" in response.json()["errors"]["recipientName"][0]


# --- The signature -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("signature", "words"),
    [
        ("data:image/jpeg;base64,/9j/4AAQ", "PNG image"),
        ("data:image/png;base64,@@@", "PNG image"),
        (signature_url(b"GIF89a" + bytes(40)), "PNG image"),
        (signature_url(b"\x89PNG\r\n\x1a\n" + bytes(200_001)), "at most 200 KB"),
        (signature_url(signature_png_bytes(ink=False)), "blank"),
        (signature_url(png_bytes(size=(300, 120), color=(255, 255, 255))), "blank"),
        (signature_url(signature_png_bytes(size=(20, 20))), "pixels on each side"),
        (signature_url(signature_png_bytes(size=(2400, 200))), "pixels on each side"),
    ],
    ids=["jpeg", "not base64", "gif bytes", "too big", "blank", "white", "tiny", "too wide"],
)
def test_a_bad_signature_is_refused_saying_why(customer_client, staff_client, signature, words):
    order = place(customer_client, rules=[N2O])

    response = hand_over(staff_client, order, **{**EVERYTHING, "signature": signature})

    assert response.status_code == 400
    assert words in response.json()["errors"]["signature"][0]
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PENDING


def test_the_signature_is_served_to_the_shop_and_never_to_the_customer(
    customer_client, other_customer, client_for, staff_client, admin_client_api
):
    order = place(customer_client, rules=[N2O])
    plain = place(customer_client)
    assert hand_over(staff_client, order, **EVERYTHING).status_code == 200
    url = f"/api/orders/{order.pk}/signature"

    served = staff_client.get(url)

    assert served.status_code == 200
    assert served["Content-Type"] == "image/png"
    assert served.content == bytes(Order.objects.get(pk=order.pk).handover_signature_png)
    assert admin_client_api.get(url).status_code == 200
    assert customer_client.get(url).status_code == 403
    assert client_for(other_customer).get(url).status_code == 403
    assert staff_client.get(f"/api/orders/{plain.pk}/signature").status_code == 404
    staff_answer = staff_client.get("/api/orders").json()["orders"]
    by_id = {answer["id"]: answer for answer in staff_answer}
    assert by_id[order.pk]["signatureUrl"] == url
    assert by_id[plain.pk]["signatureUrl"] is None
    assert by_id[order.pk]["handover"] == {
        "idType": EVERYTHING["idType"],
        "birthYear": EVERYTHING["birthYear"],
        "recipientName": EVERYTHING["recipientName"],
        "homeAddress": EVERYTHING["homeAddress"],
    }
    assert by_id[plain.pk]["handover"] is None  # not handed over yet
    mine = customer_client.get("/api/orders").json()["orders"]
    assert [answer["signatureUrl"] for answer in mine] == [None, None]
    assert [answer["handover"] for answer in mine] == [None, None]
    assert "signature" not in str(customer_client.get("/api/auth/me/export").json())


# --- The birth year against the customer's date of birth ----------------------------------


def test_a_birth_year_other_than_the_customers_is_refused_naming_both(
    customer_client, staff_client, customer
):
    assert customer.date_of_birth == date(1990, 5, 17)
    order = place(customer_client, "disposables")

    response = hand_over(staff_client, order, idType="Driver licence", birthYear=1988)

    assert response.status_code == 400
    message = response.json()["errors"]["birthYear"][0]
    assert "1988" in message and "1990" in message and "does not match" in message
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PENDING
    assert hand_over(staff_client, order, idType="Passport", birthYear=1990).status_code == 200


def test_without_a_date_of_birth_on_file_only_the_age_is_checked(
    customer_client, staff_client, customer
):
    order = place(customer_client, "disposables")
    type(customer).objects.filter(pk=customer.pk).update(date_of_birth=None)

    under = hand_over(staff_client, order, idType="ID card", birthYear=2010)
    adult = hand_over(staff_client, order, idType="ID card", birthYear=1975)

    assert under.status_code == 400
    assert "under 21" in under.json()["errors"]["birthYear"][0]
    assert adult.status_code == 200


# --- Through checkout: the first-run rules the order was placed under ----------------------


def test_n2o_at_the_counter_asks_the_penal_code_record(customer_client, staff_client):
    chargers = make_product(name="Cream Chargers 24", category="cream-chargers", quantity=10)
    order = placed_order(customer_client, line(chargers), ageConfirmed=True)
    checks = staff_client.get("/api/orders").json()["orders"][0]["checks"]
    assert checks["requiredFields"] == list(EVERYTHING)
    assert any(
        message.startswith("WARNING: Inhaling nitrous oxide") for message in checks["messages"]
    )

    refused = hand_over(staff_client, order, **{**EVERYTHING, "homeAddress": " "})
    done = hand_over(staff_client, order, **EVERYTHING)

    assert refused.status_code == 400
    assert refused.json()["errors"] == {
        "homeAddress": ["The buyer's full home address is required (N2O sales log)."]
    }
    assert done.status_code == 200
    answer = done.json()["order"]
    assert answer["signatureUrl"] == f"/api/orders/{order.pk}/signature"
    stored = Order.objects.get(pk=order.pk)
    assert stored.handover_home_address == EVERYTHING["homeAddress"]


def test_alcohol_asks_the_recipients_name_beside_the_id(customer_client, staff_client):
    wine = make_product(name="Red Wine", category="alcohol", quantity=10)
    order = placed_order(customer_client, line(wine), ageConfirmed=True)

    refused = hand_over(staff_client, order, idType="Passport", birthYear=1990)
    done = hand_over(
        staff_client, order, idType="Passport", birthYear=1990, recipientName="Casey Customer"
    )

    assert refused.status_code == 400
    assert list(refused.json()["errors"]) == ["recipientName"]
    assert done.status_code == 200
    assert Order.objects.get(pk=order.pk).handover_recipient == "Casey Customer"


def test_a_vape_delivered_asks_a_signature_and_at_the_counter_does_not(
    customer_client, staff_client
):
    vape = make_product(name="Tobacco Stick", category="disposables", quantity=10)
    delivered = placed_order(customer_client, line(vape), option="delivery", ageConfirmed=True)
    collected = placed_order(customer_client, line(vape), ageConfirmed=True)

    answers = {o["id"]: o for o in staff_client.get("/api/orders").json()["orders"]}

    assert "signature" in answers[delivered.pk]["checks"]["requiredFields"]
    assert answers[collected.pk]["checks"]["requiredFields"] == ["idType", "birthYear"]
    refused = hand_over(staff_client, delivered, **{**EVERYTHING, "signature": ""})
    assert list(refused.json()["errors"]) == ["signature"]
