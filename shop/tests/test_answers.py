"""The catalog reads build product answers as plain dicts rendered by orjson; they must be
the very JSON ProductSerializer and DRF's JSONRenderer make, and what the OpenAPI schema
says."""

import json
from decimal import Decimal

import pytest
from rest_framework.renderers import JSONRenderer

from common.renderers import ORJSONRenderer
from shop.models import Product, ProductImage, ProductType
from shop.selectors import product_answers, product_get
from shop.serializers import ProductSerializer
from tests.factories import make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    plain = make_product(name="Plain", price="12.50")
    unpriced = make_product(
        name='Ünïcode \u2028 "quoted" <b>', description="line\nbreak", price=None
    )
    rich = make_product(name="Rich", price="1234567.89", category="hemp", types=0, images=2)
    ProductType.objects.create(product=rich, name="Own price", price=Decimal("0.10"), quantity=3)
    ProductType.objects.create(product=rich, name="No price", price=None, availability=False)
    ProductImage.objects.create(product=rich, path="products/bare.webp", position=5)
    ProductImage.objects.create(
        product=rich, path="https://cdn.example.com/x.webp", thumbnail_path="", position=6
    )
    return [plain, unpriced, rich]


def old_json(products):
    return json.loads(JSONRenderer().render(ProductSerializer(products, many=True).data))


def test_dict_answers_are_the_serializer_json(catalog):
    queryset = Product.objects.order_by("-created_at", "-id")

    new = json.loads(ORJSONRenderer().render(product_answers(queryset)))

    assert new == old_json([product_get(product_id=p.pk) for p in queryset])
    assert [list(answer) for answer in new] == [list(answer) for answer in old_json(queryset)]


def test_the_api_answers_are_unchanged(catalog, customer_client):
    page = customer_client.get("/api/products").json()
    expected = old_json([product_get(product_id=p.pk) for p in catalog[::-1]])

    assert page["products"] == expected
    assert page["pagination"] == {
        "page": 1,
        "limit": 12,
        "totalItems": 3,
        "totalPages": 1,
        "hasNextPage": False,
    }
    for product, answer in zip(catalog[::-1], expected, strict=True):
        assert customer_client.get(f"/api/products/{product.pk}").json() == answer


def test_answers_match_the_openapi_schema(catalog, customer_client, client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    components = schema["components"]["schemas"]
    product_keys = set(components["Product"]["properties"])
    type_keys = set(components["ProductType"]["properties"])

    page = customer_client.get("/api/products").json()

    assert set(page) == set(components["ProductPage"]["properties"])
    for answer in page["products"]:
        assert set(answer) == product_keys
        assert all(set(t) == type_keys for t in answer["types"])
    ok = schema["paths"]["/api/products/{id}"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"]["$ref"].endswith("/Product")


def test_an_empty_page_past_the_end(customer_client, catalog):
    body = customer_client.get("/api/products?page=9").json()

    assert body["products"] == [] and body["pagination"]["totalItems"] == 3
