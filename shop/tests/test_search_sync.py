"""The search's tables follow every write of a product at once, on both databases
(shop/search_tables.py): a create, a rename, a deletion, a description edit, and rows
written without the services; a stock change leaves them (and SQLite's vocabulary in each
process) alone."""

import pytest
from django.core.cache import cache
from django.db import connection

from shop import search_rule, search_sqlite, search_tables
from shop.models import Product
from tests.factories import make_product

pytestmark = pytest.mark.django_db


def found(client, text):
    response = client.get("/api/products", {"search": text, "limit": 100})
    assert response.status_code == 200
    return [p["name"] for p in response.json()["products"]]


def put(client, product_id, **fields):
    etag = client.get(f"/api/products/{product_id}").headers["ETag"]
    response = client.put(
        f"/api/products/{product_id}", fields, format="multipart", HTTP_IF_MATCH=etag
    )
    assert response.status_code == 200, response.content
    return response


# Its writes commit, as a server's do: the cached list moves with the catalog version, which
# moves once a write has committed (shop/versioning.py).
@pytest.mark.django_db(transaction=True)
def test_a_write_through_the_api_is_found_at_once(admin_client_api, customer_client):
    make_product(name="Quasar Light", description="plain")
    assert found(customer_client, "quasr") == ["Quasar Light"]

    created = admin_client_api.post(
        "/api/products", {"name": "Zephyr Lamp", "category": "hemp"}, format="multipart"
    )
    assert created.status_code == 201
    lamp = created.json()["id"]
    assert found(customer_client, "zephyr") == ["Zephyr Lamp"]
    assert found(customer_client, "zephyrr lmap") == ["Zephyr Lamp"]  # a word new to the catalog

    put(admin_client_api, lamp, name="Quasar Lamp")
    assert found(customer_client, "zephyr") == []
    assert found(customer_client, "quasr") == ["Quasar Lamp", "Quasar Light"]

    put(admin_client_api, lamp, description="A glowing orb")
    assert found(customer_client, "glowing") == ["Quasar Lamp"]
    assert found(customer_client, "wing o") == ["Quasar Lamp"]  # the literal part
    put(admin_client_api, lamp, description="plain")
    assert found(customer_client, "glowing") == []

    assert admin_client_api.delete(f"/api/products/{lamp}").status_code == 204
    assert found(customer_client, "quasr") == ["Quasar Light"]
    assert found(customer_client, "lamp") == []


def test_rows_written_without_the_services_are_found_too(customer_client):
    Product.objects.bulk_create(
        Product(name=f"Nebula Pod {n}", description="glowing", category_id="juices")
        for n in range(3)
    )
    assert found(customer_client, "nebla 2") == ["Nebula Pod 2"]
    assert len(found(customer_client, "lowin")) == 3

    Product.objects.filter(name="Nebula Pod 2").update(name="Comet Pod 2")
    Product.objects.filter(name="Nebula Pod 1").delete()
    assert found(customer_client, "nebla") == ["Nebula Pod 0"]
    assert found(customer_client, "comte") == ["Comet Pod 2"]


NAMES = [
    "Geek Bar Pulse",
    "geek.bar:pulse^x`y",
    "Rock'n'Roll v2.0 (ltd)",
    'Odd "quotes" \\ back\\slash\ttab\nline',
    "Crème BRÛLÉE — Straße",
    "ΟΔΟΣ.Β ΑΣ",
    "Ben’s 500mg_x Kit",
    "İstanbul ǅemal Ⅻ ²",
]


@pytest.mark.parametrize("name", NAMES)
def test_the_tokens_hold_exactly_the_words_of_the_name(name):
    """Python's words of a name (shop/search_rule.py `words`) are those of its stored tokens,
    whatever each database's own idea of letters and case."""
    product = make_product(name=name)
    with connection.cursor() as cursor:
        cursor.execute("SELECT word FROM shop_search_word WHERE product_id = %s", [product.pk])
        tokens = [token for (token,) in cursor.fetchall()]

    held = {word for token in tokens for word in search_rule.token_words(token)}
    assert held == set(search_rule.words(name))


def test_a_name_with_unusual_letters_is_found_by_them(customer_client):
    make_product(name="ΟΔΟΣ.Β Crème BRÛLÉE", description="plain")

    assert found(customer_client, "brûlée crème") == ["ΟΔΟΣ.Β Crème BRÛLÉE"]
    assert found(customer_client, "odoσ") == []  # Python lowers a final capital sigma as ς


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the vocabulary is SQLite's")
def test_a_stock_change_keeps_the_vocabulary_a_new_word_is_added_to_it(
    admin_client_api, customer_client
):
    product = make_product(name="Quasar Light", quantity=3)
    assert found(customer_client, "quasr") == ["Quasar Light"]
    kept = search_sqlite.sqlite_vocabulary()

    put(admin_client_api, product.pk, quantity="9")
    assert found(customer_client, "quasr") == ["Quasar Light"]
    assert search_sqlite.sqlite_vocabulary() is kept

    put(admin_client_api, product.pk, name="Light Quasar")  # words the catalog has
    assert search_sqlite.sqlite_vocabulary() is kept
    put(admin_client_api, product.pk, name="Quasar Beacon")
    added = search_sqlite.sqlite_vocabulary()
    assert added is not kept and added.base is kept.base  # only the new token was read
    assert added.recent_tokens == ["beacon"]
    assert found(customer_client, "beacn") == ["Quasar Beacon"]


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="SQLite rebuilds tables to alter them")
def test_lost_triggers_are_put_back_and_the_tables_filled_again(customer_client):
    make_product(name="Quasar Light", description="a glowing orb")
    with connection.cursor() as cursor:
        for name in search_tables.SQLITE_TRIGGERS:
            cursor.execute(f"DROP TRIGGER {name}")
    make_product(name="Nebula Lamp", description="a glowing lamp")
    assert search_tables.repair(connection)
    assert not search_tables.repair(connection)

    assert found(customer_client, "nebla") == ["Nebula Lamp"]
    assert found(customer_client, "glowing") == ["Nebula Lamp", "Quasar Light"]
    Product.objects.filter(name="Nebula Lamp").delete()
    cache.clear()  # the factories do not move the catalog version
    assert found(customer_client, "glowing") == ["Quasar Light"]


def test_a_literal_text_of_any_length_or_kind(customer_client):
    """The literal part alike whether the trigram index can serve the text or not."""
    make_product(name="Lamp", description='50% off "today"_only')
    make_product(name="Kit", description="plain")

    assert found(customer_client, "0%") == ["Lamp"]
    assert found(customer_client, '"today"_') == ["Lamp"]
    assert found(customer_client, "ki") == ["Kit"]
    assert found(customer_client, 'y"_o') == ["Lamp"]
    assert found(customer_client, "%") == ["Lamp"]


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the vocabulary is SQLite's")
def test_tokens_added_past_the_limit_are_merged_into_the_rest(customer_client, monkeypatch):
    monkeypatch.setattr(search_sqlite, "MAX_RECENT_TOKENS", 2)
    make_product(name="Quasar Light")
    assert found(customer_client, "quasr") == ["Quasar Light"]
    kept = search_sqlite.sqlite_vocabulary()

    make_product(name="Nebula Lamp")
    assert found(customer_client, "nebla") == ["Nebula Lamp"]
    assert search_sqlite.sqlite_vocabulary().recent_tokens == ["nebula", "lamp"]
    make_product(name="Comet Kit")
    assert found(customer_client, "comte lmap") == []
    merged = search_sqlite.sqlite_vocabulary()
    assert merged.base is not kept.base and merged.recent_tokens == []
    assert found(customer_client, "kit comte") == ["Comet Kit"]


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the vocabulary is SQLite's")
@pytest.mark.django_db(transaction=True)
def test_a_new_worker_reads_the_tokens_before_its_first_search():
    # What gunicorn's post_worker_init starts (config/gunicorn.conf.py), on its own connection.
    make_product(name="Quasar Lantern")
    search_sqlite.clear()

    search_sqlite.read_in_background().join()

    assert search_sqlite._tokens is not None
    assert {"quasar", "lantern"} <= set(search_sqlite._tokens.base_tokens)
    # The first search then only asks for what was added since.
    assert search_sqlite.sqlite_vocabulary() is search_sqlite._tokens


# Migration 0013's starting point: the token rows and the trigger as migration 0009 made them,
# before they carried the price.
PRE_0013 = {
    "postgresql": [
        "ALTER TABLE shop_search_word DROP CONSTRAINT shop_search_word_pkey",
        "ALTER TABLE shop_search_word DROP COLUMN price",
        "ALTER TABLE shop_search_word ADD CONSTRAINT shop_search_word_pkey "
        "PRIMARY KEY (word, product_id) INCLUDE (created, category_id)",
        "CREATE OR REPLACE TRIGGER shop_search_product_name "
        "AFTER UPDATE OF name, created_at, category_id ON shop_product FOR EACH ROW "
        "WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.created_at IS DISTINCT FROM "
        "NEW.created_at OR OLD.category_id IS DISTINCT FROM NEW.category_id) "
        "EXECUTE FUNCTION shop_search_product_changed()",
    ],
    "sqlite": [
        "DROP TRIGGER shop_search_product_insert",
        "DROP TRIGGER shop_search_product_name",
        "ALTER TABLE shop_search_word DROP COLUMN price",
    ],
}


@pytest.mark.django_db(transaction=True)  # CONCURRENTLY and VACUUM run outside a transaction
def test_migration_0013_gives_the_rows_made_before_it_their_prices(customer_client):
    make_product(name="Mango Pod", price="5.00")
    make_product(name="Mango Stick", price="3.00")
    make_product(name="Mango Free", price=None)
    try:
        with connection.cursor() as cursor:
            for sql in PRE_0013[connection.vendor]:
                cursor.execute(sql)
        search_tables.add_price(connection)
        search_tables.add_price(connection)  # run again after a stop half way: no harm

        # Kept from now on, by the triggers the migration put in.
        Product.objects.filter(name="Mango Pod").update(price="1.00")
        make_product(name="Mango Kit", price="2.00")
        cache.clear()
        response = customer_client.get("/api/products", {"search": "mango", "sort": "price_asc"})
        names = [p["name"] for p in response.json()["products"]]
        assert names == ["Mango Pod", "Mango Kit", "Mango Stick", "Mango Free"]
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM shop_search_word AS w JOIN shop_product AS p "
                "ON p.id = w.product_id WHERE w.price IS NOT DISTINCT FROM p.price"
                if connection.vendor == "postgresql"
                else "SELECT count(*) FROM shop_search_word AS w JOIN shop_product AS p "
                "ON p.id = w.product_id WHERE w.price IS p.price"
            )
            assert cursor.fetchone()[0] == 8  # two tokens a product, each with its price
            if connection.vendor == "postgresql":
                cursor.execute("SELECT pg_get_indexdef('shop_search_word_pkey'::regclass)")
                assert "INCLUDE (created, category_id, price)" in cursor.fetchone()[0]
    finally:
        search_tables.uninstall(connection)
        search_tables.install(connection)
