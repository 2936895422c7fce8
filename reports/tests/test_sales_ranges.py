"""The sales report agrees to the cent with a recount of the orders themselves for ranges
that start and end anywhere: on a month's first or last day, inside a month (read from its
days, or from its month total less the days left out), across months and within one. Orders
with cents, a promotion, a delivery fee, a cancelled one, a product renamed and one deleted.
On SQLite and PostgreSQL alike."""

from collections import defaultdict
from datetime import date, datetime
from decimal import Decimal
from itertools import combinations_with_replacement

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order
from promotions.models import Promotion
from reports.selectors import DELETED_PRODUCTS
from shop.models import Product
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE
CENT = Decimal("0.01")
# Where the report reads a month whole, in part from its days, or whole less some days.
BOUNDS = [
    date(2026, 5, 1),
    date(2026, 5, 31),
    date(2026, 6, 1),
    date(2026, 6, 9),
    date(2026, 6, 16),
    date(2026, 6, 29),
    date(2026, 6, 30),
    date(2026, 7, 1),
    date(2026, 7, 31),
]


@pytest.fixture
def sales(client_for, customer, admin_user, settings):
    """Orders from 31 May to 20 July 2026 (Los Angeles), then the clock at 1 August."""
    settings.MAX_PENDING_ORDERS = 0
    settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0
    with time_machine.travel(datetime(2026, 5, 31, 23, 30, tzinfo=LA), tick=False) as clock:
        Promotion.objects.create(code="TEN", kind="percent", value=10)
        gum = make_product(name="Gum", price="1.99", category="juices", quantity=500)
        car = make_product(name="Car", price="40.33", category="diecast-cars", quantity=500)
        lighter = make_product(name="Lighter", price="10.07", quantity=500)
        for moment, lines, fields in [
            ((5, 31, 23, 30), [line(gum, 3), line(car)], {}),
            ((6, 1, 0, 15), [line(lighter, 2)], {"promoCode": "TEN"}),
            ((6, 9, 12, 0), [line(car, 2)], {}),
            ((6, 16, 18, 0), [line(lighter)], {"option": "shipping"}),
            ((6, 30, 23, 59), [line(gum, 7)], {"option": "delivery"}),
            ((7, 1, 0, 1), [line(car), line(lighter, 4)], {"promoCode": "TEN"}),
            ((7, 20, 9, 0), [line(gum, 2)], {}),
        ]:
            clock.move_to(datetime(2026, *moment, tzinfo=LA))
            shopper, admin = client_for(customer), client_for(admin_user)  # a token lasts a day
            last = post_checkout(shopper, checkout_body(*lines, ageConfirmed=True, **fields))[
                "order"
            ]
            if moment[:2] == (6, 9):
                done = admin.put(f"/api/orders/{last['id']}/complete")
                assert done.status_code == 200, done.json()
            if moment[:2] == (6, 16):
                assert admin.put(f"/api/orders/{last['id']}/cancel").status_code == 200
        car.name = "Car GT"  # renamed after its sales: they keep "Car"
        car.save()
        Product.objects.filter(pk=lighter.pk).delete()
        clock.move_to(datetime(2026, 8, 1, 12, 0, tzinfo=LA))
        yield client_for(admin_user)


def recount(first, last):
    """The report's figures from the orders and their lines, Decimal to the cent."""
    orders = [
        order
        for order in Order.objects.prefetch_related("items")
        if first <= order.created_at.astimezone(LA).date() <= last
    ]
    live = [order for order in orders if order.status != "cancelled"]
    products = defaultdict(lambda: [0, Decimal("0")])
    categories = defaultdict(lambda: [0, Decimal("0")])
    names = {row.pk: row.category.name for row in Product.objects.select_related("category")}
    for order in live:
        for item in order.items.all():
            for tally in (
                products[(item.product_id, item.product_name)],
                categories[names.get(item.product_id, DELETED_PRODUCTS)],
            ):
                tally[0] += item.quantity
                tally[1] += item.unit_price * item.quantity
    return {
        "orders": len(live),
        "revenue": sum((o.total - o.sales_tax - o.excise_tax for o in live), Decimal("0")),
        "discounts": sum((o.discount for o in live), Decimal("0")),
        "cancelled": len(orders) - len(live),
        "products": {key: (units, money) for key, (units, money) in products.items()},
        "categories": {key: (units, money) for key, (units, money) in categories.items()},
    }


def cents(value):
    return Decimal(str(value)).quantize(CENT)


def test_every_range_agrees_with_a_recount_to_the_cent(sales):
    for first, last in combinations_with_replacement(BOUNDS, 2):
        response = sales.get(f"/api/reports/sales?from={first}&to={last}")
        assert response.status_code == 200
        body, counted = response.json(), recount(first, last)
        where = f"{first}..{last}"

        assert body["totals"]["orders"] == counted["orders"], where
        assert cents(body["totals"]["revenue"]) == counted["revenue"], where
        assert cents(body["totals"]["discounts"]) == counted["discounts"], where
        assert body["byStatus"]["cancelled"] == counted["cancelled"], where
        assert sum(cents(day["revenue"]) for day in body["days"]) == counted["revenue"], where
        assert {
            (p["id"], p["name"]): (p["units"], cents(p["revenue"])) for p in body["topProducts"]
        } == counted["products"], where
        assert {
            c["name"]: (c["units"], cents(c["revenue"])) for c in body["byCategory"]
        } == counted["categories"], where


def test_a_range_that_reads_a_month_less_its_end_days_names_its_sales(sales):
    # June 2 to 30: June's month total less June 1 (its lighter, 2 units).
    body = sales.get("/api/reports/sales?from=2026-06-02&to=2026-06-30").json()

    assert [(p["name"], p["units"], p["revenue"]) for p in body["topProducts"]] == [
        ("Car", 2, 80.66),
        ("Gum", 7, 13.93),
    ]
    assert body["byStatus"] == {"pending": 1, "completed": 1, "cancelled": 1}
