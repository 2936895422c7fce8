"""The tax report sums exactly the orders placed in its range (Los Angeles days), with the
rates each order kept; cancelled orders and the days around it count for nothing."""

import csv
import io
from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from promotions.models import Promotion
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE


@pytest.fixture
def world(client_for, customer, admin_user, settings):
    settings.MAX_PENDING_ORDERS = 0
    with time_machine.travel(datetime(2026, 6, 9, 23, 30, tzinfo=LA), tick=False) as clock:
        shopper, admin = client_for(customer), client_for(admin_user)
        answer = admin.patch(
            "/api/shop/settings",
            {"deliveryTaxRates": [{"zip": "92840", "rate": 7.75}]},
            format="json",
        )
        assert answer.status_code == 200, answer.json()
        Promotion.objects.create(code="TEN", kind="percent", value=10)
        juice = make_product(name="Juice", price="20.00", category="juices", quantity=50)
        car = make_product(name="Car", price="40.00", category="diecast-cars", quantity=50)
        lighter = make_product(name="Lighter", price="10.00", quantity=50)

        post_checkout(shopper, checkout_body(line(lighter)))  # Tuesday: outside the range
        clock.move_to(datetime(2026, 6, 10, 0, 1, tzinfo=LA))
        # Pickup at 8.75%: 1.75 of sales tax, 2.50 of excise on 20.00.
        post_checkout(shopper, checkout_body(line(juice), ageConfirmed=True))
        # Local delivery to 92840 at 7.75%: 3.10.
        post_checkout(shopper, checkout_body(line(car), option="delivery", deliveryZip="92840"))
        # Shipped to Nevada: no California tax.
        post_checkout(shopper, checkout_body(line(car), option="shipping", shippingState="NV"))
        # 10% off 30.00 at the counter: 27.00 taxed, 2.3625 -> 2.36.
        post_checkout(shopper, checkout_body(line(lighter, 3), promoCode="TEN"))
        cancelled = post_checkout(shopper, checkout_body(line(juice, 2), ageConfirmed=True))
        assert admin.put(f"/api/orders/{cancelled['order']['id']}/cancel").status_code == 200
        clock.move_to(datetime(2026, 6, 11, 0, 1, tzinfo=LA))
        # Thursday: outside the range (signed in again: a token lasts a day).
        shopper, admin = client_for(customer), client_for(admin_user)
        post_checkout(shopper, checkout_body(line(juice), ageConfirmed=True))
        clock.move_to(datetime(2026, 6, 11, 12, 0, tzinfo=LA))
        yield admin


def test_the_report_sums_exactly_the_orders_of_its_range(world):
    response = world.get("/api/reports/taxes?from=2026-06-10&to=2026-06-10")

    assert response.status_code == 200, response.json()
    assert response.json() == {
        "from": "2026-06-10",
        "to": "2026-06-10",
        "taxableSales": 127.0,
        "salesTax": 7.21,
        "exciseSales": 20.0,
        "exciseTax": 2.5,
        "discounts": 3.0,
        "byRate": [
            {"rate": 8.75, "place": "Pickup", "taxableSales": 47.0, "salesTax": 4.11},
            {"rate": 7.75, "place": "ZIP 92840", "taxableSales": 40.0, "salesTax": 3.1},
            {"rate": 0.0, "place": "State NV", "taxableSales": 40.0, "salesTax": 0.0},
        ],
    }


def test_the_same_report_as_csv(world):
    response = world.get("/api/reports/taxes.csv?from=2026-06-10&to=2026-06-10")

    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'attachment; filename="taxes-2026-06-10-2026-06-10.csv"'
    )
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert ["totals", "", "", "127.00", "7.21", "20.00", "2.50"] in rows
    assert ["rate", "7.750", "ZIP 92840", "40.00", "3.10", "", ""] in rows


def test_the_sales_report_shows_the_discounts_given(world):
    body = world.get("/api/reports/sales?from=2026-06-10&to=2026-06-10").json()

    assert body["totals"]["discounts"] == 3.0
    # What the shop took: goods less discounts plus fees, the taxes collected left out.
    assert body["totals"]["revenue"] == 20.0 + 40.0 + 20.0 + 40.0 + 8.0 + 27.0
