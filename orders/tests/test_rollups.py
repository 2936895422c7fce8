"""The day totals (orders/rollups.py) stay equal to a full recount of the orders, to the
cent, after each kind of change: placing (every option, a promotion, the excise), completing,
cancelling, adjusting a line, a hold expiring, a hand-over, a product deleted; the reports
read them; `check_rollups` finds a difference and `rebuild_rollups` mends it, as often as it
is run. On SQLite and PostgreSQL alike."""

import io
from datetime import datetime, timedelta

import pytest
import time_machine
from django.core.management import CommandError, call_command

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderDayTotal, ProductDayTotal
from orders.rollups import rollups_differences
from promotions.models import Promotion
from shop.models import Product
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE
# 23:30 in Los Angeles is the next day in UTC: the rollups' day is the shop's.
START = datetime(2026, 6, 9, 23, 30, tzinfo=LA)


def agree():
    assert rollups_differences() == []
    out = io.StringIO()
    call_command("check_rollups", stdout=out)
    assert "agree" in out.getvalue()


def report(admin, path="sales"):
    response = admin.get(f"/api/reports/{path}?from=2026-06-01&to=2026-06-30")
    assert response.status_code == 200, response.json()
    return response.json()


@pytest.fixture
def shop(client_for, customer, admin_user, settings):
    settings.MAX_PENDING_ORDERS = 0
    with time_machine.travel(START, tick=False) as clock:
        Promotion.objects.create(code="TEN", kind="percent", value=10)
        yield {
            "clock": clock,
            "fresh": lambda: (client_for(customer), client_for(admin_user)),
            "shopper": client_for(customer),
            "admin": client_for(admin_user),
            "juice": make_product(name="Juice", price="20.00", category="juices", quantity=50),
            "car": make_product(name="Car", price="40.00", category="diecast-cars", quantity=50),
            "lighter": make_product(name="Lighter", price="10.00", quantity=50),
        }


def place(shop, *lines, **fields):
    return post_checkout(shop["shopper"], checkout_body(*lines, **fields))["order"]


def test_every_kind_of_change_keeps_the_rollups_equal_to_a_recount(shop):
    admin, juice, car, lighter = shop["admin"], shop["juice"], shop["car"], shop["lighter"]
    agree()

    pickup = place(shop, line(juice, 2), line(lighter, 3), ageConfirmed=True, promoCode="TEN")
    delivery = place(shop, line(car), line(lighter), option="delivery")
    shipped = place(shop, line(car, 2), option="shipping", shippingState="NV")
    agree()
    before = report(admin)
    assert before["totals"]["orders"] == 3 and before["byStatus"]["pending"] == 3

    assert admin.put(f"/api/orders/{shipped['id']}/complete").status_code == 200
    agree()
    assert admin.put(f"/api/orders/{delivery['id']}/cancel").status_code == 200
    agree()
    lighter_line = next(i for i in pickup["items"] if i["productName"] == "Lighter")
    adjusted = admin.patch(
        f"/api/orders/{pickup['id']}/items/{lighter_line['id']}",
        {"quantity": 1, "reason": "broke"},
        format="json",
    )
    assert adjusted.status_code == 200, adjusted.json()
    agree()

    after = report(admin)
    assert after["byStatus"] == {"pending": 1, "completed": 1, "cancelled": 1}
    # The cancelled delivery left the revenue; the adjusted lighter line sells 1, not 3.
    products = {p["name"]: p["units"] for p in after["topProducts"]}
    assert products == {"Car": 2, "Juice": 2, "Lighter": 1}
    assert report(admin, "taxes")["byRate"]  # read from the same rows


def test_an_expired_hold_and_a_handover_keep_them_equal(shop):
    expiring = place(shop, line(shop["lighter"]))
    handed = place(shop, line(shop["car"]))
    agree()

    handover = shop["admin"].post(
        f"/api/orders/{handed['id']}/handover", {"outcome": "delivered"}, format="json"
    )
    assert handover.status_code == 200, handover.json()
    agree()
    shop["clock"].move_to(START + timedelta(days=5))
    call_command("expire_pending_orders", stdout=io.StringIO())

    assert Order.objects.get(pk=expiring["id"]).status == "cancelled"
    agree()


def test_a_deleted_product_counts_under_its_name_as_the_lines_do(shop):
    place(shop, line(shop["lighter"], 2))
    Product.objects.filter(pk=shop["lighter"].pk).delete()

    agree()
    (top,) = report(shop["admin"])["topProducts"]
    assert top == {"id": None, "name": "Lighter", "units": 2, "revenue": 20.0}


def test_check_names_a_difference_and_rebuild_mends_it_again_and_again(shop):
    place(shop, line(shop["juice"]), ageConfirmed=True)
    place(shop, line(shop["car"]))
    # A data fix in SQL, around the services: the rollups no longer know.
    Order.objects.filter(status="pending").update(status="completed")
    ProductDayTotal.objects.all().delete()

    with pytest.raises(CommandError, match="run manage.py rebuild_rollups"):
        call_command("check_rollups", stdout=io.StringIO(), stderr=io.StringIO())
    assert rollups_differences()

    for _ in range(2):
        out = io.StringIO()
        call_command("rebuild_rollups", stdout=out)
        assert "Rollups rebuilt: 1 order row(s), 2 product row(s)." in out.getvalue()
        agree()
    assert report(shop["admin"])["byStatus"] == {"pending": 0, "completed": 2, "cancelled": 0}
    assert OrderDayTotal.objects.get().day.isoformat() == "2026-06-09"


def test_a_range_over_months_adds_whole_months_and_its_end_days_once(shop):
    clock, lighter = shop["clock"], shop["lighter"]
    for moment, units in [
        (datetime(2026, 5, 31, 12, 0, tzinfo=LA), 1),
        (datetime(2026, 6, 9, 12, 0, tzinfo=LA), 2),
        (datetime(2026, 6, 30, 23, 0, tzinfo=LA), 3),
        (datetime(2026, 7, 1, 9, 0, tzinfo=LA), 4),
    ]:
        clock.move_to(moment)
        shop["shopper"], shop["admin"] = shop["fresh"]()  # a token lasts a day
        place(shop, line(lighter, units))
    agree()
    admin = shop["admin"]

    def units(query):
        answer = admin.get(f"/api/reports/sales?{query}").json()
        return sum(p["units"] for p in answer["topProducts"])

    assert units("from=2026-05-31&to=2026-07-01") == 10  # May's last day, June, July's first
    assert units("from=2026-06-01&to=2026-06-30") == 5  # June alone, from its month total
    assert units("from=2026-06-02&to=2026-06-30") == 5
    assert units("from=2026-06-10&to=2026-07-01") == 7
    assert units("from=2026-05-01&to=2026-07-31") == 10
