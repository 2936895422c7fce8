"""One rendering of a product (shop.answers.product_answers): the list, the product page and
every write's answer send the same JSON, in the shape ProductSerializer declares for the
OpenAPI schema."""

from datetime import UTC
from decimal import Decimal

import pytest

from shop.answers import product_answers
from shop.models import Product, ProductImage, ProductType
from shop.serializers import ProductSerializer, ProductTypeSerializer
from tests.factories import make_product, png_upload

pytestmark = pytest.mark.django_db

# The hemp category's first-run defaults, which its products and their types inherit.
HEMP = {
    "nicotineMg": 0.0,
    "flavoured": False,
    "utlEntry": "",
    "kratom": False,
    "n2o": False,
    "inhalable": False,
    "thcDetectable": False,
    "alcohol": False,
}
NONE_OWN = dict.fromkeys(HEMP)


@pytest.fixture
def catalog():
    plain = make_product(name="Plain", price="12.50")
    unpriced = make_product(
        name='Ünïcode \u2028 "quoted" <b>', description="line\nbreak", price=None
    )
    rich = make_product(name="Rich", price="1234567.89", category="hemp", types=0, images=2)
    ProductType.objects.create(product=rich, name="Own price", price=Decimal("0.10"), quantity=3)
    ProductType.objects.create(product=rich, name="No price", price=None, availability=False)
    ProductImage.objects.create(product=rich, path="products/bare.webp", width=300, position=5)
    ProductImage.objects.create(
        product=rich, path="https://cdn.example.com/x.webp", thumbnail_path="", position=6
    )
    return [plain, unpriced, rich]


def stamp(value):
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def test_a_product_is_rendered_as_the_api_says(catalog):
    rich = Product.objects.get(name="Rich")
    types = list(rich.types.order_by("id"))

    (answer,) = product_answers(Product.objects.filter(pk=rich.pk))

    assert answer == {
        "id": rich.pk,
        "name": "Rich",
        "description": "",
        "price": 1234567.89,
        "compareAtPrice": None,
        "availability": True,
        "category": "hemp",
        "categoryId": "hemp",
        "categoryName": rich.category.name,
        "ageRestricted": rich.category.age_restricted,
        "shippable": rich.category.shippable,
        "exciseTax": rich.category.excise_tax,
        "exciseExempt": False,
        "regulatory": HEMP,
        "regulatoryOwn": NONE_OWN,
        "images": [
            f"/media/products/p{rich.pk}-0.webp",
            f"/media/products/p{rich.pk}-1.webp",
            "/media/products/bare.webp",
            "https://cdn.example.com/x.webp",
        ],
        # An image without a thumbnail stands in for it.
        "thumbnails": [
            f"/media/products/p{rich.pk}-0-thumb.webp",
            f"/media/products/p{rich.pk}-1-thumb.webp",
            "/media/products/bare.webp",
            "https://cdn.example.com/x.webp",
        ],
        # Widths not known are null; an image without a thumbnail stands in with its own.
        "imageWidths": [None, None, 300, None],
        "thumbnailWidths": [None, None, 300, None],
        "quantity": 10,
        "types": [
            {
                "id": types[0].pk,
                "name": "Own price",
                "availability": True,
                "price": 0.1,
                "compareAtPrice": None,
                "quantity": 3,
                "regulatory": HEMP,
                "regulatoryOwn": NONE_OWN,
            },
            {
                "id": types[1].pk,
                "name": "No price",
                "availability": False,
                "price": None,
                "compareAtPrice": None,
                "quantity": 0,
                "regulatory": HEMP,
                "regulatoryOwn": NONE_OWN,
            },
        ],
        "createdAt": stamp(rich.created_at),
        "updatedAt": stamp(rich.updated_at),
    }


def test_answers_have_the_declared_shape_in_its_order(catalog):
    declared, declared_type = list(ProductSerializer().fields), list(ProductTypeSerializer().fields)

    for answer in product_answers(Product.objects.all()):
        assert list(answer) == declared
        assert all(list(t) == declared_type for t in answer["types"])


def test_the_list_and_the_product_page_send_the_same_answers(catalog, customer_client):
    expected = product_answers(Product.objects.order_by("-sellable", "-created_at", "-id"))

    page = customer_client.get("/api/products").json()

    assert page["products"] == expected
    assert page["pagination"] == {
        "page": 1,
        "limit": 12,
        "totalItems": 3,
        "totalPages": 1,
        "hasNextPage": False,
    }
    for answer in expected:
        assert customer_client.get(f"/api/products/{answer['id']}").json() == answer


def test_every_write_answers_the_product_as_the_reads_do(admin_client_api, media_root):
    created = admin_client_api.post(
        "/api/products",
        {"name": "Written", "category": "juices", "price": "4.50", "images": [png_upload()]},
        format="multipart",
    )
    assert created.status_code == 201
    url = f"/api/products/{created.json()['id']}"

    def same_as_read(write):
        read = admin_client_api.get(url)
        assert write.content == read.content
        assert write["ETag"] == read["ETag"]

    same_as_read(created)
    updated = admin_client_api.put(
        url, {"description": "Now described", "types": '[{"name": "Mint"}]'}, format="multipart"
    )
    assert updated.status_code == 200
    same_as_read(updated)
    path = updated.json()["images"][0]
    trimmed = admin_client_api.delete(f"{url}/images", {"imagePaths": [path]}, format="json")
    assert trimmed.status_code == 200
    same_as_read(trimmed)


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
