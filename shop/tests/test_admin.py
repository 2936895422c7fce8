"""The Django admin for products: list, filters, search, editing stock and images."""

import re

import pytest

from shop import services
from shop.models import Category, Product, ProductImage, ProductType
from shop.preconditions import STALE
from tests.factories import make_product, png_upload
from tests.test_stale_writes import buy

pytestmark = pytest.mark.django_db


def test_changelist_with_filters_and_search(admin_browser):
    make_product(name="Frosty Mango", images=1, category="disposables")
    make_product(name="Cherry", category="juices", availability=False)

    page = admin_browser.get("/admin/shop/product/?category__id__exact=disposables&q=mango")

    assert page.status_code == 200
    content = page.content.decode()
    assert "Frosty Mango" in content and "Cherry" not in content
    assert "-thumb.webp" in content


def test_add_product_with_an_image_and_a_type(admin_browser, media_root):
    response = admin_browser.post(
        "/admin/shop/product/add/",
        {
            "name": "Admin Pod",
            "description": "",
            "category": "juices",
            "price": "9.99",
            "quantity": "4",
            "availability": "on",
            "new_images": [png_upload()],
            "types-TOTAL_FORMS": "1",
            "types-INITIAL_FORMS": "0",
            "types-MIN_NUM_FORMS": "0",
            "types-MAX_NUM_FORMS": "1000",
            "types-0-name": "Mint",
            "types-0-price": "",
            "types-0-availability": "on",
            "types-0-quantity": "3",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    product = Product.objects.get(name="Admin Pod")
    assert product.types.get().name == "Mint"
    image = product.images.get()
    assert image.path.endswith(".webp") and (media_root / image.thumbnail_path).is_file()


def test_a_fake_image_is_refused_by_the_form(admin_browser, media_root):
    from django.core.files.uploadedfile import SimpleUploadedFile

    fake = SimpleUploadedFile("fake.jpg", b"hello", content_type="image/jpeg")
    response = admin_browser.post(
        "/admin/shop/product/add/",
        {
            "name": "Fake",
            "category": "juices",
            "quantity": "0",
            "new_images": [fake],
            "types-TOTAL_FORMS": "0",
            "types-INITIAL_FORMS": "0",
            "types-MIN_NUM_FORMS": "0",
            "types-MAX_NUM_FORMS": "1000",
        },
    )

    assert response.status_code == 200
    assert not Product.objects.exists()


def hidden(page, name):
    match = re.search(rf'name="{name}" value="(\d+)"', page.content.decode())
    assert match, f"no hidden {name} on the page"
    return match.group(1)


def list_row(page, product, **fields):
    """The list's form for one row, with the figures the page showed, as a browser posts it."""
    return {
        "form-TOTAL_FORMS": "1",
        "form-INITIAL_FORMS": "1",
        "form-MIN_NUM_FORMS": "0",
        "form-MAX_NUM_FORMS": "1000",
        "form-0-id": str(product.pk),
        "form-0-quantity_at_open": hidden(page, "form-0-quantity_at_open"),
        "form-0-version_at_open": hidden(page, "form-0-version_at_open"),
        "form-0-availability": "on",
        "_save": "Save",
        **fields,
    }


def test_list_editable_stock_goes_through_the_service(admin_browser):
    product = make_product(quantity=3)
    page = admin_browser.get("/admin/shop/product/")

    response = admin_browser.post(
        "/admin/shop/product/", list_row(page, product, **{"form-0-quantity": "12"})
    )

    assert response.status_code == 302
    product.refresh_from_db()
    assert (product.quantity, product.version) == (12, 2)


@pytest.mark.django_db(transaction=True)
def test_the_list_saves_outside_a_test_transaction(admin_browser):
    # As in production: no transaction around the request but the admin's own, so the rows'
    # locks must be taken inside one (PostgreSQL refuses SELECT ... FOR UPDATE otherwise).
    product = make_product(quantity=3)
    page = admin_browser.get("/admin/shop/product/")

    response = admin_browser.post(
        "/admin/shop/product/", list_row(page, product, **{"form-0-quantity": "12"})
    )

    assert response.status_code == 302
    assert Product.objects.get(pk=product.pk).quantity == 12


def test_list_editable_stock_over_a_sale_is_refused(admin_browser, customer_client):
    product = make_product(name="Lamp", quantity=9)
    page = admin_browser.get("/admin/shop/product/")
    buy(customer_client, product, 3)

    response = admin_browser.post(
        "/admin/shop/product/", list_row(page, product, **{"form-0-quantity": "20"})
    )

    assert response.status_code == 200
    assert "The stock changed from 9 to 6 since you opened this page" in response.content.decode()
    assert Product.objects.get(pk=product.pk).quantity == 6


def test_a_list_row_changed_by_another_admin_is_refused(admin_browser):
    product = make_product(name="Lamp", quantity=9)
    page = admin_browser.get("/admin/shop/product/")
    services.product_update(product_id=product.pk, description="Brass")

    response = admin_browser.post(
        "/admin/shop/product/",
        list_row(page, product, **{"form-0-quantity": "9", "form-0-availability": ""}),
    )

    assert response.status_code == 200
    assert STALE in response.content.decode()
    assert Product.objects.get(pk=product.pk).availability is True


def test_a_list_post_without_the_figures_at_open_changes_nothing(admin_browser):
    product = make_product(quantity=3)
    page = admin_browser.get("/admin/shop/product/")
    form = list_row(page, product, **{"form-0-quantity": "12"})
    del form["form-0-version_at_open"]

    response = admin_browser.post("/admin/shop/product/", form)

    assert response.status_code == 200
    assert Product.objects.get(pk=product.pk).quantity == 3


def change_form(page, product, **fields):
    return {
        "name": product.name,
        "description": product.description,
        "category": product.category_id,
        "price": "10.00",
        "quantity": str(product.quantity),
        "quantity_at_open": hidden(page, "quantity_at_open"),
        "version_at_open": hidden(page, "version_at_open"),
        "availability": "on",
        "types-TOTAL_FORMS": "0",
        "types-INITIAL_FORMS": "0",
        "types-MIN_NUM_FORMS": "0",
        "types-MAX_NUM_FORMS": "1000",
        **fields,
    }


def test_types_are_added_changed_and_deleted_in_one_save(admin_browser):
    product = make_product(name="Pod", quantity=0, types=2)
    keep, drop = product.types.order_by("id")
    url = f"/admin/shop/product/{product.pk}/change/"
    page = admin_browser.get(url)
    rows = {}
    for n, kind in enumerate((keep, drop)):
        rows.update(
            {
                f"types-{n}-id": str(kind.pk),
                f"types-{n}-product": str(product.pk),
                f"types-{n}-name": "Ice" if kind == keep else kind.name,
                f"types-{n}-price": "",
                f"types-{n}-availability": "on",
                f"types-{n}-quantity": "8" if kind == keep else "5",
                f"types-{n}-quantity_at_open": hidden(page, f"types-{n}-quantity_at_open"),
            }
        )
    rows.update(
        {
            "types-1-DELETE": "on",
            "types-2-name": "Berry",
            "types-2-price": "11.00",
            "types-2-availability": "on",
            "types-2-quantity": "4",
            "types-TOTAL_FORMS": "3",
            "types-INITIAL_FORMS": "2",
        }
    )

    response = admin_browser.post(url, change_form(page, product, **rows))

    assert response.status_code == 302, response.content.decode()[:3000]
    assert sorted(ProductType.objects.filter(product=product).values_list("name", "quantity")) == [
        ("Berry", 4),
        ("Ice", 8),
    ]
    assert Product.objects.get(pk=product.pk).version == 2  # one write, one version


def test_a_product_page_changed_by_another_admin_is_refused(admin_browser):
    product = make_product(name="Lamp", description="Old words")
    url = f"/admin/shop/product/{product.pk}/change/"
    page = admin_browser.get(url)
    services.product_update(product_id=product.pk, price="12.00")

    response = admin_browser.post(url, change_form(page, product, description="New words"))

    assert response.status_code == 200
    assert STALE in response.content.decode()
    assert Product.objects.get(pk=product.pk).description == "Old words"


def test_images_removed_and_added_in_one_save(
    admin_browser, media_root, django_capture_on_commit_callbacks
):
    product = services.product_create(
        name="Lamp", category="juices", quantity=1, uploads=[png_upload()]
    )
    old = ProductImage.objects.get(product=product)
    url = f"/admin/shop/product/{product.pk}/change/"
    page = admin_browser.get(url)

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_browser.post(
            url,
            change_form(
                page,
                product,
                remove_images=[str(old.pk)],
                new_images=[png_upload(color=(0, 90, 200))],
            ),
        )

    assert response.status_code == 302
    (image,) = ProductImage.objects.filter(product=product)
    assert image.path != old.path and (media_root / image.path).is_file()
    assert not (media_root / old.path).exists()
    assert Product.objects.get(pk=product.pk).version == 2


def test_a_category_page_moves_its_products_versions(admin_browser):
    product = make_product(category="juices")
    category = Category.objects.get(pk="juices")

    response = admin_browser.post(
        "/admin/shop/category/juices/change/",
        {
            "id": "juices",
            "name": "Juices and more",
            "color_class": category.color_class,
            "description": category.description,
            "icon": category.icon,
            "position": str(category.position),
            "shippable": "on",
        },
    )

    assert response.status_code == 302
    assert Category.objects.get(pk="juices").name == "Juices and more"
    assert Product.objects.get(pk=product.pk).version == 2


def test_delete_through_the_admin_removes_files(
    admin_browser, media_root, django_capture_on_commit_callbacks
):
    product = services.product_create(name="Doomed", category="juices", uploads=[png_upload()])
    path = media_root / ProductImage.objects.get().path

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_browser.post(f"/admin/shop/product/{product.pk}/delete/", {"post": "yes"})

    assert response.status_code == 302
    assert not Product.objects.exists() and not path.exists()
