"""A code limited to one use, twenty shoppers at once, each through the HTTP API on its own
connection: exactly one order carries it (the promotion's row lock, promotions.selectors).
PostgreSQL only, as the other races (orders/tests/test_concurrency.py)."""

from collections import Counter

import pytest

from orders.models import Order
from orders.tests.test_concurrency import buy, run_together, shoppers  # noqa: F401 (fixture)
from promotions.models import Promotion, PromotionUse
from tests.factories import checkout_body, line, make_product

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_twenty_shoppers_race_for_a_code_of_one_use(shoppers):  # noqa: F811
    Promotion.objects.create(code="ONE", kind="percent", value=10, max_uses=1)
    # A product each: no stock row lock makes them take turns, only the promotion's.
    products = [make_product(name=f"Lighter {n}", price="10.00") for n in range(20)]

    results = run_together(
        [
            buy(client, checkout_body(line(product, 1), promoCode="ONE"))
            for client, product in zip(shoppers(20), products, strict=True)
        ]
    )

    assert Counter(status for status, _ in results) == {201: 1, 400: 19}, results
    assert {body["message"] for status, body in results if status == 400} == {
        "This code has been used up."
    }
    assert Order.objects.filter(promo_code="ONE").count() == 1
    assert Order.objects.count() == 1
    assert PromotionUse.objects.count() == 1
