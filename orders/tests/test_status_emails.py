"""Customers hear back when their order is completed or cancelled: one email each, queued as
a background task when the change commits (the tests' task backend runs it at once)."""

from contextlib import contextmanager
from datetime import UTC, date, datetime, time

import pytest
import time_machine

from common.shoptime import format_clock, format_day, format_day_and_clock, format_when
from orders.models import OrderEvent
from tests.factories import (
    line,
    make_product,
    placed_order,
    signature_png_bytes,
    signature_url,
)

pytestmark = pytest.mark.django_db

CHECKOUT = "/api/orders/checkout"


@pytest.fixture
def place(customer_client):
    def place(option="pickup", category="party-supplies", client=None, **fields):
        product = make_product(name="Lamp", category=category, quantity=10)
        return placed_order(client or customer_client, line(product), option=option, **fields).pk

    return place


@pytest.fixture
def on_clock(client_for, customer, admin_user):
    """on_clock(moment) pins the clock (time-machine) and answers (shopper, admin) clients
    signed in at that moment, so their tokens are fresh on the pinned clock."""

    @contextmanager
    def pinned(moment):
        with time_machine.travel(moment, tick=False):
            yield client_for(customer), client_for(admin_user)

    return pinned


# 21+ goods are completed by a handover that records the ID check (the plain complete
# refuses them): the same status change and email.
# A delivered vape's first-run rule asks the recipient's name and signature as well.
ID_CHECKED = {
    "outcome": "delivered",
    "idType": "Driver licence",
    "birthYear": 1990,
    "recipientName": "Casey Customer",
    "signature": signature_url(signature_png_bytes()),
}


def change(admin_client_api, order_id, verb, capture, checked=False):
    with capture(execute=True) as callbacks:
        if checked:
            url = f"/api/orders/{order_id}/handover"
            response = admin_client_api.post(url, ID_CHECKED, format="json")
        else:
            response = admin_client_api.put(f"/api/orders/{order_id}/{verb}")
    assert response.status_code == 200
    return callbacks


def test_a_completed_pickup_was_handed_over_on_the_shop_day(
    place, on_clock, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.SHOP_PICKUP_LOCATION = "Corner of A St & B Ave"
    # Thursday 26 November 2026, 11:00 in Los Angeles: 19:00 UTC.
    with on_clock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC)) as (shopper, admin):
        order_id = place(category="alcohol", ageConfirmed=True, client=shopper)
        callbacks = change(
            admin, order_id, "complete", django_capture_on_commit_callbacks, checked=True
        )

    # The test task backend is given the email on commit (the database queue writes its
    # task row inside the transaction instead): either way, nothing is sent inside it.
    assert len(callbacks) == 1
    event = OrderEvent.objects.filter(order_id=order_id).last()
    assert event.note == f"Customer email queued: Order #{order_id} was picked up"
    (email,) = mailoutbox
    assert email.to == ["casey@example.com"]
    assert email.subject == f"Order #{order_id} was picked up"
    # Complete means handed over: no "ready", no "pick it up", no ID notice still ahead.
    assert (
        f"Your order #{order_id} was handed over at Corner of A St & B Ave on "
        "Thu, Nov 26, 2026 at 11:00 AM." in email.body
    )
    assert "Thank you for picking it up." in email.body
    assert "ready" not in email.body and "Pick it up" not in email.body
    assert "photo ID" not in email.body


@pytest.mark.parametrize(
    "option, subject, news",
    [
        ("delivery", "Order #{} was delivered", "was delivered on {}."),
        ("shipping", "Order #{} has shipped", "left our shop on {} and is on its way."),
    ],
)
def test_a_completed_delivery_or_shipment_says_so(
    place, on_clock, mailoutbox, django_capture_on_commit_callbacks, option, subject, news
):
    # A minute past midnight UTC on 1 January is still New Year's Eve in Los Angeles.
    with on_clock(datetime(2027, 1, 1, 0, 1, tzinfo=UTC)) as (shopper, admin):
        order_id = place(option=option, client=shopper)
        change(admin, order_id, "complete", django_capture_on_commit_callbacks)

    (email,) = mailoutbox
    assert email.subject == subject.format(order_id)
    assert news.format("Thu, Dec 31, 2026 at 4:01 PM") in email.body


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

    change(admin_client_api, order_id, "complete", django_capture_on_commit_callbacks, checked=True)

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


def test_a_cancellation_says_when_the_order_was_placed(
    place, on_clock, mailoutbox, django_capture_on_commit_callbacks
):
    with on_clock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC)) as (shopper, admin):
        order_id = place(client=shopper)
        change(admin, order_id, "cancel", django_capture_on_commit_callbacks)

    (email,) = mailoutbox
    assert (
        f"Your order #{order_id}, placed Thu, Nov 26, 2026 at 11:00 AM, was cancelled" in email.body
    )


def test_the_confirmation_writes_the_booked_day_and_time_as_the_site_does(
    on_clock, mailoutbox, django_capture_on_commit_callbacks
):
    product = make_product(name="Lamp", quantity=10)
    with (
        on_clock(datetime(2026, 11, 24, 18, 0, tzinfo=UTC)) as (shopper, _),
        django_capture_on_commit_callbacks(execute=True),
    ):
        order = placed_order(
            shopper,
            line(product),
            option="delivery",
            deliveryDate="2026-11-26",
            deliveryTime="11:00",
        )

    confirmation = next(m for m in mailoutbox if m.subject == f"Order #{order.pk} confirmed")
    assert "Delivery: Thu, Nov 26, 2026 at 11:00 AM" in confirmation.body
    assert "2026-11-26" not in confirmation.body


@pytest.mark.parametrize(
    "written, expected",
    [
        # The examples of frontend/src/lib/format.js, which the site shows.
        (
            lambda: format_when(datetime(2030, 1, 1, 22, 30, tzinfo=UTC)),
            "Tue, Jan 1, 2030 at 2:30 PM",
        ),
        (lambda: format_day(date(2030, 1, 1)), "Tue, Jan 1, 2030"),
        (lambda: format_clock("14:30"), "2:30 PM"),
        (lambda: format_clock("00:05"), "12:05 AM"),
        (lambda: format_clock("12:00:00"), "12:00 PM"),
        (lambda: format_clock(time(9, 0)), "9:00 AM"),
        (lambda: format_clock("after 5pm"), "after 5pm"),
        (lambda: format_clock("25:00"), "25:00"),
        (lambda: format_day_and_clock(date(2030, 1, 1), "14:30"), "Tue, Jan 1, 2030 at 2:30 PM"),
        (
            lambda: format_day_and_clock(date(2030, 1, 1), "after 5pm"),
            "Tue, Jan 1, 2030, after 5pm",
        ),
        (lambda: format_day_and_clock(date(2030, 1, 1), ""), "Tue, Jan 1, 2030"),
        (lambda: format_day_and_clock(None, "14:30"), "2:30 PM"),
        # Summer time: Los Angeles is UTC-7.
        (
            lambda: format_when(datetime(2026, 7, 4, 3, 0, tzinfo=UTC)),
            "Fri, Jul 3, 2026 at 8:00 PM",
        ),
    ],
)
def test_emails_write_dates_as_the_site_does(written, expected):
    assert written() == expected


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
