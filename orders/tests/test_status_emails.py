"""Customers hear back when their order is completed or cancelled: one email each, queued as
a background task when the change commits (the tests' task backend runs it at once)."""

import pytest

from orders.models import OrderEvent
from tests.factories import line, make_product, placed_order

pytestmark = pytest.mark.django_db

CHECKOUT = "/api/orders/checkout"


@pytest.fixture
def place(customer_client):
    def place(option="pickup", category="party-supplies", **fields):
        product = make_product(name="Lamp", category=category, quantity=10)
        return placed_order(customer_client, line(product), option=option, **fields).pk

    return place


def change(admin_client_api, order_id, verb, capture):
    with capture(execute=True) as callbacks:
        response = admin_client_api.put(f"/api/orders/{order_id}/{verb}")
    assert response.status_code == 200
    return callbacks


def test_a_completed_pickup_is_ready_with_the_id_notice(
    place, admin_client_api, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.SHOP_PICKUP_LOCATION = "Corner of A St & B Ave"
    order_id = place(category="alcohol", ageConfirmed=True)

    callbacks = change(admin_client_api, order_id, "complete", django_capture_on_commit_callbacks)

    # The test task backend is given the email on commit (the database queue writes its
    # task row inside the transaction instead): either way, nothing is sent inside it.
    assert len(callbacks) == 1
    event = OrderEvent.objects.filter(order_id=order_id).last()
    assert event.note == f"Customer email queued: Order #{order_id} is ready for pickup"
    (email,) = mailoutbox
    assert email.to == ["casey@example.com"]
    assert email.subject == f"Order #{order_id} is ready for pickup"
    assert "Corner of A St & B Ave" in email.body
    assert "Bring a valid photo ID (21+)" in email.body


@pytest.mark.parametrize(
    "option, subject",
    [("delivery", "Order #{} was delivered"), ("shipping", "Order #{} has shipped")],
)
def test_a_completed_delivery_or_shipment_says_so(
    place, admin_client_api, mailoutbox, django_capture_on_commit_callbacks, option, subject
):
    order_id = place(option=option)

    change(admin_client_api, order_id, "complete", django_capture_on_commit_callbacks)

    assert [m.subject for m in mailoutbox] == [subject.format(order_id)]


@pytest.mark.parametrize(
    "option, category, with_notice",
    [("delivery", "alcohol", False), ("shipping", "glass-pipe", True)],
)
def test_the_id_notice_only_while_the_handover_is_ahead(
    place,
    admin_client_api,
    mailoutbox,
    django_capture_on_commit_callbacks,
    option,
    category,
    with_notice,
):
    # A completed delivery was handed over (ID checked); a shipped parcel is still to be.
    order_id = place(option=option, category=category, ageConfirmed=True)

    change(admin_client_api, order_id, "complete", django_capture_on_commit_callbacks)

    (email,) = mailoutbox
    assert ("ID will be checked at delivery (21+)" in email.body) is with_notice


def test_a_cancelled_order_says_the_items_went_back(
    place, admin_client_api, mailoutbox, django_capture_on_commit_callbacks
):
    order_id = place()

    change(admin_client_api, order_id, "cancel", django_capture_on_commit_callbacks)

    (email,) = mailoutbox
    assert email.subject == f"Order #{order_id} was cancelled"
    assert "went back on our shelves" in email.body


def test_a_refused_change_sends_nothing(
    place, admin_client_api, mailoutbox, django_capture_on_commit_callbacks
):
    order_id = place()
    change(admin_client_api, order_id, "cancel", django_capture_on_commit_callbacks)
    mailoutbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        refused = admin_client_api.put(f"/api/orders/{order_id}/complete")

    assert refused.status_code == 409
    assert mailoutbox == []
