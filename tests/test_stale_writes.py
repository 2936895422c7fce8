"""No stale write over stock: an admin's form loaded before a sale cannot put the sold
units back on sale (If-Match, 412, 428), through the HTTP API."""

import pytest

from shop.models import Product, ProductType
from shop.preconditions import IF_MATCH_REQUIRED, STALE
from tests.factories import line, make_product, placed_order

pytestmark = pytest.mark.django_db


def buy(client, product, quantity, product_type=None):
    # Confirmed 21+, so the checkout passes whatever the product's category.
    placed_order(client, line(product, quantity, product_type), ageConfirmed=True)


@pytest.fixture
def product(db):
    return make_product(name="Lamp", description="Old words", quantity=9)


def opened(admin_client_api, product):
    response = admin_client_api.get(f"/api/products/{product.pk}")
    assert response.status_code == 200
    return response.json(), response.headers["ETag"]


class TestProduct:
    def test_admin_loads_customer_buys_admin_saves_is_412(
        self, admin_client_api, customer_client, product
    ):
        form, etag = opened(admin_client_api, product)
        assert form["quantity"] == 9
        buy(customer_client, product, 3)

        response = admin_client_api.put(
            f"/api/products/{product.pk}",
            {"description": "New words", "quantity": form["quantity"]},
            format="multipart",
            HTTP_IF_MATCH=etag,
        )

        assert response.status_code == 412
        assert response.json() == {"message": STALE, "code": "stale_version"}
        product.refresh_from_db()
        assert (product.quantity, product.description) == (6, "Old words")

    def test_changing_stock_without_if_match_is_428(
        self, admin_client_api, customer_client, product
    ):
        buy(customer_client, product, 3)
        response = admin_client_api.put(
            f"/api/products/{product.pk}", {"quantity": "9"}, format="multipart"
        )

        assert response.status_code == 428
        assert response.json() == {"message": IF_MATCH_REQUIRED, "code": "version_required"}
        assert Product.objects.get(pk=product.pk).quantity == 6

    def test_a_fresh_etag_saves_and_answers_the_next_one(self, admin_client_api, product):
        _, etag = opened(admin_client_api, product)
        response = admin_client_api.put(
            f"/api/products/{product.pk}",
            {"quantity": "12"},
            format="multipart",
            HTTP_IF_MATCH=etag,
        )

        assert response.status_code == 200
        assert response.json()["quantity"] == 12
        assert response.headers["ETag"] not in ("", etag)
        again = admin_client_api.put(
            f"/api/products/{product.pk}",
            {"quantity": "13"},
            format="multipart",
            HTTP_IF_MATCH=etag,
        )
        assert again.status_code == 412

    def test_writes_that_leave_stock_alone_need_no_if_match(self, admin_client_api, product):
        same = admin_client_api.put(
            f"/api/products/{product.pk}",
            {"description": "New words", "quantity": "9"},
            format="multipart",
        )

        assert same.status_code == 200
        assert Product.objects.get(pk=product.pk).description == "New words"

    def test_stale_delete_is_412_and_deletes_nothing(
        self, admin_client_api, customer_client, product
    ):
        _, etag = opened(admin_client_api, product)
        buy(customer_client, product, 1)

        response = admin_client_api.delete(f"/api/products/{product.pk}", HTTP_IF_MATCH=etag)

        assert response.status_code == 412
        assert Product.objects.filter(pk=product.pk).exists()


class TestType:
    @pytest.fixture
    def typed(self, db):
        product = make_product(name="Pod", quantity=0, types=1)
        ProductType.objects.filter(product=product).update(quantity=9)
        return product, product.types.get()

    def test_admin_loads_customer_buys_admin_saves_type_is_412(
        self, admin_client_api, customer_client, typed
    ):
        product, kind = typed
        _, etag = opened(admin_client_api, product)
        buy(customer_client, product, 3, product_type=kind)

        response = admin_client_api.put(
            f"/api/products/{product.pk}/types/{kind.pk}",
            {"name": "Renamed", "quantity": 9},
            format="json",
            HTTP_IF_MATCH=etag,
        )

        assert response.status_code == 412
        assert response.json()["message"] == STALE
        kind.refresh_from_db()
        assert (kind.quantity, kind.name) == (6, "Type 0")

    def test_type_stock_without_if_match_is_428(self, admin_client_api, customer_client, typed):
        product, kind = typed
        buy(customer_client, product, 3, product_type=kind)

        response = admin_client_api.put(
            f"/api/products/{product.pk}/types/{kind.pk}", {"quantity": 9}, format="json"
        )

        assert response.status_code == 428
        assert ProductType.objects.get(pk=kind.pk).quantity == 6

    def test_type_answers_carry_the_products_etag(self, admin_client_api, typed):
        product, kind = typed
        _, etag = opened(admin_client_api, product)
        response = admin_client_api.put(
            f"/api/products/{product.pk}/types/{kind.pk}",
            {"quantity": 4},
            format="json",
            HTTP_IF_MATCH=etag,
        )

        assert response.status_code == 200
        assert response.headers["ETag"] == opened(admin_client_api, product)[1] != etag

    def test_stale_type_delete_is_412(self, admin_client_api, customer_client, typed):
        product, kind = typed
        _, etag = opened(admin_client_api, product)
        buy(customer_client, product, 1, product_type=kind)

        response = admin_client_api.delete(
            f"/api/products/{product.pk}/types/{kind.pk}", HTTP_IF_MATCH=etag
        )

        assert response.status_code == 412
        assert ProductType.objects.filter(pk=kind.pk).exists()


class TestTypesInTheProductForm:
    """The product form may send every type in one PUT (`types`): a type's stock it would
    change needs If-Match too."""

    def test_type_stock_in_the_types_list(self, admin_client_api, customer_client):
        import json

        product = make_product(name="Pod", quantity=0, types=1)
        kind = product.types.get()
        form, etag = opened(admin_client_api, product)
        buy(customer_client, product, 2, product_type=kind)
        types = json.dumps([{"id": kind.pk, "name": kind.name, "quantity": 5}])

        blind = admin_client_api.put(
            f"/api/products/{product.pk}", {"types": types}, format="multipart"
        )
        stale = admin_client_api.put(
            f"/api/products/{product.pk}", {"types": types}, format="multipart", HTTP_IF_MATCH=etag
        )

        assert (blind.status_code, stale.status_code) == (428, 412)
        assert ProductType.objects.get(pk=kind.pk).quantity == 3
