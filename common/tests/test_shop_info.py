"""GET /api/shop/info: the operator's details and every rule the React app shows, served from
the code that enforces them (the app keeps no copy; see frontend/src/lib/shopInfo.js)."""

import json
import os
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderStatus
from rides.models import Ride, RideStatus
from rides.selectors import DEFAULT_PRICING_DESCRIPTION
from storesettings import selectors as store_selectors
from tests.factories import checkout_body, line, make_product

FIXTURES = Path(__file__).resolve().parents[2] / "frontend" / "src" / "test" / "fixtures"
# The fixtures' clock: the delivery rules name moments (earliest delivery, latest date) that
# move with the time of the request. A Tuesday noon in the shop's zone.
FIXTURE_NOW = datetime(2026, 11, 24, 12, 0, tzinfo=SHOP_TIME_ZONE)

pytestmark = pytest.mark.django_db


def info(client):
    response = client.get("/api/shop/info")
    assert response.status_code == 200
    return response.json()


def test_keeps_the_operator_keys_and_adds_the_rules(client, settings):
    settings.SHOP_NAME = "Test Shop"
    settings.SHOP_PICKUP_LOCATION = "5th & Main"
    settings.SHOP_DELIVERY_AREA = "Tustin"

    body = info(client)

    assert body["name"] == "Test Shop"
    assert body["pickupLocation"] == "5th & Main"
    assert body["deliveryArea"] == "Tustin"
    assert set(body) >= {
        "name",
        "pickupLocation",
        "pickupPhone",
        "deliveryArea",
        "deliveryOptions",
        "orderStatuses",
        "rideStatuses",
        "defaultRidePricing",
    }
    assert body["deliveryOptions"] == [
        {
            "id": "pickup",
            "label": "Store Pickup",
            "fee": 0,
            "freeFrom": None,
            "description": "Pick up at 5th & Main",
            "payment": "You pay at pickup, when you collect your order.",
            "needsAddress": False,
            "needsAppointment": False,
        },
        {
            "id": "shipping",
            "label": "Standard Shipping",
            "fee": 8,
            "freeFrom": 60,
            "description": "Standard shipping, 3-5 business days",
            "payment": "We contact you to arrange payment before your order ships.",
            "needsAddress": True,
            "needsAppointment": False,
        },
        {
            "id": "delivery",
            "label": "Local Delivery",
            "fee": 20,
            "freeFrom": 60,
            "description": "Local delivery in Tustin only",
            "payment": "You pay on delivery, when your order reaches you.",
            "needsAddress": True,
            "needsAppointment": True,
        },
    ]
    assert body["defaultRidePricing"] == DEFAULT_PRICING_DESCRIPTION


def test_a_fee_changed_in_python_is_what_the_client_is_served(client, monkeypatch):
    # The first-run figures are written once, in storesettings.selectors.
    monkeypatch.setattr(store_selectors, "FIRST_RUN_SHIPPING_FEE", Decimal("9.50"))
    monkeypatch.setattr(store_selectors, "FIRST_RUN_FREE_FROM", Decimal("75"))

    shipping = next(o for o in info(client)["deliveryOptions"] if o["id"] == "shipping")

    assert (shipping["fee"], shipping["freeFrom"]) == (9.5, 75)


def test_statuses_carry_their_labels_in_the_models_order(client):
    body = info(client)

    assert [(s["id"], s["label"]) for s in body["orderStatuses"]] == [
        ("pending", "Pending"),
        ("completed", "Completed"),
        ("cancelled", "Cancelled"),
    ]
    assert [(s["id"], s["label"]) for s in body["rideStatuses"]] == [
        ("pending", "Pending"),
        ("accepted", "Accepted"),
        ("in_progress", "In Progress"),
        ("completed", "Completed"),
        ("cancelled", "Cancelled"),
    ]


@pytest.mark.parametrize("start", list(OrderStatus))
@pytest.mark.parametrize("action, target", [("complete", "completed"), ("cancel", "cancelled")])
def test_served_order_transitions_are_the_ones_the_server_allows(
    client, customer_client, admin_client_api, start, action, target
):
    allowed = {s["id"]: s["next"] for s in info(client)["orderStatuses"]}
    product = make_product(quantity=5)
    placed = customer_client.post(
        "/api/orders/checkout", checkout_body(line(product, 1), ageConfirmed=True), format="json"
    )
    order_id = placed.json()["order"]["id"]
    Order.objects.filter(pk=order_id).update(status=start)

    response = admin_client_api.put(f"/api/orders/{order_id}/{action}")

    expected = target in allowed[start]
    assert (response.status_code == 200) == expected, response.json()
    assert Order.objects.get(pk=order_id).status == (target if expected else start)


def test_served_ride_transitions_are_the_ones_the_server_allows(client, admin_client_api):
    allowed = {s["id"]: s["next"] for s in info(client)["rideStatuses"]}
    ride = Ride.objects.create(
        name="Rae",
        phone="714-555-0100",
        address="1 A St",
        dropoff_address="2 B St",
        pickup_date="2026-12-01",
        pickup_time="10:00",
        item_description="A sofa",
    )
    for start in RideStatus:
        for target in RideStatus:
            Ride.objects.filter(pk=ride.pk).update(status=start)
            response = admin_client_api.put(
                f"/api/rides/{ride.pk}/status", {"status": target.value}, format="json"
            )
            expected = target.value in allowed[start.value]
            assert (response.status_code == 200) == expected, (start, target, response.json())
            ride.refresh_from_db()
            assert ride.status == (target if expected else start)


def test_the_react_test_fixtures_are_what_the_server_serves(client, settings):
    """The jest suite renders with these files; a rule changed on the server alone fails here,
    so the fixtures never drift into a second copy of the rules."""
    settings.SHOP_NAME = "Corner Shop"
    settings.SHOP_PICKUP_LOCATION = "Corner of Brookhurst St & Garden Grove Blvd, Garden Grove, CA"
    settings.SHOP_PICKUP_PHONE = "(714) 555-0142"
    settings.SHOP_DELIVERY_AREA = "Orange County"
    with time_machine.travel(FIXTURE_NOW, tick=False):
        served = {"shopInfo": info(client), "categories": client.get("/api/categories").json()}
    if os.environ.get("UPDATE_REACT_FIXTURES"):
        # UPDATE_REACT_FIXTURES=1 pytest common/tests/test_shop_info.py rewrites them.
        for name, body in served.items():
            text = json.dumps(body, indent=2, ensure_ascii=False) + "\n"
            (FIXTURES / f"{name}.json").write_text(text)

    for name, body in served.items():
        assert json.loads((FIXTURES / f"{name}.json").read_text()) == body, name
    assert served["shopInfo"]["deliveryEarliest"] == "2026-11-24T14:00-08:00"


def test_the_openapi_schema_describes_every_key(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    shop = schema["components"]["schemas"]["ShopInfo"]["properties"]
    option = schema["components"]["schemas"]["DeliveryOptionInfo"]["properties"]

    assert set(shop) == set(info(client))
    assert set(option) == set(info(client)["deliveryOptions"][0])
    assert set(schema["components"]["schemas"]["RideStatusInfo"]["properties"]) == {
        "id",
        "label",
        "next",
    }
