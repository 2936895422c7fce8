"""The last place of a delivery hour, wanted by several shoppers at the same instant, goes to
exactly one of them (PostgreSQL: real connections and the per-hour advisory lock)."""

from collections import Counter
from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order
from orders.tests.test_concurrency import buy, run_together
from tests.factories import checkout_body, line, make_product

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_six_shoppers_race_for_the_last_place_of_an_hour(make_user, client_for, settings):
    settings.DELIVERY_HOURLY_CAPACITY = 2
    with time_machine.travel(datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE), tick=False):
        lamp = make_product(name="Lamp", quantity=50)
        body = checkout_body(
            line(lamp), option="delivery", deliveryDate="2026-06-11", deliveryTime="14:00"
        )
        first = client_for(make_user()).post("/api/orders/checkout", body, format="json")
        assert first.status_code == 201, first.json()
        clients = [client_for(make_user()) for _ in range(6)]

        results = run_together([buy(client, body) for client in clients])

    assert Counter(status for status, _ in results) == {201: 1, 409: 5}
    assert {answer["message"] for status, answer in results if status == 409} == {
        "That delivery time is full. Please choose another time."
    }
    assert Order.objects.count() == 2
