"""The product list over the API: newest first, category, search, sorting and "in stock",
paging, bounds and the query budget (docs/api.md, Products)."""

import pytest
from django.db import connection

from shop import selectors
from shop.models import Product
from shop.tests.factories import snapshot
from tests.factories import make_product
from tests.plans import plan_at_scale, sorts

pytestmark = pytest.mark.django_db


class TestList:
    def test_newest_first_ties_by_id_and_pagination(self, customer_client):
        products = [make_product(name=f"P{i}") for i in range(5)]
        Product.objects.update(created_at=products[0].created_at)  # all tied: order by id

        body = customer_client.get("/api/products?limit=2&page=2").json()

        assert [p["id"] for p in body["products"]] == [products[2].pk, products[1].pk]
        assert body["pagination"] == {
            "page": 2,
            "limit": 2,
            "totalItems": 5,
            "totalPages": 3,
            "hasNextPage": True,
        }

    def test_default_page_size_is_12(self, customer_client):
        for i in range(13):
            make_product(name=f"P{i}")

        body = customer_client.get("/api/products").json()

        assert len(body["products"]) == 12
        assert body["pagination"]["limit"] == 12 and body["pagination"]["hasNextPage"] is True

    def test_category_filter_and_unknown_category_gives_empty_page(self, customer_client):
        juice = make_product(category="juices")
        make_product(category="kratom")

        assert [
            p["id"] for p in customer_client.get("/api/products?category=juices").json()["products"]
        ] == [juice.pk]
        body = customer_client.get("/api/products?category=nope").json()
        assert body["products"] == [] and body["pagination"]["totalItems"] == 0

    def test_search_matches_name_and_description_case_insensitively(self, customer_client):
        by_text = make_product(name="Other", description="with MANGO flavour")
        by_name = make_product(name="Frosty mango Pod")
        newest = make_product(name="Mango")
        make_product(name="Cherry")

        body = customer_client.get("/api/products?search=mAnGo").json()

        # The names' words first (newest first among equals), then the description.
        assert [p["id"] for p in body["products"]] == [newest.pk, by_name.pk, by_text.pk]

    @pytest.mark.parametrize(
        "term, expected",
        [
            ("100%", ["100% Juice"]),
            ("%", ["100% Juice"]),
            ("0%", ["100% Juice"]),
            ("_", ["Under_score"]),
            ("r_s", ["Under_score"]),
            ("under_score", ["Under_score"]),
            ("'", ["O'Brien's Mix"]),
            ("o'brien", ["O'Brien's Mix"]),
            ('"', ['The "Best" Pod']),
            ('"best" pod', ['The "Best" Pod']),
            ("\\", []),
            ("  juice  ", ["100% Juice"]),
            ("e%", []),
        ],
    )
    def test_search_takes_wildcards_and_quotes_literally(self, customer_client, term, expected):
        for name in ["100% Juice", "Under_score", "O'Brien's Mix", 'The "Best" Pod', "Plain"]:
            make_product(name=name, description="plain")

        response = customer_client.get("/api/products", {"search": term})

        assert response.status_code == 200
        assert [p["name"] for p in response.json()["products"]] == expected

    def test_search_of_2000_characters_is_a_clear_400(self, customer_client):
        response = customer_client.get("/api/products", {"search": "x" * 2000})

        assert response.status_code == 400
        assert response.json()["message"] == "Search must be at most 200 characters"

    def test_search_of_200_characters_is_fine(self, customer_client):
        assert customer_client.get("/api/products", {"search": "x" * 200}).status_code == 200

    @pytest.mark.parametrize("query", ["page=0", "page=-1", "page=abc", "limit=0", "limit=x"])
    def test_bad_page_or_limit_is_400(self, customer_client, query):
        response = customer_client.get(f"/api/products?{query}")

        assert response.status_code == 400
        assert "must be a whole number from 1" in response.json()["message"]

    def test_page_beyond_the_end_is_an_empty_page(self, customer_client):
        make_product()

        response = customer_client.get("/api/products?page=50")

        assert response.status_code == 200
        assert response.json()["products"] == []
        assert response.json()["pagination"]["hasNextPage"] is False

    def test_limit_is_capped_at_100(self, customer_client):
        Product.objects.bulk_create(Product(name=f"P{i}", category_id="juices") for i in range(101))

        body = customer_client.get("/api/products?limit=100000").json()

        assert len(body["products"]) == 100 and body["pagination"]["limit"] == 100

    def test_query_budget_is_the_same_for_1_and_12_products(
        self, customer_client, django_assert_max_num_queries
    ):
        make_product(name="Pod", types=5, images=2)
        # Not cached yet: user, catalog version, count, products (+category), types, images
        with django_assert_max_num_queries(6):
            assert len(customer_client.get("/api/products").json()["products"]) == 1
        for i in range(11):
            make_product(name=f"P{i}", types=5, images=2)
        # A search: user, catalog version, the found ids (SQLite: one query; PostgreSQL:
        # the words' threshold, then the candidates), products (+category), types, images.
        with django_assert_max_num_queries(8):
            assert len(customer_client.get("/api/products?search=p").json()["products"]) == 12


class TestSortAndInStock:
    """`sort` and `inStock` of GET /api/products (docs/api.md, Products)."""

    @pytest.fixture
    def shelf(self):
        # Oldest first; "Bare" has no price, "Gone" no units, "Typed" sells through types.
        make_product(name="banana", price="5.00")
        make_product(name="Bare", price=None)
        make_product(name="Gone", price="1.00", quantity=0)
        make_product(name="Apple", price="5.00")
        make_product(name="Typed", price=None, quantity=0, types=[{"price": "7.00"}])
        make_product(name="Hidden", price="3.00", availability=False)

    def names(self, client, **query):
        response = client.get("/api/products", query)
        assert response.status_code == 200
        body = response.json()
        assert body["pagination"]["totalItems"] == len(body["products"]) or "page" in query
        return [p["name"] for p in body["products"]]

    def test_every_order_with_ties_newest_first(self, shelf, customer_client):
        """What can be sold now first (Apple, banana, Typed), then the rest, in each order."""
        newest = ["Typed", "Apple", "banana", "Hidden", "Gone", "Bare"]
        assert self.names(customer_client) == newest
        assert self.names(customer_client, sort="newest") == newest
        assert self.names(customer_client, sort="price_asc") == [
            "Apple",
            "banana",
            "Typed",
            "Gone",
            "Hidden",
            "Bare",
        ]
        assert self.names(customer_client, sort="price_desc") == [
            "Apple",
            "banana",
            "Typed",
            "Hidden",
            "Gone",
            "Bare",
        ]
        assert self.names(customer_client, sort="name") == [
            "Apple",
            "banana",
            "Typed",
            "Bare",
            "Gone",
            "Hidden",
        ]

    def test_in_stock_keeps_what_can_be_sold_now(self, shelf, customer_client):
        make_product(name="Typed unpriced", price=None, types=[{"price": None}])
        make_product(name="Typed empty", price="4.00", types=[{"quantity": 0}])
        make_product(name="Typed off", price="4.00", types=[{"availability": False}])
        make_product(name="Typed by product", price="4.00", types=1)

        assert self.names(customer_client, inStock="1") == [
            "Typed by product",
            "Typed",
            "Apple",
            "banana",
        ]
        assert self.names(customer_client, inStock="1", sort="price_asc", category="hemp") == []
        assert self.names(customer_client, inStock="0") == self.names(customer_client)

    def test_with_a_search_best_first_unless_sorted(self, customer_client):
        make_product(name="Mangoes", price="1.00")  # a prefix match
        make_product(name="Mango", price="9.00")  # the exact word
        make_product(name="Mangp", price="5.00", quantity=0)  # a typo, sold out

        assert self.names(customer_client, search="mango") == ["Mango", "Mangoes", "Mangp"]
        assert self.names(customer_client, search="mango", sort="newest") == [
            "Mango",
            "Mangoes",
            "Mangp",  # sold out: after what can be sold
        ]
        assert self.names(customer_client, search="mango", sort="price_asc", inStock="1") == [
            "Mangoes",
            "Mango",
        ]
        # Best first still, without what cannot be sold now: by its name's words (a type
        # sold out, one taken off sale) or by its description alone.
        make_product(name="Mango Kit", price="2.00", types=[{"quantity": 0}])
        make_product(name="Mango Off", price="2.00", availability=False)
        make_product(name="Lamp", price="2.00", description="mango scent")
        make_product(name="Bulb", price="2.00", quantity=0, description="mango scent")
        assert self.names(customer_client, search="mango", inStock="1") == [
            "Mango",
            "Mangoes",
            "Lamp",
        ]
        assert self.names(customer_client, search="mango", inStock="1", category="hemp") == []

    def test_pages_follow_the_order(self, shelf, customer_client):
        pages = [self.names(customer_client, sort="price_asc", limit=4, page=n) for n in (1, 2, 3)]
        assert pages == [["Apple", "banana", "Typed", "Gone"], ["Hidden", "Bare"], []]

    @pytest.mark.parametrize(
        "query, field, message",
        [
            ("sort=cheapest", "sort", "sort must be one of: newest, price_asc, price_desc, name."),
            ("sort=PRICE_ASC", "sort", "sort must be one of: newest, price_asc, price_desc, name."),
            (
                "inStock=yes",
                "inStock",
                "inStock must be 1 (only products that can be sold now) or 0.",
            ),
        ],
    )
    def test_a_bad_value_is_a_400_naming_it(self, customer_client, query, field, message):
        make_product()
        before = snapshot()

        response = customer_client.get(f"/api/products?{query}")

        assert response.status_code == 400
        assert response.json() == {
            "message": message,
            "code": "invalid",
            "errors": {field: [message]},
        }
        assert snapshot() == before

    def test_the_same_queries_for_1_and_12_products(
        self, customer_client, django_assert_max_num_queries
    ):
        make_product(types=5, images=2)
        # Not cached yet: user, catalog version, count, products (+category), types, images
        with django_assert_max_num_queries(6):
            products = customer_client.get("/api/products?sort=price_desc&inStock=1").json()
        for i in range(11):
            make_product(name=f"P{i}", types=5, images=2)
        # Factories do not move the catalog version (conftest.py): another list, not cached.
        with django_assert_max_num_queries(6):
            more = customer_client.get("/api/products?sort=name&inStock=1").json()
        assert len(products["products"]) == 1 and len(more["products"]) == 12


@pytest.mark.parametrize("sort", ["newest", "price_asc", "price_desc", "name"])
def test_a_sorted_page_is_read_from_an_index(sort):
    # shop/migrations/0010_list_sort_indexes.py, led by `sellable` in 0022: a page reads its
    # rows in the index's order instead of sorting the catalog.
    for n in range(3):
        make_product(name=f"Sorted {n}", price=None if n == 1 else f"{n}.00")
    plan = plan_at_scale(selectors.product_list(sort=sort)[24:36])
    if connection.vendor == "sqlite" and sort == "price_asc":
        # SQLite serves NULLS LAST from an index only as the order's first term: behind
        # `sellable` it sorts within the index's groups. PostgreSQL (production) reads the
        # page from product_sellable_price_asc.
        assert "product_sellable" in plan, plan
        return
    assert "product_" in plan and not sorts(plan), plan


def test_a_search_finds_word_starts_and_a_three_letter_typo_only_beside_other_words(
    customer_client,
):
    make_product(name="Geek Bar")

    found = customer_client.get("/api/products?search=geek%20b").json()["products"]
    typo = customer_client.get("/api/products?search=gek%20bar").json()["products"]
    alone = customer_client.get("/api/products?search=gek").json()["products"]

    assert [p["name"] for p in found] == ["Geek Bar"] == [p["name"] for p in typo]
    assert alone == []
