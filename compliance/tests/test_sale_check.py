"""compliance.selectors.sale_check, the one evaluation: what each place and day gives,
and a query count that does not grow with the cart."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from compliance.places import COUNTER, place_for
from compliance.selectors import sale_check
from tests.factories import make_product

pytestmark = pytest.mark.django_db

DAY = date(2026, 6, 1)


def test_a_flavoured_vape_is_blocked_everywhere_in_california_and_a_listed_one_is_not():
    flavoured = make_product(
        name="Mango Ice", category="disposables", regulatory={"flavoured": True}
    )
    listed = make_product(name="Tobacco Classic", category="disposables")

    check = sale_check([(flavoured.pk, None), (listed.pk, None)], COUNTER, DAY)

    assert [(b.product_id, b.label) for b in check.blocked] == [(flavoured.pk, "Mango Ice")]
    assert "Flavoured" in check.blocked[0].message
    assert check.regulatory[(listed.pk, None)]["utlEntry"] == "Test Brand - Original"


def test_the_query_count_does_not_grow_with_the_lines():
    few = [make_product(name=f"P{n}", types=1) for n in range(2)]
    many = [make_product(name=f"Q{n}", types=2) for n in range(20)]
    place = place_for("delivery", "92868")

    def queries(products):
        lines = [(p.pk, t.pk) for p in products for t in p.types.all()]
        with CaptureQueriesContext(connection) as captured:
            sale_check(lines, place, DAY)
        return len(captured)

    assert queries(few) == queries(many) == 3
