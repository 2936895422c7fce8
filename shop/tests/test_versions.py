"""Every write that changes what a product answer shows moves the product's version (its
ETag) in its transaction and the catalog version once it commits; a refused write moves
neither. The tests' writes commit (transaction=True), as a server's do."""

import csv

import pytest
from django.core.management import call_command

from shop.models import Category, Product
from shop.tests.factories import at_open, product_form
from shop.versioning import catalog_version
from tests.factories import checkout_body, line, make_product, png_upload

pytestmark = pytest.mark.django_db(transaction=True)


def version_of(product):
    return Product.objects.values_list("version", flat=True).get(pk=product.pk)


@pytest.fixture
def product():
    return make_product(name="Versioned Pod", quantity=20, types=1, images=2)


def moved(product, write):
    """Run `write`; -> (product version moved by, catalog version changed)."""
    before, catalog_before = version_of(product), catalog_version()
    write()
    return version_of(product) - before, catalog_version() != catalog_before


class TestApiWrites:
    def test_create_answers_version_1_with_its_etag_and_moves_the_catalog(
        self, admin_client_api, media_root
    ):
        before = catalog_version()

        response = admin_client_api.post("/api/products", product_form(), format="multipart")

        assert response.status_code == 201
        created = Product.objects.get(pk=response.json()["id"])
        assert created.version == 1
        assert response["ETag"] == f'"{created.pk}-1"'
        assert catalog_version() != before

    def test_update_moves_the_version_and_answers_the_new_etag(self, admin_client_api, product):
        response = None

        def write():
            nonlocal response
            response = admin_client_api.put(
                f"/api/products/{product.pk}", {"name": "Renamed"}, format="multipart"
            )

        assert moved(product, write) == (1, True)
        assert response.status_code == 200
        assert response["ETag"] == f'"{product.pk}-{version_of(product)}"'

    def test_a_refused_update_moves_nothing(self, admin_client_api, product):
        def write():
            response = admin_client_api.put(
                f"/api/products/{product.pk}", {"price": "-1"}, format="multipart"
            )
            assert response.status_code == 400

        assert moved(product, write) == (0, False)

    def test_delete_moves_the_catalog(self, admin_client_api, product):
        before = catalog_version()

        assert admin_client_api.delete(f"/api/products/{product.pk}").status_code == 204

        assert catalog_version() != before

    def test_image_delete_moves_the_version(self, admin_client_api, product, media_root):
        path = product.images.first().path

        def write():
            response = admin_client_api.delete(
                f"/api/products/{product.pk}/images", {"imagePaths": [path]}, format="json"
            )
            assert response.status_code == 200
            assert response["ETag"] == f'"{product.pk}-{version_of(product)}"'

        assert moved(product, write) == (1, True)

    def test_type_create_update_delete_each_move_the_version(self, admin_client_api, product):
        url = f"/api/products/{product.pk}/types"
        created = {}

        def create():
            response = admin_client_api.post(url, {"name": "Ice", "quantity": 2}, format="json")
            assert response.status_code == 201
            created.update(response.json())

        def update():
            etag = admin_client_api.get(f"/api/products/{product.pk}").headers["ETag"]
            response = admin_client_api.put(
                f"{url}/{created['id']}", {"quantity": 9}, format="json", HTTP_IF_MATCH=etag
            )
            assert response.status_code == 200

        def delete():
            assert admin_client_api.delete(f"{url}/{created['id']}").status_code == 204

        assert [moved(product, write) for write in (create, update, delete)] == [(1, True)] * 3


class TestStock:
    def test_checkout_and_cancel_move_the_versions_of_products_and_of_types_products(
        self, customer_client, admin_client_api
    ):
        plain = make_product(name="Plain", quantity=5)
        typed = make_product(name="Typed", quantity=0, types=1)
        # The catalog factory's category (vapes) is 21+: the shopper confirms their age.
        body = checkout_body(line(plain, 2), line(typed, 1, typed.types.get()), ageConfirmed=True)
        before = {p.pk: version_of(p) for p in (plain, typed)}
        catalog_before = catalog_version()

        placed = customer_client.post("/api/orders/checkout", body, format="json")

        assert placed.status_code == 201
        assert {p.pk: version_of(p) - before[p.pk] for p in (plain, typed)} == {
            plain.pk: 1,
            typed.pk: 1,
        }
        assert catalog_version() != catalog_before
        catalog_before = catalog_version()

        order_id = placed.json()["order"]["id"]
        assert admin_client_api.put(f"/api/orders/{order_id}/cancel").status_code == 200

        assert {p.pk: version_of(p) - before[p.pk] for p in (plain, typed)} == {
            plain.pk: 2,
            typed.pk: 2,
        }
        assert catalog_version() != catalog_before

    def test_a_refused_checkout_moves_nothing(self, customer_client):
        product = make_product(name="Scarce", quantity=1)

        def write():
            body = checkout_body(line(product, 5), ageConfirmed=True)
            assert (
                customer_client.post("/api/orders/checkout", body, format="json").status_code == 409
            )

        assert moved(product, write) == (0, False)


class TestAdminAndCommands:
    def test_admin_change_form_moves_the_version(self, admin_browser, product):
        def write():
            response = admin_browser.post(
                f"/admin/shop/product/{product.pk}/change/",
                {
                    "name": "Edited in admin",
                    "description": "",
                    "category": "juices",
                    "price": "3.00",
                    "quantity": "7",
                    "availability": "on",
                    "types-TOTAL_FORMS": "0",
                    "types-INITIAL_FORMS": "0",
                    "types-MIN_NUM_FORMS": "0",
                    "types-MAX_NUM_FORMS": "1000",
                    **at_open(admin_browser, f"/admin/shop/product/{product.pk}/change/"),
                },
            )
            assert response.status_code == 302, response.content.decode()[:2000]

        product.types.all().delete()
        assert moved(product, write) == (1, True)

    def test_admin_list_editable_stock_moves_the_version(self, admin_browser):
        product = make_product(name="Listed", quantity=3)

        def write():
            response = admin_browser.post(
                "/admin/shop/product/",
                {
                    "form-TOTAL_FORMS": "1",
                    "form-INITIAL_FORMS": "1",
                    "form-MIN_NUM_FORMS": "0",
                    "form-MAX_NUM_FORMS": "1000",
                    "form-0-id": str(product.pk),
                    "form-0-quantity": "40",
                    "form-0-availability": "on",
                    "_save": "Save",
                    **at_open(admin_browser, "/admin/shop/product/", prefix="form-0-"),
                },
            )
            assert response.status_code == 302, response.content.decode()[:2000]

        assert moved(product, write) == (1, True)
        assert Product.objects.get(pk=product.pk).quantity == 40

    def test_admin_category_edit_moves_its_products_versions(self, admin_browser, product):
        category = Category.objects.get(pk=product.category_id)

        def write():
            response = admin_browser.post(
                f"/admin/shop/category/{category.pk}/change/",
                {
                    "id": category.pk,
                    "name": "Renamed category",
                    "color_class": category.color_class,
                    "description": category.description,
                    "icon": category.icon,
                    "position": category.position,
                },
            )
            assert response.status_code == 302, response.content.decode()[:2000]

        assert moved(product, write) == (1, True)

    def test_import_and_bulk_commands_move_the_catalog(self, tmp_path, media_root):
        path = tmp_path / "products.csv"
        with path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["name", "category", "types"])
            writer.writerow(["Imported", "juices", "Mint|1.00|2"])
        before = catalog_version()
        call_command("import_products", str(path), "--commit", stdout=open("/dev/null", "w"))
        after_import = catalog_version()
        call_command("bulk_products", "3", "--images", "0", stdout=open("/dev/null", "w"))

        assert before != after_import != catalog_version()


class TestEtag:
    def test_304_while_current_then_200_with_a_new_etag_after_a_change(
        self, customer_client, admin_client_api, product
    ):
        url = f"/api/products/{product.pk}"
        first = customer_client.get(url)
        etag = first["ETag"]
        assert first.status_code == 200 and etag == f'"{product.pk}-1"'

        unchanged = customer_client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert unchanged.status_code == 304 and unchanged["ETag"] == etag
        assert unchanged.content == b""

        # The product has a type, so a sale names it (a line without one is refused).
        kind = product.types.get()
        body = checkout_body(line(product, 1, kind), ageConfirmed=True)
        assert customer_client.post("/api/orders/checkout", body, format="json").status_code == 201
        changed = customer_client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert changed.status_code == 200
        assert changed["ETag"] == f'"{product.pk}-2"'
        assert changed.json()["types"][0]["quantity"] == kind.quantity - 1

    def test_weak_and_listed_tags_match_and_an_unknown_product_is_still_404(
        self, customer_client, product
    ):
        url = f"/api/products/{product.pk}"
        listed = f'"other", W/"{product.pk}-1"'

        assert customer_client.get(url, HTTP_IF_NONE_MATCH=listed).status_code == 304
        missing = customer_client.get("/api/products/999999", HTTP_IF_NONE_MATCH="*")
        assert missing.status_code == 404


def test_admin_upload_through_services_moves_the_version(admin_browser, product, media_root):
    def write():
        response = admin_browser.post(
            f"/admin/shop/product/{product.pk}/change/",
            {
                "name": product.name,
                "description": "",
                "category": product.category_id,
                "price": "10.00",
                "quantity": "20",
                "availability": "on",
                "new_images": [png_upload()],
                "types-TOTAL_FORMS": "0",
                "types-INITIAL_FORMS": "0",
                "types-MIN_NUM_FORMS": "0",
                "types-MAX_NUM_FORMS": "1000",
                **at_open(admin_browser, f"/admin/shop/product/{product.pk}/change/"),
            },
        )
        assert response.status_code == 302, response.content.decode()[:2000]

    product.types.all().delete()
    product.images.all().delete()
    delta, catalog_moved = moved(product, write)
    assert delta >= 1 and catalog_moved
    assert product.images.count() == 1
