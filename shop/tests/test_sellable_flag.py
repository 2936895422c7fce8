"""The stored "can be sold now" flag (shop/migrations/0011_product_sellable.py): whoever
writes a product or a type, and however (a save, QuerySet.update, bulk_create, a delete, a
type moved to another product), the database keeps it equal to the checkout's rule
(shop.stock.sellable_now), and the list's `inStock=1` reads it through its index."""

from decimal import Decimal

import pytest
from django.db import connection, transaction

from shop import selectors
from shop.models import Product, ProductType
from shop.stock import sellable_now, sellable_stored
from tests.factories import make_product

pytestmark = pytest.mark.django_db


def stored():
    return set(Product.objects.filter(sellable_stored()).values_list("name", flat=True))


def by_rule():
    return set(Product.objects.filter(sellable_now()).values_list("name", flat=True))


def test_every_kind_of_write_keeps_the_flag_equal_to_the_rule():
    make_product(name="plain")
    make_product(name="no price", price=None)
    make_product(name="none left", quantity=0)
    make_product(name="hidden", availability=False)
    make_product(
        name="types out",
        types=[{"name": "Empty", "quantity": 0}, {"name": "Off", "availability": False}],
    )
    make_product(name="type priced", price=None, types=[{"name": "Own price", "price": "4.00"}])
    make_product(name="type unpriced", price=None, types=[{"name": "No price"}])
    assert stored() == by_rule() == {"plain", "type priced"}

    Product.objects.filter(name="none left").update(quantity=2)
    empty = ProductType.objects.get(name="Empty")
    empty.quantity = 3
    empty.save()
    assert stored() == by_rule() == {"plain", "type priced", "none left", "types out"}

    ProductType.objects.filter(product__name="type priced").delete()
    ProductType.objects.filter(name="Empty").update(product=Product.objects.get(name="no price"))
    assert stored() == by_rule() == {"plain", "none left"}

    unpriced = Product.objects.get(name="type unpriced")
    ProductType.objects.bulk_create(
        [ProductType(product=unpriced, name="Priced now", price=Decimal("2.00"), quantity=1)]
    )
    plain = Product.objects.get(name="plain")
    plain.price = None
    plain.save()
    assert stored() == by_rule() == {"none left", "type unpriced"}

    Product.objects.update(availability=False)
    assert stored() == by_rule() == set()


def test_the_in_stock_page_reads_the_sellable_index():
    for n in range(3):
        make_product(name=f"Sellable {n}", quantity=n)
    page = selectors.products_in_stock(selectors.product_list(), in_stock=True)[24:36]
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # PostgreSQL told that scanning and sorting the table cost the most, as they would
            # at 100,000 products.
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_seqscan = off")
                cursor.execute("SET LOCAL enable_sort = off")
        plan = page.explain()
    assert "product_sellable_newest" in plan, plan
