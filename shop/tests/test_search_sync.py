"""The search reads the products as they are, on both databases (shop/search.py): a create,
a rename, a deletion, a description edit, and rows written without the services are found
as such by the very next search; every word of a name finds it, whatever its letters."""

import pytest

from shop import search
from shop.models import Product, SearchWord
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
    # Equally good matches: what can be sold first (the renamed one has no price).
    assert found(customer_client, "quasr") == ["Quasar Light", "Quasar Lamp"]

    put(admin_client_api, lamp, description="A glowing orb")
    assert found(customer_client, "glowing") == ["Quasar Lamp"]
    assert found(customer_client, "wing o") == ["Quasar Lamp"]  # the literal part
    put(admin_client_api, lamp, description="plain")
    assert found(customer_client, "glowing") == []

    assert admin_client_api.delete(f"/api/products/{lamp}").status_code == 204
    assert found(customer_client, "quasr") == ["Quasar Light"]
    assert found(customer_client, "lamp") == []


def test_rows_written_without_the_services_are_found_too(customer_client):
    """By their words and text at once; by their typos once their words are recorded (a
    new product's save, `product_update` and shop/bulk.py record them; bulk_create and
    update() do not)."""
    Product.objects.bulk_create(
        Product(name=f"Nebula Pod {n}", description="glowing", category_id="juices")
        for n in range(3)
    )
    assert found(customer_client, "nebula 2") == ["Nebula Pod 2"]
    assert len(found(customer_client, "lowin")) == 3
    search.record_words(["Nebula Pod"])
    assert found(customer_client, "nebla 2") == ["Nebula Pod 2"]

    Product.objects.filter(name="Nebula Pod 2").update(name="Comet Pod 2")
    Product.objects.filter(name="Nebula Pod 1").delete()
    assert found(customer_client, "nebla") == ["Nebula Pod 0"]
    assert found(customer_client, "comet") == ["Comet Pod 2"]
    search.record_words(["Comet Pod 2"])
    assert found(customer_client, "comte") == ["Comet Pod 2"]


def test_a_new_name_a_rename_and_a_bulk_import_record_their_words():
    from shop.bulk import bulk_create_products
    from shop.services import product_update

    product = make_product(name="Zephyr Lamp 2000")
    product_update(product_id=product.pk, name="Zephyr Orb")
    bulk_create_products(2, types=0, images=0, seed=1)

    recorded = set(SearchWord.objects.values_list("word", flat=True))
    assert {"zephyr", "lamp", "orb"} <= recorded
    for name in Product.objects.values_list("name", flat=True):
        assert {w for w in search.words(name) if not w.isdecimal()} <= recorded, name
    assert "2000" not in recorded  # a number forgives no typo


def test_a_number_forgives_no_typo(customer_client):
    make_product(name="Pod 1234 Kit5", description="plain")

    assert found(customer_client, "1234") == ["Pod 1234 Kit5"]
    assert found(customer_client, "1243") == []
    assert found(customer_client, "x1234") == []  # nor is a number found by a typo
    assert found(customer_client, "kit6") == ["Pod 1234 Kit5"]  # a word with a letter does


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
def test_every_word_of_a_name_finds_it(customer_client, name):
    """Python's words of a name (shop/search.py `words`) each find it, whatever each
    database's own idea of letters and case (PostgreSQL's trigram candidates included)."""
    make_product(name=name, description="plain")

    for word in search.words(name):
        assert found(customer_client, word) == [name], word


def test_a_name_with_unusual_letters_is_found_by_them(customer_client):
    make_product(name="ΟΔΟΣ.Β Crème BRÛLÉE", description="plain")

    assert found(customer_client, "brûlée crème") == ["ΟΔΟΣ.Β Crème BRÛLÉE"]
    assert found(customer_client, "odoσ") == []  # Python lowers a final capital sigma as ς


def test_a_literal_text_of_any_length_or_kind(customer_client):
    """The literal part alike whether the trigram index can serve the text or not."""
    make_product(name="Lamp", description='50% off "today"_only')
    make_product(name="Kit", description="plain")

    assert found(customer_client, "0%") == ["Lamp"]
    assert found(customer_client, '"today"_') == ["Lamp"]
    assert found(customer_client, "ki") == ["Kit"]
    assert found(customer_client, 'y"_o') == ["Lamp"]
    assert found(customer_client, "%") == ["Lamp"]
