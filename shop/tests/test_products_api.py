"""Products over the API: categories, one product's shape, writes and bad input (the list,
search, sorting and paging: test_product_list.py)."""

from decimal import Decimal

import pytest

from shop.categories import CATEGORIES
from shop.models import Product
from shop.tests.factories import product_form, snapshot
from tests.factories import make_product

pytestmark = pytest.mark.django_db

PRODUCT_KEYS = {
    "imageWidths",
    "thumbnailWidths",
    "id",
    "name",
    "description",
    "price",
    "compareAtPrice",
    "availability",
    "category",
    "categoryId",
    "categoryName",
    "ageRestricted",
    "shippable",
    "exciseTax",
    "regulatory",
    "regulatoryOwn",
    "exciseExempt",
    "images",
    "thumbnails",
    "quantity",
    "types",
    "createdAt",
    "updatedAt",
}
TYPE_KEYS = {
    "id",
    "name",
    "availability",
    "price",
    "compareAtPrice",
    "quantity",
    "regulatory",
    "regulatoryOwn",
}


class TestCategories:
    def test_the_13_in_display_order_without_a_token(self, api_client):
        body = api_client.get("/api/categories").json()

        assert [c["id"] for c in body] == [slug for slug, *_ in CATEGORIES]
        assert body[0] == {
            "id": "disposables",
            "name": "Vapes",
            "colorClass": "cat-purple",
            "description": "Disposable vapes",
            "ageRestricted": True,
            "shippable": False,
            "exciseTax": True,
            "regulatory": {
                "nicotineMg": 50.0,
                "flavoured": True,
                "utlEntry": "",
                "kratom": False,
                "n2o": False,
                "inhalable": False,
                "thcDetectable": False,
                "alcohol": False,
            },
        }


class TestRead:
    def test_product_shape_with_money_as_numbers(self, customer_client):
        product = make_product(price="12.50", types=2, images=2, category="disposables")

        body = customer_client.get(f"/api/products/{product.pk}").json()

        assert set(body) == PRODUCT_KEYS
        assert body["price"] == 12.5
        assert body["category"] == body["categoryId"] == "disposables"
        assert body["categoryName"] == "Vapes"
        assert body["images"] == [
            f"/media/products/p{product.pk}-0.webp",
            f"/media/products/p{product.pk}-1.webp",
        ]
        assert body["thumbnails"] == [
            f"/media/products/p{product.pk}-0-thumb.webp",
            f"/media/products/p{product.pk}-1-thumb.webp",
        ]
        assert [set(t) for t in body["types"]] == [TYPE_KEYS, TYPE_KEYS]
        assert body["types"][0]["price"] is None
        assert body["createdAt"].endswith("Z")

    def test_price_not_set_is_null(self, customer_client):
        product = make_product(price=None)

        assert customer_client.get(f"/api/products/{product.pk}").json()["price"] is None

    @pytest.mark.parametrize(
        "path", ["/api/products/999999", "/api/products/99999999999999999999999"]
    )
    def test_unknown_product_is_404_with_message(self, customer_client, path):
        response = customer_client.get(path)

        assert response.status_code == 404
        assert response.json() == {"message": "Product not found", "code": "not_found"}

    def test_types_list(self, customer_client):
        product = make_product(types=3)

        body = customer_client.get(f"/api/products/{product.pk}/types").json()

        assert [t["name"] for t in body] == ["Type 0", "Type 1", "Type 2"]
        assert customer_client.get("/api/products/999999/types").status_code == 404


class TestCreate:
    def test_admin_creates_a_product(self, admin_client_api, media_root):
        response = admin_client_api.post("/api/products", product_form(), format="multipart")

        assert response.status_code == 201
        body = response.json()
        assert (
            body["name"] == "Frosty Mango Pod" and body["price"] == 12.5 and body["quantity"] == 7
        )
        assert body["availability"] is True and body["types"] == [] and body["images"] == []
        assert Product.objects.get().price == Decimal("12.50")

    def test_defaults_empty_price_is_null(self, admin_client_api):
        response = admin_client_api.post(
            "/api/products", {"name": "Bare", "category": "hemp", "price": ""}, format="multipart"
        )

        assert response.status_code == 201
        assert response.json()["price"] is None
        assert response.json()["quantity"] == 0 and response.json()["availability"] is True

    def test_availability_false(self, admin_client_api):
        response = admin_client_api.post(
            "/api/products", product_form(availability="false"), format="multipart"
        )

        assert response.json()["availability"] is False

    @pytest.mark.parametrize(
        "field, value, message",
        [
            ("name", "", "Product name is required."),
            ("price", "abc", "Price must be a number of 0 or more with at most 2 decimals."),
            ("price", "-1", "Price must be a number of 0 or more with at most 2 decimals."),
            ("price", "1.234", "Price must be a number of 0 or more with at most 2 decimals."),
            ("price", "NaN", "Price must be a number of 0 or more with at most 2 decimals."),
            ("price", "1e99", "Price must be a number of 0 or more with at most 2 decimals."),
            ("quantity", "abc", "Quantity must be a whole number of 0 or more."),
            ("quantity", "-3", "Quantity must be a whole number of 0 or more."),
            ("quantity", "1.5", "Quantity must be a whole number of 0 or more."),
            ("quantity", "99999999999", "Quantity must be at most 1,000,000."),
            ("availability", "maybe", "Availability must be true or false."),
            ("category", "tobacco", "Please choose one of the 13 categories"),
        ],
    )
    def test_bad_field_is_400_and_nothing_is_stored(
        self, admin_client_api, media_root, field, value, message
    ):
        response = admin_client_api.post(
            "/api/products", product_form(**{field: value}), format="multipart"
        )

        assert response.status_code == 400
        assert response.json()["message"].startswith(message)
        assert field in response.json()["errors"]
        assert not Product.objects.exists()

    def test_missing_category_is_400(self, admin_client_api):
        response = admin_client_api.post(
            "/api/products", {"name": "No category"}, format="multipart"
        )

        assert response.status_code == 400 and "category" in response.json()["errors"]


class TestUpdateDelete:
    def test_fields_sent_change_the_others_stay(self, admin_client_api):
        product = make_product(name="Old", price="5.00", quantity=3, types=1)
        etag = admin_client_api.get(f"/api/products/{product.pk}").headers["ETag"]

        response = admin_client_api.put(
            f"/api/products/{product.pk}",
            {"price": "6.25", "quantity": "9"},
            format="multipart",
            HTTP_IF_MATCH=etag,
        )

        assert response.status_code == 200
        body = response.json()
        assert (body["name"], body["price"], body["quantity"], len(body["types"])) == (
            "Old",
            6.25,
            9,
            1,
        )

    def test_empty_price_clears_it(self, admin_client_api):
        product = make_product(price="5.00")

        response = admin_client_api.put(
            f"/api/products/{product.pk}", {"price": ""}, format="multipart"
        )

        assert response.json()["price"] is None

    def test_bad_field_leaves_the_product_unchanged(self, admin_client_api):
        product = make_product()
        before = snapshot()

        response = admin_client_api.put(
            f"/api/products/{product.pk}", {"name": "New", "quantity": "-1"}, format="multipart"
        )

        assert response.status_code == 400
        assert snapshot() == before

    def test_update_unknown_is_404(self, admin_client_api):
        response = admin_client_api.put("/api/products/999999", {"name": "X"}, format="multipart")

        assert response.status_code == 404 and response.json()["message"] == "Product not found"

    def test_delete(self, admin_client_api):
        product = make_product(types=2)

        assert admin_client_api.delete(f"/api/products/{product.pk}").status_code == 204
        assert not Product.objects.exists()
        assert admin_client_api.delete(f"/api/products/{product.pk}").status_code == 404
