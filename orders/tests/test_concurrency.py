"""Real races on PostgreSQL: many shoppers at once, each through the HTTP API on its own
connection. Stock never goes negative, nothing is oversold, nothing deadlocks.

SQLite has one writer at a time, so these prove nothing there and are skipped.
"""

import io
import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.db.models import Sum
from django.utils import timezone

from orders.models import Order, OrderEvent, OrderLine, OrderStatus
from tests.factories import checkout_body, line, make_product, stock_of

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CHECKOUT = "/api/orders/checkout"
# A thread still running after this long is a hang (a deadlock PostgreSQL did not break).
JOIN_TIMEOUT = 60


def run_together(calls):
    """Run each zero-argument call in its own thread, released at the same instant.
    Returns their results (status, body) in the order given."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def worker(index, call):
        try:
            barrier.wait()
            response = call()
            results[index] = (response.status_code, response.json())
        except Exception as exc:  # reported, not swallowed: the assertions see it
            results[index] = ("exception", repr(exc))
        finally:
            # Each thread has its own connection; leaving it open blocks the test database drop.
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(JOIN_TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a request hung (deadlock?)"
    return results


def buy(client, body, **headers):
    return lambda: client.post(CHECKOUT, body, format="json", headers=headers)


@pytest.fixture
def shoppers(make_user, client_for):
    def make(count):
        return [client_for(make_user()) for _ in range(count)]

    return make


def units_sold(*, product=None, product_type=None):
    """Units held by orders that are not cancelled (pending reserve them, completed sold them)."""
    lines = OrderLine.objects.exclude(order__status=OrderStatus.CANCELLED)
    if product_type is not None:
        lines = lines.filter(product_type=product_type)
    else:
        lines = lines.filter(product=product, sold_as_type=False)
    return lines.aggregate(units=Sum("quantity"))["units"] or 0


def test_twenty_shoppers_race_for_five_units_of_a_product(shoppers):
    product = make_product(name="Hot Item", quantity=5)
    body = checkout_body(line(product, 1))

    results = run_together([buy(client, body) for client in shoppers(20)])

    assert Counter(status for status, _ in results) == {201: 5, 409: 15}
    refusals = {body["message"] for status, body in results if status == 409}
    assert refusals == {"Only 0 items available in stock for Hot Item"}
    assert stock_of(product) == 0
    assert Order.objects.count() == 5 and units_sold(product=product) == 5


def test_twenty_shoppers_race_for_five_units_of_a_type(shoppers):
    product = make_product(name="Pod", quantity=50, types=[{"name": "Mango", "quantity": 5}])
    mango = product.types.get()
    body = checkout_body(line(product, 1, mango))

    results = run_together([buy(client, body) for client in shoppers(20)])

    assert Counter(status for status, _ in results) == {201: 5, 409: 15}
    refusals = {body["message"] for status, body in results if status == 409}
    assert refusals == {"Only 0 items available in stock for Pod - Mango"}
    assert (
        stock_of(mango) == 0 and stock_of(product) == 50
    )  # the product's own stock is not touched
    assert units_sold(product_type=mango) == 5


def test_carts_listing_two_items_in_opposite_orders_never_deadlock(shoppers):
    first = make_product(name="First", quantity=30)
    second = make_product(name="Second", quantity=30, types=[{"name": "Big", "quantity": 30}])
    big = second.types.get()
    third = make_product(name="Third", quantity=30)  # a product sold in types takes typed lines
    forward = checkout_body(line(first, 2), line(third, 1), line(second, 1, big))
    backward = checkout_body(line(second, 1, big), line(third, 1), line(first, 2))
    clients = shoppers(24)

    results = run_together(
        [buy(client, forward if n % 2 else backward) for n, client in enumerate(clients)]
    )

    # 30 units of First at 2 a cart: exactly 15 carts fit, whichever order they listed.
    assert Counter(status for status, _ in results) == {201: 15, 409: 9}, results
    assert stock_of(first) + units_sold(product=first) == 30
    assert stock_of(third) + units_sold(product=third) == 30
    assert stock_of(big) + units_sold(product_type=big) == 30
    assert stock_of(first) == 0


def test_checkouts_and_cancels_of_the_same_items_at_once_keep_the_ledger(
    shoppers, admin_client_api
):
    plain = make_product(name="Plain", quantity=40)
    typed = make_product(name="Typed", quantity=40, types=[{"name": "Blue", "quantity": 40}])
    blue = typed.types.get()
    clients = shoppers(10)
    body = checkout_body(line(blue.product, 2, blue), line(plain, 2))
    placed = [
        client.post(CHECKOUT, body, format="json").json()["order"]["id"] for client in clients
    ]
    reverse_body = checkout_body(line(plain, 1), line(typed, 1, blue))

    cancels = [
        lambda order_id=order_id: admin_client_api.put(f"/api/orders/{order_id}/cancel")
        for order_id in placed
    ]
    results = run_together(cancels + [buy(client, reverse_body) for client in clients])

    assert [status for status, _ in results[:10]] == [200] * 10
    assert [status for status, _ in results[10:]] == [201] * 10
    assert stock_of(plain) == 40 - 10 and stock_of(blue) == 40 - 10
    assert stock_of(plain) + units_sold(product=plain) == 40
    assert stock_of(blue) + units_sold(product_type=blue) == 40


def test_a_complete_and_a_cancel_of_one_order_at_once_exactly_one_wins(
    shoppers, admin_user, client_for, settings
):
    settings.MAX_PENDING_ORDERS = 0  # one customer places all six orders up front
    settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0
    product = make_product(name="Lighter", quantity=100)
    customer = shoppers(1)[0]
    admins = [client_for(admin_user), client_for(admin_user)]
    order_ids = [
        customer.post(CHECKOUT, checkout_body(line(product, 3)), format="json").json()["order"][
            "id"
        ]
        for _ in range(6)
    ]

    for order_id in order_ids:
        complete, cancel = run_together(
            [
                lambda order_id=order_id: admins[0].put(f"/api/orders/{order_id}/complete"),
                lambda order_id=order_id: admins[1].put(f"/api/orders/{order_id}/cancel"),
            ]
        )
        assert sorted([complete[0], cancel[0]]) == [200, 409], (complete, cancel)
        winner = "completed" if complete[0] == 200 else "cancelled"
        assert Order.objects.get(pk=order_id).status == winner
        assert list(
            OrderEvent.objects.filter(order_id=order_id).values_list("to_status", flat=True)
        ) == ["pending", winner]

    cancelled = Order.objects.filter(pk__in=order_ids, status=OrderStatus.CANCELLED).count()
    # Each order took 3 units; only the cancelled ones gave them back, exactly once.
    assert stock_of(product) == 100 - 3 * (len(order_ids) - cancelled)


def test_one_key_retried_at_once_places_one_order(customer, client_for):
    product = make_product(name="Retry Me", quantity=10)
    body = checkout_body(line(product, 2))
    clients = [client_for(customer) for _ in range(8)]

    results = run_together(
        [buy(client, body, **{"Idempotency-Key": "double-click"}) for client in clients]
    )

    assert Counter(status for status, _ in results) == {201: 1, 200: 7}, results
    assert len({body["order"]["id"] for _, body in results}) == 1
    assert Order.objects.count() == 1 and stock_of(product) == 8


def test_one_customers_checkouts_at_once_stop_at_the_pending_limit(customer, client_for):
    product = make_product(name="Hoard Me", quantity=100)
    clients = [client_for(customer) for _ in range(8)]

    results = run_together([buy(client, checkout_body(line(product, 2))) for client in clients])

    assert Counter(status for status, _ in results) == {201: 3, 400: 5}, results
    assert {body["message"] for status, body in results if status == 400} == {
        "You already have 3 orders waiting to be completed. Please wait until one is "
        "completed or cancelled before placing another."
    }
    assert Order.objects.count() == 3 and stock_of(product) == 100 - 3 * 2


def test_retries_of_the_order_that_reaches_the_limit_all_answer_it(customer, client_for):
    product = make_product(name="Retry Me", quantity=10)
    for _ in range(2):
        client_for(customer).post(CHECKOUT, checkout_body(line(product)), format="json")
    body = checkout_body(line(product, 2))
    clients = [client_for(customer) for _ in range(8)]

    results = run_together(
        [buy(client, body, **{"Idempotency-Key": "the-third"}) for client in clients]
    )

    # The retries wait on the customer's lock for the original, then answer its order
    # instead of counting it against the limit.
    assert Counter(status for status, _ in results) == {201: 1, 200: 7}, results
    assert len({body["order"]["id"] for _, body in results}) == 1
    assert Order.objects.count() == 3 and stock_of(product) == 6


def test_an_expiry_run_skips_an_order_another_transaction_holds(customer, client_for):
    from orders.services import orders_expire_holds

    product = make_product(name="Held", quantity=10)
    client = client_for(customer)
    held, free = (
        client.post(CHECKOUT, checkout_body(line(product, 2)), format="json").json()["order"]["id"]
        for _ in range(2)
    )
    Order.objects.update(created_at=timezone.now() - timedelta(hours=49))
    locked, release = threading.Event(), threading.Event()

    def hold_the_row():
        try:
            with transaction.atomic():
                Order.objects.select_for_update().get(pk=held)
                locked.set()
                # Bounded: were the run to wait on this row, the test fails instead of hanging.
                release.wait(JOIN_TIMEOUT)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_row)
    holder.start()
    try:
        assert locked.wait(JOIN_TIMEOUT)
        assert orders_expire_holds() == 1
        assert Order.objects.get(pk=free).status == OrderStatus.CANCELLED
        assert Order.objects.get(pk=held).status == OrderStatus.PENDING
    finally:
        release.set()
        holder.join(JOIN_TIMEOUT)

    assert orders_expire_holds() == 1  # the next run takes it
    assert Order.objects.get(pk=held).status == OrderStatus.CANCELLED
    assert stock_of(product) == 10


def test_the_stock_ledger_adds_up_after_checkouts_and_cancels_at_once(shoppers, admin_client_api):
    """Every move's balance follows from the one before it, whatever the interleaving: the
    balances are computed under the same row locks as the stock changes."""
    from django.core.management import call_command

    from shop import services
    from shop.models import StockMove

    plain = services.product_create(
        name="Ledger Plain", category="party-supplies", price=10, quantity=12
    )
    typed = services.product_create(
        name="Ledger Typed",
        category="party-supplies",
        price=10,
        types=[{"name": "Blue", "quantity": 14}],
    )
    blue = typed.types.get()
    clients = shoppers(16)
    first = [
        client.post(CHECKOUT, checkout_body(line(plain, 1), line(typed, 1, blue)), format="json")
        for client in clients[:4]
    ]
    placed = [response.json()["order"]["id"] for response in first]
    cancels = [
        lambda order_id=order_id: admin_client_api.put(f"/api/orders/{order_id}/cancel")
        for order_id in placed
    ]
    body = checkout_body(line(typed, 1, blue), line(plain, 1))

    results = run_together(cancels + [buy(client, body) for client in clients[4:]])

    assert [status for status, _ in results[:4]] == [200] * 4
    # Blue's 14 units: 4 held, then 4 back and 12 sold in any order, or 10 sold first and
    # two shoppers refused; either way each move below follows from the one before.
    sold = Counter(status for status, _ in results[4:])
    assert sold[201] >= 10 and sold[201] + sold[409] == 12, results
    for figure, moves in (
        (stock_of(plain), StockMove.objects.filter(product=plain, product_type=None)),
        (stock_of(blue), StockMove.objects.filter(product_type=blue)),
    ):
        balance = 0
        for move in moves.order_by("id"):
            balance += move.delta
            assert move.balance_after == balance, (move, balance)
        assert balance == figure
    assert StockMove.objects.filter(reason="sale").count() == 2 * (4 + sold[201])
    assert StockMove.objects.filter(reason="cancel").count() == 2 * 4
    out = io.StringIO()
    call_command("stock_audit", stdout=out)
    assert "Stock ledger OK: all 3 stock figures match their moves." in out.getvalue()
