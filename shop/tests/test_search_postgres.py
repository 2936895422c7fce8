"""On PostgreSQL the search is served by the trigram GIN indexes of migration 0003, its
typos looked up among the recorded name words (shop.models.SearchWord)."""

import pytest
from django.db import connection

from shop import search
from shop.models import Product

pytestmark = [pytest.mark.django_db, pytest.mark.postgres("trigram GIN indexes")]


def test_the_indexes_serve_a_search_and_find_every_match():
    Product.objects.bulk_create(
        Product(
            name=f"Item {i} {'mango' if i % 50 == 0 else 'cherry'}",
            description=f"batch {i}",
            category_id="juices",
        )
        for i in range(3000)
    )
    # bulk_create skips Product.save: the words are recorded as shop/bulk.py does.
    search.record_words(Product.objects.values_list("name", flat=True))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE shop_product")
        # Few rows: make the planner show that the index *can* serve the query; the bench
        # shows it is chosen on its own at 100,000 products.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")  # nor walk the newest-first index
        # The query the search runs: the names holding its words or their typos, or the text.
        typos = search.typo_words(["mngo"])
        assert typos == {"mngo": ["mango"]}
        sql, params = search.postgres_candidates(
            Product.objects.all(), "mngo", typos
        ).query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())

    assert "'%MANGO%'" in plan and "product_name_trgm" in plan, plan
    assert "product_description_trgm" in plan, plan
    assert len(search.search_ids(Product.objects.all(), "MANGO")) == 60
    assert len(search.search_ids(Product.objects.all(), "mnago")) == 60
    assert search.search_ids(Product.objects.all(), "batch 2999") == [
        Product.objects.get(name="Item 2999 cherry").pk
    ]


class TestTypos:
    """Names within the typo rule, fewest edits first (shop/search.py;
    shop/tests/test_typo_search.py has the rule on both databases)."""

    @pytest.fixture
    def catalog(self):
        from tests.factories import make_product

        for name in ["Geek Bar Pulse", "Geek Bar", "Geekvape Aegis", "Mango Ice Pod", "Bar Stool"]:
            make_product(name=name, description="no match here")

    def names(self, client, search, **params):
        query = {"search": search, "limit": 100, **params}
        body = client.get("/api/products", query).json()
        return [p["name"] for p in body["products"]], body["pagination"]["totalItems"]

    def test_a_typo_finds_the_close_names(self, catalog, customer_client):
        names, total = self.names(customer_client, "gaek bar")

        assert names[:2] == ["Geek Bar", "Geek Bar Pulse"]
        assert "Mango Ice Pod" not in names and total == len(names)

    def test_closest_first_whatever_their_age(self, customer_client):
        from tests.factories import make_product

        for name in ["Nebula Vaporizer", "Nebula Vaporizers"]:  # oldest first
            make_product(name=name)

        assert self.names(customer_client, "nebula vaporizre")[0] == [
            "Nebula Vaporizer",
            "Nebula Vaporizers",
        ]

    def test_exact_words_first(self, catalog, customer_client):
        assert self.names(customer_client, "bar") == (
            ["Bar Stool", "Geek Bar", "Geek Bar Pulse"],
            3,
        )
        assert self.names(customer_client, "geek")[0][:2] == ["Geek Bar", "Geek Bar Pulse"]

    def test_the_fallback_keeps_the_category_filter_and_finds_nothing_far_off(
        self, catalog, customer_client
    ):
        assert self.names(customer_client, "gaek bar", category="hemp") == ([], 0)
        assert self.names(customer_client, "zzqx wombat") == ([], 0)

    def test_a_search_runs_on_its_first_page_only(self, catalog, customer_client):
        from django.test.utils import CaptureQueriesContext

        def searches(search, page):
            query = {"search": search, "limit": 1, "page": page}
            with CaptureQueriesContext(connection) as queries:
                body = customer_client.get("/api/products", query).json()
            ran = sum('AS "candidate"' in q["sql"] for q in queries)  # the candidates
            return body["pagination"]["totalItems"], ran

        assert searches("bar", 1) == (3, 1)
        assert searches("bar", 2) == (3, 0)
        total, ran = searches("gaek bar", 1)
        assert total >= 2 and ran == 1
        assert searches("gaek bar", 2) == (total, 0)


def _one_edit(word, letters="xe"):
    """Every word one edit from `word`: a letter deleted, replaced or inserted, or two
    neighbours swapped."""
    found = {word[:i] + word[i + 1 :] for i in range(len(word))}
    found |= {word[:i] + c + word[i + 1 :] for i in range(len(word)) for c in letters}
    found |= {word[:i] + c + word[i:] for i in range(len(word) + 1) for c in letters}
    found |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return found - {word}


def test_the_trigram_candidates_keep_every_name_within_the_rule():
    """Every typo the rule forgives finds its name through the recorded words and the
    trigram index (shop/search.py), for words of every length it treats apart."""
    names = ["Cool Mint Pod", "Frosty Mango Kit", "Nebula Lamp", "Berry Lychee", "Tropical"]
    for name in names:
        Product.objects.create(name=name, category_id="juices", price=1, quantity=1)
    every = Product.objects.all()
    for target in ["mint", "mango", "nebula", "lychee", "tropical"]:
        (name,) = [n for n in names if target in n.lower()]
        typos = {w for w in _one_edit(target) if search.allowed_edits(w)}
        if len(target) >= 8:
            typos |= {t for w in sorted(typos)[::7] for t in _one_edit(w) if len(t) >= 8}
        for typo in sorted(typos):
            if search.word_cost(typo, target) is None:
                continue  # e.g. a deletion left a word with fewer edits allowed
            ids = search.search_ids(every, typo)
            assert Product.objects.get(name=name).pk in ids, typo
