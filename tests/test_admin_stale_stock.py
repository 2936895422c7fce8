"""The Django admin refuses to save a stock figure over one that moved since the form
was opened (a sale in between)."""

import re

import pytest

from shop.models import Product, ProductType
from tests.factories import make_product
from tests.test_stale_writes import buy

pytestmark = pytest.mark.django_db


def change_form(product, **fields):
    data = {
        "name": product.name,
        "description": "New words",
        "category": product.category_id,
        "price": "10.00",
        "availability": "on",
        "types-TOTAL_FORMS": "0",
        "types-INITIAL_FORMS": "0",
        "types-MIN_NUM_FORMS": "0",
        "types-MAX_NUM_FORMS": "1000",
    }
    data.update(fields)
    return data


def opened_quantity(page, name="quantity_at_open"):
    match = re.search(rf'name="{name}" value="(\d+)"', page.content.decode())
    assert match, f"no hidden {name} on the page"
    return match.group(1)


def test_admin_opens_customer_buys_admin_saves_is_refused(admin_browser, customer_client):
    product = make_product(name="Lamp", description="Old words", quantity=9)
    url = f"/admin/shop/product/{product.pk}/change/"
    at_open = opened_quantity(admin_browser.get(url))
    assert at_open == "9"
    buy(customer_client, product, 3)

    response = admin_browser.post(url, change_form(product, quantity="9", quantity_at_open=at_open))

    assert response.status_code == 200
    assert "The stock changed from 9 to 6 since you opened this page" in response.content.decode()
    product.refresh_from_db()
    assert (product.quantity, product.description) == (6, "Old words")


def test_after_a_reload_the_save_goes_through(admin_browser, customer_client):
    product = make_product(name="Lamp", quantity=9)
    url = f"/admin/shop/product/{product.pk}/change/"
    buy(customer_client, product, 3)
    at_open = opened_quantity(admin_browser.get(url))

    version = opened_quantity(admin_browser.get(url), "version_at_open")
    response = admin_browser.post(
        url, change_form(product, quantity="6", quantity_at_open=at_open, version_at_open=version)
    )

    assert response.status_code == 302
    assert Product.objects.get(pk=product.pk).description == "New words"


def test_a_stale_type_stock_is_refused(admin_browser, customer_client):
    product = make_product(name="Pod", quantity=0, types=1)
    kind = product.types.get()
    url = f"/admin/shop/product/{product.pk}/change/"
    at_open = opened_quantity(admin_browser.get(url), "types-0-quantity_at_open")
    buy(customer_client, product, 2, product_type=kind)

    response = admin_browser.post(
        url,
        change_form(
            product,
            quantity="0",
            quantity_at_open="0",
            **{
                "types-TOTAL_FORMS": "1",
                "types-INITIAL_FORMS": "1",
                "types-0-id": str(kind.pk),
                "types-0-product": str(product.pk),
                "types-0-name": kind.name,
                "types-0-price": "",
                "types-0-availability": "on",
                "types-0-quantity": at_open,
                "types-0-quantity_at_open": at_open,
            },
        ),
    )

    assert response.status_code == 200
    assert "The stock changed from 5 to 3" in response.content.decode()
    assert ProductType.objects.get(pk=kind.pk).quantity == 3
