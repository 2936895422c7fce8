"""What the catalog answers besides its permission cells (every cell of every role is in
tests/test_permission_matrix.py)."""

import pytest

pytestmark = pytest.mark.django_db


def test_401_carries_www_authenticate(api_client):
    response = api_client.get("/api/products")

    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_trailing_slash_is_answered_without_redirect(customer_client):
    assert customer_client.get("/api/products/").status_code == 200
    assert customer_client.get("/api/categories/").status_code == 200
