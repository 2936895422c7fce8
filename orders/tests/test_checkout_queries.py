"""What a checkout costs the database: a fixed number of queries (one more per extra line),
and the shop settings read once (orders/checkout.py passes them to every rule)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from storesettings.models import ShopSettings
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

# Queries of one checkout request, the answer included; the signed-in user is given (no
# token lookup), so these are the checkout's own. Pickup: the customer's lock, the pending
# count, the settings, the typed-product check, the products' sale rules, the compliance
# rules in force and the lines' regulatory attributes (one more for their types when a
# line names one: compliance.selectors.sale_check), the order row,
# the stock lock (which joins each product's category: its excise flag prices the line, so
# taxes cost no query of their own) and move, the products' version and sellable flag, the
# prices (with the taxes, rates and discount in the same UPDATE), the lines, the
# event, and the order read back with its lines and events. Delivery adds the ZIP codes of
# the first-run list (no settings saved yet). The rollups (orders/rollups.py) take seven
# whatever the lines: the lines read, and for the order's day totals, the products' day
# totals and their month totals one read and one write each. Inside the test's transaction
# the checkout's atomic blocks are savepoints, counted too.
QUERIES = {"pickup": 27, "delivery": 28}


def _client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _checkout(user, option, lines):
    with CaptureQueriesContext(connection) as captured:
        post_checkout(_client(user), checkout_body(*lines, option=option))
    return [query["sql"] for query in captured.captured_queries]


def _settings_reads(queries):
    table = ShopSettings._meta.db_table
    return [sql for sql in queries if f'FROM "{table}"' in sql]


@pytest.mark.parametrize("option", ["pickup", "delivery"])
def test_a_checkout_makes_a_fixed_number_of_queries(customer, option):
    product = make_product(name="Lighter", price="2.50", quantity=10)
    assert len(_checkout(customer, option, [line(product, 2)])) == QUERIES[option]


@pytest.mark.parametrize("option", ["pickup", "delivery"])
def test_each_more_line_costs_its_stock_update_only(customer, option):
    products = [make_product(name=f"Item {n}", price="2.50", quantity=10) for n in range(4)]
    queries = _checkout(customer, option, [line(product, 1) for product in products])
    # shop.stock moves each row with an UPDATE of its own (F() arithmetic, no read-modify).
    assert len(queries) == QUERIES[option] + 3


@pytest.mark.parametrize("option", ["pickup", "delivery"])
def test_the_settings_are_read_once_per_checkout(customer, admin_client_api, option):
    product = make_product(name="Lighter", price="2.50", quantity=10)
    assert len(_settings_reads(_checkout(customer, option, [line(product, 1)]))) == 1
    # And once saved (the row, not the first-run values, in force).
    answer = admin_client_api.patch("/api/shop/settings", {"maxUnitsPerLine": 5}, format="json")
    assert answer.status_code == 200, answer.json()
    assert len(_settings_reads(_checkout(customer, option, [line(product, 1)]))) == 1


# A promo code adds: the promotion's row lock, the three lists it names (categories, products,
# excluded categories), the count of its uses (one more, the customer's, when it limits uses
# per customer) and the use written.
PROMO_QUERIES = 6


def test_a_promo_code_costs_a_fixed_number_of_queries(customer):
    from promotions.models import Promotion

    Promotion.objects.create(code="TEN", kind="percent", value=10, max_uses=100)
    products = [make_product(name=f"Item {n}", price="2.50", quantity=10) for n in range(3)]
    first = _checkout(customer, "pickup", [line(products[0], 1)])
    # The customer now holds a pending order, whose lines the caps read: the same for both.
    plain = _checkout(customer, "pickup", [line(products[1], 1)])
    with CaptureQueriesContext(connection) as captured:
        post_checkout(_client(customer), checkout_body(line(products[2], 1), promoCode="TEN"))

    assert len(first) == QUERIES["pickup"]
    assert len(captured.captured_queries) == len(plain) + PROMO_QUERIES
