"""Catalog helpers only shop tests use; rows and uploads come from tests/factories.py."""

import re


def product_form(**overrides):
    return {
        "name": "Frosty Mango Pod",
        "description": "Mango, iced.",
        "price": "12.50",
        "availability": "true",
        "category": "disposables",
        "quantity": "7",
        **overrides,
    }


def at_open(browser, url, prefix=""):
    """The figures at open a Django admin page carries (hidden fields), as a browser posts them
    (shop/admin_forms.py)."""
    page = browser.get(url).content.decode()
    names = (f"{prefix}quantity_at_open", f"{prefix}version_at_open")
    return {name: re.search(rf'name="{name}" value="(\d+)"', page).group(1) for name in names}


def snapshot():
    """Every product row as stored, to show that a refused request changed nothing."""
    from shop.models import Product

    return list(Product.objects.order_by("id").values())


# The list as a customer reads it in the catalog cache's tests.
LIST = "/api/products?limit=100"


def listed(client, product_id):
    body = client.get(LIST).json()
    return next((p for p in body["products"] if p["id"] == product_id), None)
