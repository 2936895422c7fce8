"""A product and its types saved by one POST or PUT (the `types` field), reconciled in the
product's transaction: a refused save changes nothing, types included."""

import json

import pytest

from shop.models import Product, ProductType
from tests.factories import make_product

pytestmark = pytest.mark.django_db


def stored_types(product_id):
    return list(
        ProductType.objects.filter(product_id=product_id)
        .order_by("id")
        .values_list("name", "price", "availability", "quantity")
    )


def test_create_with_types_stores_them_with_the_product(admin_client_api):
    types = [
        {"name": "Mango", "price": 14, "availability": False, "quantity": 3},
        {"name": "Mint", "price": None, "availability": True, "quantity": 0},
    ]
    response = admin_client_api.post(
        "/api/products",
        {"name": "Pod", "category": "hemp", "price": "12.50", "types": json.dumps(types)},
        format="multipart",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert [(t["name"], t["quantity"]) for t in body["types"]] == [("Mango", 3), ("Mint", 0)]
    assert [(n, a, q) for n, _, a, q in stored_types(body["id"])] == [
        ("Mango", False, 3),
        ("Mint", True, 0),
    ]


def test_update_reconciles_the_list_changed_kept_added_and_removed(admin_client_api):
    product = make_product(types=3)
    first, second, third = ProductType.objects.filter(product=product).order_by("id")
    types = [
        {"id": first.pk, "name": "First renamed", "price": "9.5", "quantity": 7},
        {"id": third.pk, "name": third.name, "quantity": third.quantity},
        {"name": "Brand new", "quantity": 2},
    ]

    # The stock of a type changes, so the save names the version it was made from.
    etag = admin_client_api.get(f"/api/products/{product.pk}").headers["ETag"]
    response = admin_client_api.put(
        f"/api/products/{product.pk}",
        {"types": json.dumps(types)},
        format="multipart",
        HTTP_IF_MATCH=etag,
    )

    assert response.status_code == 200, response.json()
    assert not ProductType.objects.filter(pk=second.pk).exists()
    assert ProductType.objects.get(pk=first.pk).name == "First renamed"
    assert ProductType.objects.get(pk=first.pk).quantity == 7
    assert [n for n, *_ in stored_types(product.pk)] == ["First renamed", third.name, "Brand new"]
    assert [t["name"] for t in response.json()["types"]] == [
        n for n, *_ in stored_types(product.pk)
    ]


def test_a_listed_type_without_availability_keeps_it_and_a_new_one_is_shown(
    admin_client_api,
):
    product = make_product(types=2)
    hidden, shown = ProductType.objects.filter(product=product).order_by("id")
    ProductType.objects.filter(pk=hidden.pk).update(availability=False)
    types = [
        {"id": hidden.pk, "name": "Still hidden"},
        {"id": shown.pk, "name": shown.name},
        {"name": "New one"},
    ]

    response = admin_client_api.put(
        f"/api/products/{product.pk}", {"types": json.dumps(types)}, format="multipart"
    )

    assert response.status_code == 200, response.json()
    assert [(t["name"], t["availability"]) for t in response.json()["types"]] == [
        ("Still hidden", False),
        (shown.name, True),
        ("New one", True),
    ]
    assert [(n, a) for n, _, a, _ in stored_types(product.pk)] == [
        ("Still hidden", False),
        (shown.name, True),
        ("New one", True),
    ]


def test_without_the_field_the_types_stay(admin_client_api):
    product = make_product(types=2)
    before = stored_types(product.pk)

    response = admin_client_api.put(
        f"/api/products/{product.pk}", {"name": "Renamed"}, format="multipart"
    )

    assert response.status_code == 200
    assert stored_types(product.pk) == before


def test_a_type_without_a_name_refuses_the_whole_save(admin_client_api):
    product = make_product(name="Before", types=1)
    before = stored_types(product.pk)

    response = admin_client_api.put(
        f"/api/products/{product.pk}",
        {"name": "After", "types": json.dumps([{"name": " ", "quantity": 1}])},
        format="multipart",
    )

    assert response.status_code == 400
    assert response.json()["message"] == "Please enter name for the product type"
    assert Product.objects.get(pk=product.pk).name == "Before"
    assert stored_types(product.pk) == before


def test_another_products_type_refuses_the_whole_save(admin_client_api):
    product = make_product(name="Before", types=1)
    other = make_product(types=1)
    foreign = ProductType.objects.get(product=other)
    before, other_before = stored_types(product.pk), stored_types(other.pk)

    response = admin_client_api.put(
        f"/api/products/{product.pk}",
        {"name": "After", "types": json.dumps([{"id": foreign.pk, "name": "Stolen"}])},
        format="multipart",
    )

    assert response.status_code == 400
    assert response.json()["message"] == "Product type not found"
    assert Product.objects.get(pk=product.pk).name == "Before"
    assert stored_types(product.pk) == before
    assert stored_types(other.pk) == other_before


def test_types_that_are_not_a_json_list_are_a_clear_400(admin_client_api):
    product = make_product(types=1)

    response = admin_client_api.put(
        f"/api/products/{product.pk}", {"types": "{not json"}, format="multipart"
    )

    assert response.status_code == 400
    assert response.json()["message"].startswith("types must be a JSON list")
