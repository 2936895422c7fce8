"""Sale prices: a product or type carries a compare-at price above its price, shown in the
catalog's answers and on the lines a shopper is charged, never charged itself."""

import pytest

from shop.models import Product
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

ABOVE = "The compare-at price must be more than the price (it is the price before the sale)."


def test_a_product_on_sale_shows_both_prices_and_is_charged_the_sale_price(
    admin_client_api, customer_client
):
    product = make_product(price="8.00")

    answer = admin_client_api.put(
        f"/api/products/{product.pk}", {"compareAtPrice": "10.00"}, format="multipart"
    )

    assert answer.status_code == 200, answer.json()
    assert (answer.json()["price"], answer.json()["compareAtPrice"]) == (8.0, 10.0)
    shown = customer_client.get(f"/api/products/{product.pk}").json()
    assert shown["compareAtPrice"] == 10.0
    quote = customer_client.post("/api/orders/quote", checkout_body(line(product)), format="json")
    assert quote.json()["lines"][0]["compareAtPrice"] == 10.0
    order = post_checkout(customer_client, checkout_body(line(product)))["order"]
    assert order["subtotal"] == 8.0 and order["items"][0]["compareAtPrice"] == 10.0


@pytest.mark.parametrize("compare_at", ["8.00", "7.99"])
def test_a_compare_at_price_not_above_the_price_is_refused(admin_client_api, compare_at):
    product = make_product(price="8.00")

    answer = admin_client_api.put(
        f"/api/products/{product.pk}", {"compareAtPrice": compare_at}, format="multipart"
    )

    assert answer.status_code == 400
    assert answer.json()["errors"]["compareAtPrice"] == [ABOVE]
    assert Product.objects.get(pk=product.pk).compare_at_price is None


def test_a_type_on_sale_against_its_products_price(admin_client_api, customer_client):
    product = make_product(price="10.00")
    url = f"/api/products/{product.pk}/types"

    refused = admin_client_api.post(url, {"name": "Mint", "compareAtPrice": 9}, format="json")
    made = admin_client_api.post(
        url, {"name": "Mint", "compareAtPrice": 12, "quantity": 3}, format="json"
    )

    assert refused.status_code == 400 and refused.json()["errors"]["compareAtPrice"] == [ABOVE]
    assert made.status_code == 201 and made.json()["compareAtPrice"] == 12.0
    mint = product.types.get()
    order = post_checkout(customer_client, checkout_body(line(product, 1, mint)))["order"]
    assert (order["items"][0]["price"], order["items"][0]["compareAtPrice"]) == (10.0, 12.0)


def test_the_excise_flag_of_a_category_and_a_products_exemption(admin_client_api):
    answer = admin_client_api.patch("/api/categories/hemp", {"exciseTax": True}, format="json")
    assert answer.status_code == 200 and answer.json()["exciseTax"] is True

    product = make_product(category="juices")
    answer = admin_client_api.put(
        f"/api/products/{product.pk}", {"exciseExempt": "true"}, format="multipart"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["exciseTax"] is True and answer.json()["exciseExempt"] is True
