"""The sales report against orders placed by the test through the API, with the clock pinned:
one order just before midnight in Los Angeles, one just after, a shipped one and a cancelled
one."""

import csv
import io
from datetime import datetime, timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order
from shop.models import Category
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE


@pytest.fixture
def world(client_for, customer, admin_user, settings):
    """Placed orders, then the clock left at Wednesday 10 June 2026, 12:00 in Los Angeles."""
    # One customer places all four, three of them left pending: past MAX_PENDING_ORDERS.
    settings.MAX_PENDING_ORDERS = 0
    settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0
    with time_machine.travel(datetime(2026, 6, 9, 23, 30, tzinfo=LA), tick=False) as clock:
        shopper, admin = client_for(customer), client_for(admin_user)
        car = make_product(name="Mustang", price="25.00", category="diecast-cars", quantity=50)
        vape = make_product(name="Cloud", price="10.00", category="disposables", quantity=50)

        post_checkout(shopper, checkout_body(line(car, 2)))[
            "order"
        ]  # Tuesday 23:30 LA, Wednesday in UTC: $50
        clock.move_to(datetime(2026, 6, 10, 0, 30, tzinfo=LA))
        post_checkout(shopper, checkout_body(line(vape, 1), ageConfirmed=True))["order"]  # $10
        clock.move_to(datetime(2026, 6, 10, 10, 0, tzinfo=LA))
        post_checkout(shopper, checkout_body(line(car, 1), option="shipping"))[
            "order"
        ]  # $25 + $8 shipping
        clock.move_to(datetime(2026, 6, 10, 11, 0, tzinfo=LA))
        cancelled = post_checkout(shopper, checkout_body(line(vape, 3), ageConfirmed=True))[
            "order"
        ]  # $30, cancelled
        assert admin.put(f"/api/orders/{cancelled['id']}/cancel").status_code == 200
        clock.move_to(datetime(2026, 6, 10, 12, 0, tzinfo=LA))
        yield {"admin": admin, "shopper": shopper, "car": car, "vape": vape}


def report(client, query=""):
    response = client.get(f"/api/reports/sales?{query}")
    assert response.status_code == 200, response.json()
    return response.json()


def test_figures_of_the_orders_placed(world):
    body = report(world["admin"], "from=2026-06-08&to=2026-06-10")

    assert body["from"] == "2026-06-08" and body["to"] == "2026-06-10"
    assert body["totals"] == {"orders": 3, "revenue": 93.0, "averageOrder": 31.0, "discounts": 0.0}
    assert body["days"] == [
        {"date": "2026-06-08", "orders": 0, "revenue": 0.0},
        {"date": "2026-06-09", "orders": 1, "revenue": 50.0},
        {"date": "2026-06-10", "orders": 2, "revenue": 43.0},
    ]
    assert body["byCategory"] == [
        {"id": "diecast-cars", "name": "Cars", "units": 3, "revenue": 75.0},
        {"id": "disposables", "name": "Vapes", "units": 1, "revenue": 10.0},
    ]
    assert body["topProducts"] == [
        {"id": world["car"].pk, "name": "Mustang", "units": 3, "revenue": 75.0},
        {"id": world["vape"].pk, "name": "Cloud", "units": 1, "revenue": 10.0},
    ]
    assert body["byStatus"] == {"pending": 3, "completed": 0, "cancelled": 1}
    assert body["byDeliveryOption"] == {
        "pickup": {"orders": 2, "revenue": 60.0},
        "shipping": {"orders": 1, "revenue": 33.0},
        "delivery": {"orders": 0, "revenue": 0.0},
    }


def test_a_day_is_a_los_angeles_day(world):
    tuesday = report(world["admin"], "from=2026-06-09&to=2026-06-09")
    wednesday = report(world["admin"], "from=2026-06-10&to=2026-06-10")

    assert tuesday["totals"]["revenue"] == 50.0
    assert wednesday["totals"]["revenue"] == 43.0
    assert wednesday["byStatus"]["cancelled"] == 1


def test_the_default_is_the_last_30_los_angeles_days(world):
    body = report(world["admin"])

    assert (body["from"], body["to"]) == ("2026-05-12", "2026-06-10")
    assert len(body["days"]) == 30
    assert body["totals"]["orders"] == 3


def test_the_same_report_as_csv(world):
    response = world["admin"].get("/api/reports/sales.csv?from=2026-06-09&to=2026-06-10")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["section", "key", "name", "orders", "units", "revenue"]
    assert ["totals", "all", "", "3", "", "93.00"] in rows
    assert ["day", "2026-06-09", "", "1", "", "50.00"] in rows
    assert ["category", "diecast-cars", "Cars", "", "3", "75.00"] in rows
    assert ["product", str(world["car"].pk), "Mustang", "", "3", "75.00"] in rows
    assert ["status", "cancelled", "", "1", "", ""] in rows


def test_a_product_keeps_the_name_it_was_sold_under(world):
    world["car"].name = "Mustang GT"
    world["car"].save()

    body = report(world["admin"], "from=2026-06-09&to=2026-06-10")

    assert body["topProducts"][0] == {
        "id": world["car"].pk,
        "name": "Mustang",
        "units": 3,
        "revenue": 75.0,
    }


def test_a_deleted_product_keeps_its_sales_under_the_name_it_was_sold_under(world):
    # Deleted as the back office deletes it: its lines keep their name and price, their
    # product id goes null.
    assert world["admin"].delete(f"/api/products/{world['car'].pk}").status_code == 204

    body = report(world["admin"], "from=2026-06-09&to=2026-06-10")

    # Top products and revenue per category count the same sale, under its name and as
    # "Deleted products"; the totals do not move.
    assert body["topProducts"] == [
        {"id": None, "name": "Mustang", "units": 3, "revenue": 75.0},
        {"id": world["vape"].pk, "name": "Cloud", "units": 1, "revenue": 10.0},
    ]
    assert body["byCategory"] == [
        {"id": None, "name": "Deleted products", "units": 3, "revenue": 75.0},
        {"id": "disposables", "name": "Vapes", "units": 1, "revenue": 10.0},
    ]
    assert body["totals"]["revenue"] == 93.0
    csv_rows = world["admin"].get("/api/reports/sales.csv?from=2026-06-09&to=2026-06-10")
    assert ["product", "", "Mustang", "", "3", "75.00"] in csv.reader(
        io.StringIO(csv_rows.content.decode())
    )


def test_two_deleted_products_stay_apart_by_name(world):
    for product in (world["car"], world["vape"]):
        assert world["admin"].delete(f"/api/products/{product.pk}").status_code == 204

    body = report(world["admin"], "from=2026-06-09&to=2026-06-10")

    assert [(p["id"], p["name"], p["units"]) for p in body["topProducts"]] == [
        (None, "Mustang", 3),
        (None, "Cloud", 1),
    ]
    assert body["byCategory"] == [
        {"id": None, "name": "Deleted products", "units": 4, "revenue": 85.0}
    ]


def test_a_csv_cell_that_looks_like_a_formula_is_text(world):
    Category.objects.filter(pk="diecast-cars").update(name='=HYPERLINK("x")')

    response = world["admin"].get("/api/reports/sales.csv?from=2026-06-09&to=2026-06-10")

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert ["category", "diecast-cars", '\'=HYPERLINK("x")', "", "3", "75.00"] in rows


def test_a_bounded_number_of_queries_whatever_the_range_or_the_orders(world):
    def queries(query):
        with CaptureQueriesContext(connection) as captured:
            report(world["admin"], query)
        return len(captured)

    ten_years = "from=2016-06-12&to=2026-06-10"
    # The signed-in user's row, orders by status x option, live orders by day, goods by
    # product from the day totals; a range over whole months reads their month totals too.
    assert queries("from=2026-06-10&to=2026-06-10") == 4
    assert queries(ten_years) == 5
    # The same orders spread over other days and months, the rollups recounted: no more.
    for months_back, order in enumerate(Order.objects.order_by("pk"), start=1):
        Order.objects.filter(pk=order.pk).update(
            created_at=order.created_at - timedelta(days=40 * months_back)
        )
    call_command("rebuild_rollups", stdout=io.StringIO())
    assert queries(ten_years) == 5


@pytest.mark.parametrize("url", ["/api/reports/sales", "/api/reports/sales.csv"])
def test_admins_only(world, api_client, url):
    shopper, anonymous = world["shopper"].get(url), api_client.get(url)

    assert shopper.status_code == 403
    assert shopper.json() == {
        "message": "You do not have permission to do this.",
        "code": "not_allowed",
    }
    assert anonymous.status_code == 401
    assert anonymous.json() == {
        "message": "Please sign in to continue.",
        "code": "not_authenticated",
    }


@pytest.mark.parametrize(
    "query, message",
    [
        ("from=yesterday", "from must be a date written YYYY-MM-DD."),
        ("to=2026-13-01", "to must be a date written YYYY-MM-DD."),
        ("from=2026-06-10&to=2026-06-01", "From must be on or before To."),
        ("from=2000-01-01&to=2026-06-10", "A report covers at most 3660 days."),
        ("to=9999-12-31", "to must be a date from 2000-01-01 to 2100-12-31."),
        # Alone, either end is defaulted 29 days from the other: out of range, no overflow.
        ("to=0001-01-05", "to must be a date from 2000-01-01 to 2100-12-31."),
        ("from=9999-12-20", "from must be a date from 2000-01-01 to 2100-12-31."),
    ],
)
def test_bad_ranges_are_400(world, query, message):
    response = world["admin"].get(f"/api/reports/sales?{query}")

    assert response.status_code == 400
    assert response.json()["message"] == message
