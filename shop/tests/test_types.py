"""Product types over the API."""

import pytest

from shop.models import ProductType
from shop.regulatory import ATTRIBUTES as NAMES
from tests.factories import make_product

pytestmark = pytest.mark.django_db


def test_create_with_own_price_and_defaults(admin_client_api):
    product = make_product(price="10.00")

    response = admin_client_api.post(
        f"/api/products/{product.pk}/types", {"name": "Mint", "price": 12.5}, format="json"
    )

    assert response.status_code == 201
    assert response.json() == {
        "id": response.json()["id"],
        "name": "Mint",
        "availability": True,
        "price": 12.5,
        "compareAtPrice": None,
        "quantity": 0,
        "regulatory": {
            "nicotineMg": 0.0,
            "flavoured": False,
            "utlEntry": "",
            "kratom": False,
            "n2o": False,
            "inhalable": False,
            "thcDetectable": False,
            "alcohol": False,
        },
        "regulatoryOwn": dict.fromkeys(NAMES),
    }


@pytest.mark.parametrize("price", [None, ""])
def test_null_or_empty_price_means_the_products_price(admin_client_api, price):
    product = make_product()

    response = admin_client_api.post(
        f"/api/products/{product.pk}/types", {"name": "Ice", "price": price}, format="json"
    )

    assert response.status_code == 201 and response.json()["price"] is None


@pytest.mark.parametrize(
    "body, field",
    [
        ({}, "name"),
        ({"name": ""}, "name"),
        ({"name": "X", "price": -1}, "price"),
        ({"name": "X", "price": "abc"}, "price"),
        ({"name": "X", "quantity": -1}, "quantity"),
        ({"name": "X", "quantity": "many"}, "quantity"),
        ({"name": "X", "availability": "perhaps"}, "availability"),
    ],
)
def test_bad_type_is_400_and_nothing_is_stored(admin_client_api, body, field):
    product = make_product()

    response = admin_client_api.post(f"/api/products/{product.pk}/types", body, format="json")

    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not ProductType.objects.exists()


def test_missing_name_has_its_message(admin_client_api):
    product = make_product()

    response = admin_client_api.post(
        f"/api/products/{product.pk}/types", {"price": 3}, format="json"
    )

    assert response.json()["message"] == "Please enter name for the product type"


def test_update_changes_the_fields_sent(admin_client_api):
    product = make_product(types=1)
    product_type = product.types.get()

    etag = admin_client_api.get(f"/api/products/{product.pk}").headers["ETag"]
    response = admin_client_api.put(
        f"/api/products/{product.pk}/types/{product_type.pk}",
        {"availability": False, "quantity": 0},
        format="json",
        HTTP_IF_MATCH=etag,
    )

    assert response.status_code == 200
    assert response.json()["name"] == "Type 0" and response.json()["availability"] is False
    product_type.refresh_from_db()
    assert product_type.quantity == 0 and product_type.availability is False


def test_type_of_another_product_is_404(admin_client_api):
    mine, other = make_product(), make_product(types=1)
    other_type = other.types.get()

    put = admin_client_api.put(
        f"/api/products/{mine.pk}/types/{other_type.pk}", {"name": "Hijack"}, format="json"
    )
    delete = admin_client_api.delete(f"/api/products/{mine.pk}/types/{other_type.pk}")

    assert put.status_code == delete.status_code == 404
    assert put.json()["message"] == "Product type not found"
    other_type.refresh_from_db()
    assert other_type.name == "Type 0"


def test_delete(admin_client_api):
    product = make_product(types=2)
    doomed = product.types.first()

    assert (
        admin_client_api.delete(f"/api/products/{product.pk}/types/{doomed.pk}").status_code == 204
    )
    assert list(product.types.values_list("name", flat=True)) == ["Type 1"]


def test_type_on_unknown_product_is_404(admin_client_api):
    response = admin_client_api.post("/api/products/999999/types", {"name": "X"}, format="json")

    assert response.status_code == 404 and response.json()["message"] == "Product not found"
