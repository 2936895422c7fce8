"""Fixtures of the catalog cache's tests (test_read_cache.py, test_catalog_writes.py): a
product with types and images, and the three kinds of client that write (API, Django admin)."""

import pytest

from tests.factories import make_product


@pytest.fixture
def product():
    return make_product(name="Cached Pod", quantity=20, types=2, images=2)


class Clients:
    def __init__(self, customer, admin, browser):
        self.customer, self.admin, self.browser = customer, admin, browser


@pytest.fixture
def clients(customer_client, admin_client_api, admin_browser):
    return Clients(customer_client, admin_client_api, admin_browser)
