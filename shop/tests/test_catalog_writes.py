"""Every write path of the catalog shows on the very next request (shop/versioning.py: the
catalog version moves once a write has committed): the API, checkouts and cancels, the
Django admin's forms and list, a category rename, an import. Each test's writes commit
(transaction=True), as a server's do."""

import csv

import pytest
from django.core.management import call_command

from shop.tests.factories import LIST, listed
from shop.tests.writes import WRITES, admin_category_rename
from tests.factories import make_product

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("write", WRITES, ids=lambda write: write.__name__)
def test_every_write_shows_on_the_next_list_and_product_request(
    write, clients, product, media_root, django_assert_num_queries
):
    before = listed(clients.customer, product.pk)
    with django_assert_num_queries(1):  # cached: only the signed-in user's row
        assert before is not None and listed(clients.customer, product.pk) == before

    shows = write(clients, product)

    assert shows(listed(clients.customer, product.pk))
    detail = clients.customer.get(f"/api/products/{product.pk}")
    assert shows(detail.json() if detail.status_code == 200 else None)


def test_a_new_product_shows_on_the_next_list(clients, media_root):
    assert clients.customer.get(LIST).json()["products"] == []

    clients.admin.post("/api/products", {"name": "Fresh", "category": "juices"}, format="multipart")

    assert [p["name"] for p in clients.customer.get(LIST).json()["products"]] == ["Fresh"]


def test_an_import_shows_on_the_next_list(clients, tmp_path):
    assert clients.customer.get(LIST).json()["pagination"]["totalItems"] == 0
    path = tmp_path / "products.csv"
    with path.open("w", newline="") as handle:
        csv.writer(handle).writerows([["name", "category"], ["Imported", "juices"]])

    call_command("import_products", str(path), "--commit", stdout=open("/dev/null", "w"))

    assert [p["name"] for p in clients.customer.get(LIST).json()["products"]] == ["Imported"]


def test_a_category_rename_shows_on_the_next_categories_request(clients, api_client):
    names = [c["name"] for c in api_client.get("/api/categories").json()]
    admin_category_rename(clients, make_product())

    renamed = [c["name"] for c in api_client.get("/api/categories").json()]

    assert renamed != names and "Renamed shelf" in renamed
