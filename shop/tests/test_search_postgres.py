"""On PostgreSQL the search is served by the trigram GIN indexes of migration 0003."""

import pytest
from django.db import connection

from shop.models import Product
from shop.selectors import product_list

pytestmark = [pytest.mark.django_db, pytest.mark.postgres("trigram GIN indexes")]


def test_trigram_indexes_exist_and_match_the_icontains_expression():
    Product.objects.bulk_create(
        Product(name=f"Item {i} {'mango' if i % 50 == 0 else 'cherry'}", description=f"batch {i}",
                category_id="juices")
        for i in range(3000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE shop_product")
        # Few rows: make the planner show that the index *can* serve the query; the bench
        # shows it is chosen on its own at 100,000 products.
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = product_list(search="mango").order_by().values("id").query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())

    assert "product_name_trgm" in plan and "product_description_trgm" in plan, plan
    assert product_list(search="MANGO").count() == 60
