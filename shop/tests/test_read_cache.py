"""The catalog's cached answers (shop/readcache.py, in Django's cache): an unchanged catalog
is served from the cache with a guarded query count, pages, searches and filters are kept
apart, a made-up query stores little, and a cache that is down costs nothing but speed.
Each test's writes commit (transaction=True): the catalog version moves on commit."""

import time

import pytest
from django.core.cache import cache, caches

from config.env import redis_caches
from shop import selectors
from shop.models import Product
from shop.tests.factories import LIST, listed
from shop.tests.writes import admin_category_rename, api_update, buy, checkout
from tests.factories import make_product

pytestmark = pytest.mark.django_db(transaction=True)


def test_pages_searches_and_categories_are_cached_apart(customer_client):
    make_product(name="Alpha", category="juices")
    make_product(name="Beta", category="hemp")

    def names(query):
        return [p["name"] for p in customer_client.get(f"/api/products?{query}").json()["products"]]

    for _ in range(2):
        assert names("limit=1") == ["Beta"]
        assert names("limit=1&page=2") == ["Alpha"]
        assert names("category=juices") == ["Alpha"]
        assert names("search=bet") == ["Beta"]
        assert names("search=%20bet%20") == ["Beta"]


def test_a_sorted_in_stock_list_is_cached_apart_and_a_write_moves_it(
    customer_client, admin_client_api, django_assert_num_queries
):
    cheap = make_product(name="Cheap", price="2.00")
    make_product(name="Dear", price="9.00")
    url = "/api/products?sort=price_asc&inStock=1"

    def names(query=url):
        return [p["name"] for p in customer_client.get(query).json()["products"]]

    assert names() == ["Cheap", "Dear"] and names(LIST) == ["Dear", "Cheap"]
    with django_assert_num_queries(1):  # served from the cache; the user's row
        assert names() == ["Cheap", "Dear"]

    sold_out = admin_client_api.put(
        f"/api/products/{cheap.pk}",
        {"quantity": "0"},
        format="multipart",
        HTTP_IF_MATCH=customer_client.get(f"/api/products/{cheap.pk}")["ETag"],
    )

    assert sold_out.status_code == 200
    assert names() == ["Dear"] and names(LIST) == ["Dear", "Cheap"]
    assert customer_client.get(url).json()["pagination"]["totalItems"] == 1


def test_a_cached_answer_is_byte_for_byte_the_first_one(
    customer_client, api_client, product, django_assert_num_queries
):
    # A list costs no query once cached; a product page reads its version from its row.
    for url, queries in ((LIST, 0), (f"/api/products/{product.pk}", 1)):
        first = customer_client.get(url)
        with django_assert_num_queries(queries + 1):  # and the signed-in user's row
            again = customer_client.get(url)
        assert first.content == again.content
        assert again["Content-Type"] == "application/json"
    first = api_client.get("/api/categories")
    with django_assert_num_queries(0):
        assert api_client.get("/api/categories").content == first.content


def test_a_cached_page_is_one_read_of_the_cache(customer_client, product, monkeypatch):
    # The catalog version and the page come in one round trip to Redis (or the cache table).
    customer_client.get(LIST)
    store, reads = caches["default"], []
    for name in ("get", "get_many"):
        method = getattr(store, name)

        def counted(*args, _method=method, _name=name, **kwargs):
            reads.append(_name)
            # The test cache (locmem) reads get_many's keys one by one: one call is one read.
            with monkeypatch.context() as inner:
                inner.setattr(store, "get", type(store).get.__get__(store))
                return _method(*args, **kwargs)

        monkeypatch.setattr(store, name, counted)

    assert customer_client.get(LIST).json()["products"][0]["name"] == product.name
    assert reads == ["get_many"]


def test_bad_input_is_still_a_400_and_never_cached(customer_client):
    assert customer_client.get("/api/products?page=0").status_code == 400
    assert customer_client.get("/api/products?search=" + "x" * 201).status_code == 400
    assert customer_client.get("/api/products/424242").status_code == 404
    assert customer_client.get("/api/products/424242").json() == {
        "message": "Product not found",
        "code": "not_found",
    }


class TestListEtag:
    def test_304_on_an_unchanged_list_and_200_after_a_change(self, clients, product):
        first = clients.customer.get(LIST)
        etag = first["ETag"]
        assert first.status_code == 200 and etag.startswith('"catalog-')

        unchanged = clients.customer.get(LIST, HTTP_IF_NONE_MATCH=etag)
        assert unchanged.status_code == 304 and unchanged.content == b""
        assert unchanged["ETag"] == etag
        # Another page of the same catalog version is unchanged too.
        assert clients.customer.get(f"{LIST}&page=2", HTTP_IF_NONE_MATCH=etag).status_code == 304

        checkout(clients, product)
        changed = clients.customer.get(LIST, HTTP_IF_NONE_MATCH=etag)

        assert changed.status_code == 200 and changed["ETag"] != etag
        assert changed.json()["products"][0]["types"][0]["quantity"] == 3

    def test_an_etag_never_skips_sign_in_or_input_checks(self, clients, api_client):
        etag = clients.customer.get(LIST)["ETag"]

        assert api_client.get(LIST, HTTP_IF_NONE_MATCH=etag).status_code == 401
        assert (
            clients.customer.get("/api/products?page=0", HTTP_IF_NONE_MATCH=etag).status_code == 400
        )

    def test_categories_answer_304_until_a_category_changes(self, clients, api_client):
        etag = api_client.get("/api/categories")["ETag"]
        assert api_client.get("/api/categories", HTTP_IF_NONE_MATCH=etag).status_code == 304

        admin_category_rename(clients, make_product())

        assert api_client.get("/api/categories", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_cached_answers_cost_no_query_but_a_product_version(
    clients, api_client, product, django_assert_num_queries
):
    urls = [
        LIST,
        "/api/products?search=pod&page=1",
        "/api/products?sort=price_desc&inStock=1",
        "/api/products?search=pod&sort=name&inStock=1",
    ]
    for url in [*urls, f"/api/products/{product.pk}"]:
        clients.customer.get(url)
    api_client.get("/api/categories")

    for url in urls:
        with django_assert_num_queries(1):  # the signed-in user's row
            assert clients.customer.get(url).status_code == 200
    with django_assert_num_queries(2):  # the user's row and the product's version
        assert clients.customer.get(f"/api/products/{product.pk}").status_code == 200
    with django_assert_num_queries(0):
        assert api_client.get("/api/categories").status_code == 200
    etag = clients.customer.get(LIST)["ETag"]
    with django_assert_num_queries(1):
        assert clients.customer.get(LIST, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_total_is_counted_once_per_catalog_version_and_filter(clients, admin_client_api):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for n in range(5):
        make_product(name=f"Counted {n}")

    def counts(url):
        with CaptureQueriesContext(connection) as queries:
            body = clients.customer.get(url).json()
        return body["pagination"]["totalItems"], sum("COUNT(" in q["sql"] for q in queries)

    assert counts("/api/products?limit=2") == (5, 1)
    assert counts("/api/products?limit=2&page=2") == (5, 0)
    assert counts("/api/products?limit=2&page=3") == (5, 0)
    # A search keeps the ids it found instead (test_search_postgres.py: once per filter).
    assert counts("/api/products?limit=2&search=counted") == (5, 0)
    assert counts("/api/products?limit=2&inStock=1") == (5, 1)
    assert counts("/api/products?limit=2&sort=name") == (5, 0)

    admin_client_api.post("/api/products", {"name": "One more", "category": "juices"})

    assert counts("/api/products?limit=2&page=2") == (6, 1)


class TestWhatAQueryCanStore:
    """Query values are free to invent: what they can put in the shared cache is bounded."""

    EMPTY_PAGE = {
        "products": [],
        "pagination": {
            "page": 1,
            "limit": 12,
            "totalItems": 0,
            "totalPages": 0,
            "hasNextPage": False,
        },
        "suggestions": [],
    }

    def test_unknown_categories_are_answered_without_an_entry(self, customer_client):
        make_product(name="Alpha", category="juices")
        assert len(customer_client.get("/api/products?category=juices").json()["products"]) == 1
        before = stored()

        for n in range(50):
            # 3.5 KB each, as in the probe that grew a worker by 69 MB with 8,000 of them.
            response = customer_client.get(f"/api/products?category={n:04d}{'c' * 3500}")
            assert response.status_code == 200
            assert response.json() == self.EMPTY_PAGE
        again = customer_client.get("/api/products?category=nonexistent&page=3")

        # The same empty page as ever, with the catalog's ETag, and nothing kept.
        assert again.json() == {
            **self.EMPTY_PAGE,
            "pagination": {**self.EMPTY_PAGE["pagination"], "page": 3},
        }
        assert again["ETag"].startswith('"catalog-')
        assert stored() == before

    def test_pages_past_the_end_are_answered_without_an_entry(self, customer_client):
        make_product(name="Only One")
        assert customer_client.get("/api/products?page=1").json()["pagination"]["totalItems"] == 1
        before = stored()

        for page in range(2, 50):
            body = customer_client.get(f"/api/products?page={page}").json()
            assert body["products"] == [] and body["pagination"]["totalItems"] == 1
        body = customer_client.get(f"/api/products?page={2**62}").json()

        assert body["products"] == [] and body["pagination"]["hasNextPage"] is False
        assert stored() == before

    def test_a_long_search_makes_short_keys_and_every_entry_expires(
        self, customer_client, settings
    ):
        longest = "a" * selectors.MAX_SEARCH_LENGTH
        make_product(name=longest)

        body = customer_client.get(f"/api/products?search={longest}").json()

        assert [p["name"] for p in body["products"]] == [longest]
        keys = stored()
        assert any(":found:" in key for key in keys) and any(":page:" in key for key in keys)
        assert max(len(key) for key in keys) < 100
        latest = time.time() + settings.CATALOG_ANSWER_MAX_AGE
        assert all(cache._expire_info[cache.make_key(key)] <= latest for key in keys)


def stored():
    """The catalog's keys in the tests' cache (conftest.py: local memory)."""
    prefix = cache.make_key("catalog:")
    return {key.removeprefix(cache.make_key("")) for key in cache._cache if key.startswith(prefix)}


class TestCacheDown:
    """A cache that cannot be reached never breaks a read or a write, and never serves an old
    answer: reads come from the database."""

    @pytest.fixture
    def unreachable(self, settings):
        # Nothing listens on port 1: every call is refused at once, and django-redis, as
        # configured for production, answers None instead of raising.
        settings.CACHES = redis_caches("redis://127.0.0.1:1/0")

    def test_reads_and_writes_go_on_from_the_database(self, clients, product, unreachable):
        url = f"/api/products/{product.pk}"
        first = clients.customer.get(LIST)
        assert first.status_code == 200 and "ETag" not in first
        assert clients.customer.get(url).status_code == 200

        assert api_update(clients, product)(listed(clients.customer, product.pk))
        detail = clients.customer.get(url)
        assert detail.status_code == 200 and detail.json()["name"] == "Renamed Pod"
        assert detail["ETag"] == f'"{product.pk}-2"'
        assert clients.customer.get(url, HTTP_IF_NONE_MATCH=detail["ETag"]).status_code == 304
        assert clients.customer.get("/api/categories").status_code == 200
        assert buy(clients, product)

    def test_a_bump_that_fails_does_not_fail_the_write(self, clients, product, monkeypatch):
        def refuse(*args, **kwargs):
            raise ConnectionError("cache unreachable")

        monkeypatch.setattr(caches["default"], "set", refuse)
        response = clients.admin.put(
            f"/api/products/{product.pk}", {"name": "Renamed Pod"}, format="multipart"
        )

        assert response.status_code == 200
        assert Product.objects.get(pk=product.pk).name == "Renamed Pod"
