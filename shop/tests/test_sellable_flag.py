"""The stored "can be sold now" flag (Product.sellable): every write of stock, availability,
price or types (the product and type services, the Django admin through them, a checkout
and a cancel, the bulk import) leaves it equal to the checkout's rule
(shop.stock.sellable_now), and the list's `inStock=1` lists what a checkout would sell,
through its index."""

import re
from decimal import Decimal

import pytest
from django.db import transaction

from common.errors import DomainError
from shop import selectors, services
from shop.bulk import bulk_create_products
from shop.models import Product, ProductType
from shop.stock import StockLine, sellable_now, stock_release, stock_reserve
from tests.factories import a_category, make_product
from tests.plans import plan_at_scale, sorts

pytestmark = pytest.mark.django_db
ANY = ["*"]  # If-Match: a stock figure set over whatever version


def stored():
    return set(Product.objects.filter(sellable=True).values_list("name", flat=True))


def by_rule():
    return set(Product.objects.filter(sellable_now()).values_list("name", flat=True))


def create(name, **fields):
    a_category("hemp")
    return services.product_create(name=name, category="hemp", **fields)


def test_every_kind_of_write_keeps_the_flag_equal_to_the_rule():
    plain = create("plain", price=Decimal("5.00"), quantity=2)
    create("no price", quantity=2)
    none_left = create("none left", price=Decimal("5.00"))
    create("hidden", price=Decimal("5.00"), quantity=2, availability=False)
    types_out = create(
        "types out",
        price=Decimal("5.00"),
        types=[{"name": "Empty", "quantity": 0}, {"name": "Off", "availability": False}],
    )
    type_priced = create("type priced", types=[{"name": "Own", "price": "4.00", "quantity": 1}])
    unpriced = create("type unpriced", types=[{"name": "No price", "quantity": 3}])
    assert stored() == by_rule() == {"plain", "type priced"}

    # The product service: its own stock, its price, its types in one save.
    services.product_update(product_id=none_left.pk, quantity=4, if_match=ANY)
    services.product_update(product_id=plain.pk, price=None)
    empty = types_out.types.get(name="Empty")
    services.product_update(
        product_id=types_out.pk,
        types=[{"id": empty.pk, "name": "Empty", "quantity": 3}],
        if_match=ANY,
    )
    assert stored() == by_rule() == {"none left", "types out", "type priced"}

    # The type services.
    services.product_type_update(product_id=types_out.pk, type_id=empty.pk, availability=False)
    services.product_type_create(
        product_id=unpriced.pk, name="Priced", price=Decimal("2.00"), quantity=1
    )
    own = type_priced.types.get()
    services.product_type_delete(product_id=type_priced.pk, type_id=own.pk)
    assert stored() == by_rule() == {"none left", "type unpriced"}

    # A checkout that takes the last unit, and its cancel.
    priced = unpriced.types.get(name="Priced")
    with transaction.atomic():
        stock_reserve(lines=[StockLine(unpriced.pk, priced.pk, 1)])
    with transaction.atomic():
        stock_reserve(lines=[StockLine(none_left.pk, None, 4)])
    assert stored() == by_rule() == set()
    with transaction.atomic():
        stock_release(lines=[StockLine(none_left.pk, None, 1)])
    assert stored() == by_rule() == {"none left"}

    # The availability switch.
    services.product_update(product_id=none_left.pk, availability=False)
    assert stored() == by_rule() == set()


def test_the_bulk_import_stores_the_flag():
    bulk_create_products(40, types=2, images=0, seed=3)

    assert stored() == by_rule()
    assert 0 < len(stored()) < 40


def test_a_save_of_an_instance_holding_an_older_flag_keeps_the_stored_one():
    product = make_product(name="plain")  # its instance was made before the flag was stored
    product.description = "edited"
    product.save()  # every field but `version` and `sellable`

    assert stored() == by_rule() == {"plain"}


def _checkout_sells(product):
    """Whether a checkout of one unit (of the product, or of one of its types) succeeds."""
    types = list(product.types.values_list("pk", flat=True)) or [None]
    for type_id in types:
        try:
            with transaction.atomic():
                stock_reserve(lines=[StockLine(product.pk, type_id, 1)])
                transaction.set_rollback(True)
            return True
        except DomainError:
            pass
    return False


def test_in_stock_lists_what_a_checkout_would_sell(customer_client):
    make_product(name="plain")
    make_product(name="no price", price=None)
    make_product(name="none left", quantity=0)
    make_product(name="hidden", availability=False)
    make_product(name="types out", types=[{"name": "A", "quantity": 0}])
    make_product(name="type off", types=[{"name": "A", "availability": False}])
    make_product(name="type priced", price=None, types=[{"name": "A", "price": "3.00"}])
    make_product(name="type unpriced", price=None, types=[{"name": "A"}])
    make_product(name="by its product", types=[{"name": "A"}])
    ProductType.objects.filter(name="A").update(quantity=2)  # past the services: no matter
    ProductType.objects.filter(product__name="types out").update(quantity=0)

    listed = customer_client.get("/api/products", {"inStock": "1", "limit": 100}).json()
    sold = {product.name for product in Product.objects.all() if _checkout_sells(product)}
    assert {p["name"] for p in listed["products"]} == sold
    assert sold == {"plain", "type priced", "by its product"}


def test_the_in_stock_page_reads_the_sellable_index():
    for n in range(3):
        make_product(name=f"Sellable {n}", quantity=n)
    page = selectors.products_in_stock(selectors.product_list(), in_stock=True)[24:36]
    plan = plan_at_scale(page)
    # Either index holds the page in its order: the partial one of sellable rows, or
    # migration 0022's of every row led by `sellable`.
    assert re.search(r"\bproduct_sellable_newest(_all)?\b", plan), plan
    assert not sorts(plan), plan


def test_the_deploy_guide_command_sets_every_flag_again():
    """docs/deploy.md's command for flags left stale by an old server during an upgrade
    across migration 0015, run as written."""
    import re
    from pathlib import Path

    from django.core.management import call_command

    guide = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text()
    written = re.search(r'manage\.py shell -c "([^"]+)"', guide)
    assert written, "docs/deploy.md no longer gives the command"
    make_product(name="Stale", quantity=4)
    make_product(name="Empty", quantity=0)
    Product.objects.update(sellable=False)  # as an old server's stock writes leave it
    Product.objects.filter(name="Empty").update(sellable=True)

    call_command("shell", command=" ".join(written.group(1).split()))

    assert stored() == by_rule() == {"Stale"}
