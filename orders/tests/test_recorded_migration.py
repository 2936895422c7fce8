"""0016 marks the lines placed before it that a `record` rule covered (OrderLine.recorded),
from their order's rule snapshot: by product and type where the line still has them, and a
line whose product was deleted only when the snapshot leaves no doubt."""

import pytest

from tests.factories import make_product, record_rule

BEFORE = ("orders", "0015_product_month_totals")
AFTER = ("orders", "0016_orderline_recorded")
DELETED = 999_999  # a product id no product has any more

pytestmark = pytest.mark.django_db(transaction=True)


def _order(apps, user, rules, *lines):
    order = apps.get_model("orders", "Order").objects.create(
        user_id=user.pk,
        customer_name="Casey Customer",
        delivery_option="pickup",
        compliance_rules=rules,
    )
    return [
        order.items.create(
            product_id=product_id, product_name=name, unit_price="15.00", quantity=1
        ).pk
        for product_id, name in lines
    ]


def test_lines_a_record_rule_covered_are_marked(migrate_to, customer):
    chargers = make_product(name="Chargers", category="cream-chargers")
    lighter = make_product(name="Lighter")
    old = migrate_to(BEFORE)
    covered, _lighter, deleted = _order(
        old,
        customer,
        [record_rule(chargers), {**record_rule(lighter), "lines": [[DELETED, None]]}],
        (chargers.pk, "Chargers"),
        (lighter.pk, "Lighter"),
        (None, "Chargers 48"),
    )
    # Two lines of deleted products, one of them covered: which one is not known.
    _order(
        old,
        customer,
        [{**record_rule(), "lines": [[DELETED, None]]}],
        (None, "Chargers 96"),
        (None, "Lighter XL"),
    )
    _order(old, customer, [], (chargers.pk, "Chargers"))

    new = migrate_to(AFTER)
    recorded = new.get_model("orders", "OrderLine").objects.filter(recorded=True)
    assert set(recorded.values_list("pk", flat=True)) == {covered, deleted}
