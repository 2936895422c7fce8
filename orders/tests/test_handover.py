"""Ready, then handed over (docs/api.md, "Ready and hand-over"): mark ready emails the
customer where to collect the order; a handover completes it with who, when and the checks
its goods need, refused without them; a failed delivery keeps the order pending with the
reason, or cancels it with its stock back. The clock is pinned to Wednesday 10 June 2026."""

from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderEvent, OrderStatus
from tests.factories import (
    checkout_body,
    line,
    make_product,
    post_checkout,
    signature_png_bytes,
    signature_url,
    stock_of,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE)


@pytest.fixture(autouse=True)
def pinned_clock(settings):
    settings.MAX_PENDING_ORDERS = 0  # one customer places every order of a test
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def balloons():
    return make_product(name="Balloons", category="party-supplies", quantity=10)


@pytest.fixture
def vape():
    return make_product(name="Cloud Nine", category="disposables", quantity=10)


def place(client, product, option="pickup", **fields):
    body = checkout_body(line(product), option=option, **fields)
    if product.category.age_restricted:
        body["ageConfirmed"] = True
    return Order.objects.get(pk=post_checkout(client, body)["order"]["id"])


def hand_over(client, order, **body):
    return client.post(f"/api/orders/{order.pk}/handover", body, format="json")


# --- Mark ready --------------------------------------------------------------------------


def test_staff_mark_a_pickup_ready_and_the_customer_is_told_where_to_collect_it(
    customer_client,
    staff_client,
    admin_client_api,
    balloons,
    mailoutbox,
    django_capture_on_commit_callbacks,
):
    admin_client_api.patch(
        "/api/shop/settings",
        {"pickupInstructions": "Ring the bell at the side door."},
        format="json",
    )
    order = place(customer_client, balloons)
    mailoutbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.put(f"/api/orders/{order.pk}/ready")

    assert response.status_code == 200
    answer = response.json()["order"]
    assert answer["status"] == "pending"
    assert answer["readyAt"] == "2026-06-10T16:00:00Z"
    [email] = mailoutbox
    assert email.subject == f"Order #{order.pk} is ready for pickup"
    assert email.to == ["casey@example.com"]
    assert "Ring the bell at the side door." in email.body
    assert "is ready for pickup at" in email.body

    with django_capture_on_commit_callbacks(execute=True):
        again = staff_client.put(f"/api/orders/{order.pk}/ready")

    assert again.status_code == 200
    assert len(mailoutbox) == 1  # marked once, emailed once
    mine = customer_client.get("/api/orders").json()["orders"][0]
    assert mine["readyAt"] == "2026-06-10T16:00:00Z"


def test_only_a_pending_pickup_can_be_marked_ready(customer_client, staff_client, balloons):
    delivery = place(customer_client, balloons, option="delivery")

    response = staff_client.put(f"/api/orders/{delivery.pk}/ready")

    assert response.status_code == 409
    assert "pickup" in response.json()["message"]
    assert Order.objects.get(pk=delivery.pk).ready_at is None


def test_a_customer_cannot_mark_their_order_ready(customer_client, balloons):
    order = place(customer_client, balloons)

    assert customer_client.put(f"/api/orders/{order.pk}/ready").status_code == 403


# --- Hand over ---------------------------------------------------------------------------


def test_a_handover_without_a_check_completes_with_who_and_when(
    customer_client, staff_client, staff_user, balloons
):
    order = place(customer_client, balloons)
    checks = customer_client.get("/api/orders").json()["orders"][0]["checks"]
    assert checks == {"requiredFields": [], "messages": []}

    response = hand_over(staff_client, order, outcome="delivered", recipientName="Casey")

    assert response.status_code == 200
    answer = response.json()["order"]
    assert answer["status"] == "completed"
    assert (answer["handedOverBy"], answer["handedOverAt"]) == ("Sam Staff", "2026-06-10T16:00:00Z")
    stored = Order.objects.get(pk=order.pk)
    assert (stored.handed_over_by, stored.handover_recipient) == (staff_user, "Casey")


def test_an_order_needing_an_id_check_is_refused_without_it_naming_each_field(
    customer_client, staff_client, vape
):
    order = place(customer_client, vape)

    response = hand_over(staff_client, order, outcome="delivered")

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"idType", "birthYear"}
    stored = Order.objects.get(pk=order.pk)
    assert (stored.status, stored.handed_over_at) == (OrderStatus.PENDING, None)


def test_an_order_needing_an_id_check_is_handed_over_with_it(customer_client, staff_client, vape):
    order = place(customer_client, vape)
    checks = customer_client.get("/api/orders").json()["orders"][0]["checks"]
    assert checks["requiredFields"] == ["idType", "birthYear"]
    assert "21 or older" in checks["messages"][0]
    signature = signature_url(signature_png_bytes())

    response = hand_over(
        staff_client,
        order,
        outcome="delivered",
        idType="Driver licence",
        birthYear=1990,
        recipientName="Casey Customer",
        signature=signature,
    )

    assert response.status_code == 200
    assert response.json()["order"]["status"] == "completed"
    stored = Order.objects.get(pk=order.pk)
    assert (stored.handover_id_type, stored.handover_birth_year) == ("Driver licence", 1990)
    assert stored.handover_signature_png.startswith(b"\x89PNG\r\n\x1a\n")


def test_a_birth_year_under_21_is_refused(customer_client, staff_client, vape):
    order = place(customer_client, vape)

    response = hand_over(staff_client, order, outcome="delivered", idType="ID card", birthYear=2010)

    assert response.status_code == 400
    assert "under 21" in response.json()["errors"]["birthYear"][0]
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PENDING


@pytest.mark.parametrize(
    "signature",
    ["not a data url", "data:image/png;base64,@@@", "data:image/png;base64,aGVsbG8="],
    ids=["not a data URL", "not base64", "not a PNG"],
)
def test_a_bad_signature_is_a_400(customer_client, staff_client, balloons, signature):
    order = place(customer_client, balloons)

    response = hand_over(staff_client, order, outcome="delivered", signature=signature)

    assert response.status_code == 400
    assert "signature" in response.json()["errors"]
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PENDING


def test_a_signature_over_the_bound_is_a_400(customer_client, staff_client, balloons):
    order = place(customer_client, balloons)
    huge = signature_url(b"\x89PNG\r\n\x1a\n" + bytes(200_001))

    response = hand_over(staff_client, order, outcome="delivered", signature=huge)

    assert response.status_code == 400
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PENDING


def test_the_plain_complete_refuses_an_order_needing_a_check(
    customer_client, staff_client, vape, balloons
):
    checked, plain = place(customer_client, vape), place(customer_client, balloons)

    refused = staff_client.put(f"/api/orders/{checked.pk}/complete")
    done = staff_client.put(f"/api/orders/{plain.pk}/complete")

    assert refused.status_code == 400
    assert "Hand over" in refused.json()["message"]
    assert Order.objects.get(pk=checked.pk).status == OrderStatus.PENDING
    assert done.status_code == 200


# --- A failed delivery -------------------------------------------------------------------


def test_a_failed_delivery_keeps_the_order_pending_with_the_reason(
    customer_client, staff_client, balloons
):
    order = place(customer_client, balloons, option="delivery")

    response = hand_over(staff_client, order, outcome="failed", reason="Nobody home")

    assert response.status_code == 200
    assert response.json()["order"]["status"] == "pending"
    event = OrderEvent.objects.filter(order=order).latest("id")
    assert event.note == "Could not deliver: Nobody home"
    assert stock_of(balloons) == 9


def test_a_failed_delivery_can_cancel_the_order_and_return_its_stock(
    customer_client, staff_client, balloons
):
    order = place(customer_client, balloons, option="delivery")

    response = hand_over(staff_client, order, outcome="failed", reason="No valid ID", cancel=True)

    assert response.status_code == 200
    assert response.json()["order"]["status"] == "cancelled"
    assert stock_of(balloons) == 10
    event = OrderEvent.objects.filter(order=order).latest("id")
    assert event.note.startswith("Could not deliver: No valid ID")


def test_a_failed_delivery_needs_a_reason(customer_client, staff_client, balloons):
    order = place(customer_client, balloons, option="delivery")

    response = hand_over(staff_client, order, outcome="failed")

    assert response.status_code == 400
    assert "reason" in response.json()["errors"]
    assert OrderEvent.objects.filter(order=order).count() == 1  # placed, nothing since


# --- The driver's list -------------------------------------------------------------------


def test_the_days_deliveries_come_in_booked_time_order(
    customer_client, staff_client, balloons, vape
):
    late = place(customer_client, balloons, option="delivery", deliveryTime="16:00")
    early = place(customer_client, vape, option="delivery", deliveryTime="11:00")
    middle = place(customer_client, balloons, option="delivery", deliveryTime="14:00")
    place(customer_client, balloons)  # a pickup is no delivery

    response = staff_client.get("/api/orders/deliveries?date=2026-06-11")

    assert response.status_code == 200
    body = response.json()
    assert body["date"] == "2026-06-11"
    assert [o["id"] for o in body["orders"]] == [early.pk, middle.pk, late.pk]
    first = body["orders"][0]
    # A vape delivered: the 21+ ID check and the first-run PACT Act rule (name, signature).
    assert first["checks"]["requiredFields"] == [
        "idType",
        "birthYear",
        "recipientName",
        "signature",
    ]
    assert first["phoneNumber"] and first["deliveryAddress"] and first["items"]
    assert staff_client.get("/api/orders/deliveries").json()["orders"] == []  # today: none


def test_a_bad_date_is_a_400(staff_client):
    assert staff_client.get("/api/orders/deliveries?date=tomorrow").status_code == 400
