"""Every permission cell of the catalog rows of docs/api.md: anonymous, customer, admin."""

import pytest

from shop.tests.factories import make_product

pytestmark = pytest.mark.django_db

# (method, path template, body, expected for anonymous, customer, admin)
CELLS = [
    ("get", "/api/categories", None, (200, 200, 200)),
    ("get", "/api/products", None, (401, 200, 200)),
    ("get", "/api/products/{id}", None, (401, 200, 200)),
    ("get", "/api/products/{id}/types", None, (401, 200, 200)),
    ("post", "/api/products", {"name": "New", "category": "juices"}, (401, 403, 201)),
    ("put", "/api/products/{id}", {"name": "Renamed"}, (401, 403, 200)),
    ("delete", "/api/products/{id}", None, (401, 403, 204)),
    (
        "delete",
        "/api/products/{id}/images",
        {"imagePaths": ["/media/products/p{id}-0.webp"]},
        (401, 403, 200),
    ),
    ("post", "/api/products/{id}/types", {"name": "Mint"}, (401, 403, 201)),
    ("put", "/api/products/{id}/types/{type_id}", {"name": "Ice"}, (401, 403, 200)),
    ("delete", "/api/products/{id}/types/{type_id}", None, (401, 403, 204)),
]
ROLES = ["anonymous", "customer", "admin"]


@pytest.mark.parametrize("role_index, role", list(enumerate(ROLES)))
@pytest.mark.parametrize(
    "method, template, body, expected", CELLS, ids=[f"{c[0]} {c[1]}" for c in CELLS]
)
def test_permission_cell(request, media_root, role_index, role, method, template, body, expected):
    client = {
        "anonymous": lambda: request.getfixturevalue("api_client"),
        "customer": lambda: request.getfixturevalue("customer_client"),
        "admin": lambda: request.getfixturevalue("admin_client_api"),
    }[role]()
    product = make_product(types=1, images=1)
    values = {"id": product.pk, "type_id": product.types.get().pk}
    path = template.format(**values)
    if body is not None:
        body = {
            key: [v.format(**values) for v in value] if isinstance(value, list) else value
            for key, value in body.items()
        }
    format_ = "multipart" if method in ("post", "put") and "types" not in template else "json"

    response = getattr(client, method)(path, body, format=format_)

    assert response.status_code == expected[role_index], response.content
    if response.status_code >= 400:
        assert "message" in response.json()
        if expected[role_index] in (401, 403):
            product.refresh_from_db()
            assert (
                product.name == "Test Vape"
                and product.types.count() == 1
                and product.images.count() == 1
            )


def test_401_carries_www_authenticate(api_client):
    response = api_client.get("/api/products")

    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_trailing_slash_is_answered_without_redirect(customer_client):
    assert customer_client.get("/api/products/").status_code == 200
    assert customer_client.get("/api/categories/").status_code == 200
