"""The back office's order list at scale (docs/performance.md): keyset pages that neither skip
nor repeat an order while new ones arrive (both databases), and on PostgreSQL the plans of
the list, its searches and "due today" after ANALYZE: each served by an index, never a
sequential scan of the orders, and a fixed number of queries whatever the count."""

from datetime import datetime, timedelta
from decimal import Decimal
from unittest import mock

import pytest
import time_machine
from django.db import connection

from accounts.models import User
from common.shoptime import SHOP_TIME_ZONE
from orders import selectors
from orders.filters import OrderFilters, OrderPosition, parse_order_cursor
from orders.models import Order
from orders.rollups import rollups_rebuild

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE
NOW = datetime(2026, 6, 10, 15, 0, tzinfo=LA)


def bulk_orders(users, count, *, start=NOW - timedelta(days=365)):
    """`count` orders spread over the year before NOW, round the customers, one in a
    hundred a delivery dated its day; written in bulk with their own created_at."""
    step = (NOW - start) / count
    placed = Order._meta.get_field("created_at")
    with mock.patch.object(placed, "auto_now_add", False):
        made = Order.objects.bulk_create(
            (
                Order(
                    user=users[n % len(users)],
                    customer_name=users[n % len(users)].name,
                    delivery_option="delivery" if n % 100 == 0 else "pickup",
                    delivery_date=(start + step * n).date() if n % 100 == 0 else None,
                    total=Decimal("10.00"),
                    created_at=start + step * n,
                )
                for n in range(count)
            ),
            batch_size=5000,
        )
    return [order.pk for order in made]


def customers(count):
    return User.objects.bulk_create(
        User(email=f"shopper{n}@mail{n % 7}.example", name=f"Shopper {n} Name{n:04d}")
        for n in range(count)
    )


# --- Keyset pages ---------------------------------------------------------------------------


def test_pages_by_cursor_skip_and_repeat_nothing_while_orders_arrive(client_for, admin_user):
    users = customers(3)
    with time_machine.travel(NOW, tick=False) as clock:
        admin_client_api = client_for(admin_user)
        existing = bulk_orders(users, 23)
        # Five orders in one moment: ties broken by id across a page's edge.
        Order.objects.filter(pk__in=existing[5:10]).update(created_at=NOW - timedelta(days=3))
        seen, cursor, pages = [], None, 0
        while True:
            query = {"limit": 4, **({"cursor": cursor} if cursor else {})}
            page = admin_client_api.get("/api/orders", query).json()
            seen += [order["id"] for order in page["orders"]]
            pages += 1
            assert page["pagination"]["page"] == pages
            cursor = page["pagination"]["nextCursor"]
            if not cursor:
                break
            # New orders arrive between pages: newer than every page read.
            clock.shift(timedelta(minutes=1))
            bulk_orders(users[:1], 2, start=datetime.now(tz=LA))

    assert sorted(seen) == sorted(existing) and len(seen) == len(set(seen))
    assert pages == 6 and not page["pagination"]["hasNextPage"]


@pytest.mark.parametrize(
    "cursor",
    ["x", "eyJhdCI6IjIwMjYifQ", "eyJhdCI6IjIwMjYtMDYtMTBUMTA6MDA6MDAiLCJpZCI6MSwicGFnZSI6Mn0"],
)
def test_a_cursor_the_list_did_not_give_is_a_400_naming_it(admin_client_api, cursor):
    answer = admin_client_api.get("/api/orders", {"cursor": cursor})

    assert answer.status_code == 400
    assert answer.json()["errors"] == {
        "cursor": ["cursor is not one this list gave; start again from the first page."]
    }


# --- Plans on PostgreSQL --------------------------------------------------------------------

SIZE = 20_000


@pytest.fixture(scope="module")
def big_list(django_db_setup, django_db_blocker):
    """SIZE orders of 200 customers over a year, analysed, in a transaction that stays open
    for the file: each case's `db` runs in a savepoint inside it (as
    tests/test_permission_matrix.py's world)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        users = customers(200)
        with time_machine.travel(NOW, tick=False):
            ids = bulk_orders(users, SIZE)
        rollups_rebuild()  # written around the services
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE orders_order")
            cursor.execute("ANALYZE accounts_user")
        yield ids
        transaction.set_rollback(True)


def admin_page(admin_user, **filters):
    resolved = selectors.order_filters_resolved(OrderFilters(**filters))
    return selectors.order_list(user=admin_user, filters=resolved)[:26]


@pytest.mark.postgres("its planner and the trigram index")
@pytest.mark.parametrize(
    ("filters", "index"),
    [
        ({}, "order_newest"),
        ({"search": "name0042"}, "order_customer_name_trgm"),
        ({"search": "shopper42@mail0"}, "Index Cond: (user_id = "),
        ({"due_today": True}, "order_delivery_date"),
    ],
)
def test_the_list_its_searches_and_due_today_read_an_index(big_list, admin_user, filters, index):
    with time_machine.travel(NOW, tick=False):
        plan = admin_page(admin_user, **filters).explain()

    assert index in plan, plan
    assert "Seq Scan on orders_order" not in plan, plan


@pytest.mark.postgres("its planner")
def test_a_deep_page_by_cursor_is_an_index_range(big_list, admin_user):
    middle = Order.objects.get(pk=big_list[SIZE // 2])
    position, _ = parse_order_cursor(OrderPosition(middle.created_at, middle.pk).as_cursor(400))

    plan = selectors.order_list(user=admin_user, after=position)[:26].explain()

    assert "Index Cond" in plan and "order_newest" in plan, plan
    assert "Seq Scan on orders_order" not in plan and "Sort" not in plan, plan


@pytest.mark.postgres("its planner")
def test_a_page_costs_the_same_queries_at_any_size(
    big_list, client_for, admin_user, django_assert_max_num_queries
):
    with time_machine.travel(NOW, tick=False):
        admin_client_api = client_for(admin_user)
        # token user, the counts from the day totals, the page's orders with their users,
        # lines and events; a search adds the customers whose email holds it.
        with django_assert_max_num_queries(5):
            first = admin_client_api.get("/api/orders?limit=25").json()
        assert "orders" in first, first
        with django_assert_max_num_queries(5):
            deep = admin_client_api.get(
                "/api/orders", {"limit": 25, "cursor": first["pagination"]["nextCursor"]}
            ).json()
        with django_assert_max_num_queries(6):
            admin_client_api.get("/api/orders?search=name0042")

    assert deep["pagination"]["page"] == 2 and len(deep["orders"]) == 25
