"""Prices, stock, line quantities and order totals stay inside their columns: 400 with a
message, and nothing written."""

from decimal import Decimal

import pytest

from orders.checkout import ORDER_TOO_LARGE
from orders.models import Order
from shop.models import Product, ProductType
from shop.stock import TYPE_REQUIRED
from tests.factories import checkout_body, line, make_product

pytestmark = pytest.mark.django_db


def checkout(client, *lines):
    # Confirmed 21+, so the checkout passes whatever the product's category.
    body = checkout_body(*lines, ageConfirmed=True)
    return client.post("/api/orders/checkout", body, format="json")


class TestCatalogBounds:
    @pytest.mark.parametrize(
        "field,value,message",
        [
            ("price", "100000.01", "Price must be at most 100,000.00."),
            ("price", "99999999.99", "Price must be at most 100,000.00."),
            ("quantity", "1000001", "Quantity must be at most 1,000,000."),
        ],
    )
    def test_product_over_the_bound(self, admin_client_api, field, value, message):
        body = {"name": "Lamp", "category": "disposables", field: value}
        response = admin_client_api.post("/api/products", body, format="multipart")

        assert response.status_code == 400
        assert response.json()["message"] == message
        assert not Product.objects.exists()

    def test_product_at_the_bound(self, admin_client_api):
        body = {
            "name": "Lamp",
            "category": "disposables",
            "price": "100000.00",
            "quantity": "1000000",
        }
        assert admin_client_api.post("/api/products", body, format="multipart").status_code == 201

    def test_update_over_the_bound_changes_nothing(self, admin_client_api):
        product = make_product(price="5.00", quantity=4)
        response = admin_client_api.put(
            f"/api/products/{product.pk}", {"price": "250000"}, format="multipart"
        )

        assert response.status_code == 400
        product.refresh_from_db()
        assert product.price == Decimal("5.00")

    @pytest.mark.parametrize(
        "field,value,message",
        [
            ("price", "100000.01", "Price must be at most 100,000.00."),
            ("quantity", 1_000_001, "Quantity must be at most 1,000,000."),
        ],
    )
    def test_type_over_the_bound(self, admin_client_api, field, value, message):
        product = make_product()
        response = admin_client_api.post(
            f"/api/products/{product.pk}/types", {"name": "Big", field: value}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["message"] == message
        assert not ProductType.objects.exists()


class TestCheckoutBounds:
    def test_a_line_over_10000_units(self, customer_client):
        product = make_product(quantity=50_000)
        response = checkout(customer_client, line(product, 10_001))

        assert response.status_code == 400
        assert response.json()["message"] == "You can order at most 10,000 of one item."
        product.refresh_from_db()
        assert product.quantity == 50_000

    def test_a_total_past_its_column_is_refused_and_nothing_is_written(
        self, customer_client, settings
    ):
        settings.MAX_UNITS_PER_LINE = 0  # the column's bound, not the shop's per-line limit
        settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0  # nor the pending caps
        # A price stored before the bound existed (the API no longer accepts it).
        product = make_product(price="99999999.99", quantity=500)
        response = checkout(customer_client, line(product, 101))

        assert response.status_code == 400
        assert response.json()["message"] == ORDER_TOO_LARGE
        assert not Order.objects.exists()
        product.refresh_from_db()
        assert product.quantity == 500
        assert customer_client.get("/api/orders").status_code == 200

    def test_the_largest_allowed_cart_fits(self, customer_client, settings):
        settings.MAX_UNITS_PER_LINE = 0  # the column's bound, not the shop's per-line limit
        settings.MAX_PENDING_UNITS = settings.MAX_PENDING_VALUE = 0  # nor the pending caps
        product = make_product(price="100000.00", quantity=10_000)
        response = checkout(customer_client, line(product, 10_000))

        assert response.status_code == 201
        assert Decimal(str(response.json()["order"]["total"])) == Decimal("1000000000.00")
        assert customer_client.get("/api/orders").status_code == 200


class TestTypeRequired:
    def test_a_product_with_types_needs_a_type_on_the_line(self, customer_client):
        product = make_product(quantity=3, types=2)
        response = checkout(customer_client, line(product, 6))

        assert response.status_code == 400
        assert response.json()["message"] == TYPE_REQUIRED
        assert not Order.objects.exists()
        product.refresh_from_db()
        assert product.quantity == 3

    def test_with_its_type_the_line_is_sold(self, customer_client):
        product = make_product(quantity=3, types=1)
        kind = product.types.get()
        assert checkout(customer_client, line(product, 2, kind)).status_code == 201
