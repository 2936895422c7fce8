"""The Django admin for products: list, filters, search, editing stock and images."""

import pytest

from shop.models import Product, ProductImage
from shop.tests.factories import make_product, png_upload

pytestmark = pytest.mark.django_db


def test_changelist_with_filters_and_search(admin_browser):
    make_product(name="Frosty Mango", images=1)
    make_product(name="Cherry", category="juices", availability=False)

    page = admin_browser.get("/admin/shop/product/?category__id__exact=disposables&q=mango")

    assert page.status_code == 200
    content = page.content.decode()
    assert "Frosty Mango" in content and "Cherry" not in content
    assert "-thumb.webp" in content


def test_add_product_with_an_image_and_a_type(admin_browser, media_root):
    response = admin_browser.post("/admin/shop/product/add/", {
        "name": "Admin Pod", "description": "", "category": "juices", "price": "9.99", "quantity": "4",
        "availability": "on", "new_images": [png_upload()],
        "types-TOTAL_FORMS": "1", "types-INITIAL_FORMS": "0", "types-MIN_NUM_FORMS": "0", "types-MAX_NUM_FORMS": "1000",
        "types-0-name": "Mint", "types-0-price": "", "types-0-availability": "on", "types-0-quantity": "3",
    })

    assert response.status_code == 302, response.content.decode()[:2000]
    product = Product.objects.get(name="Admin Pod")
    assert product.types.get().name == "Mint"
    image = product.images.get()
    assert image.path.endswith(".webp") and (media_root / image.thumbnail_path).is_file()


def test_a_fake_image_is_refused_by_the_form(admin_browser, media_root):
    from django.core.files.uploadedfile import SimpleUploadedFile

    fake = SimpleUploadedFile("fake.jpg", b"hello", content_type="image/jpeg")
    response = admin_browser.post("/admin/shop/product/add/", {
        "name": "Fake", "category": "juices", "quantity": "0", "new_images": [fake],
        "types-TOTAL_FORMS": "0", "types-INITIAL_FORMS": "0", "types-MIN_NUM_FORMS": "0", "types-MAX_NUM_FORMS": "1000",
    })

    assert response.status_code == 200
    assert not Product.objects.exists()


def test_list_editable_stock(admin_browser):
    product = make_product(quantity=3)

    response = admin_browser.post("/admin/shop/product/", {
        "form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "1", "form-MIN_NUM_FORMS": "0", "form-MAX_NUM_FORMS": "1000",
        "form-0-id": str(product.pk), "form-0-quantity": "12", "form-0-availability": "on", "_save": "Save",
    })

    assert response.status_code == 302
    product.refresh_from_db()
    assert product.quantity == 12


def test_delete_through_the_admin_removes_files(admin_browser, media_root, django_capture_on_commit_callbacks):
    from shop import services

    product = services.product_create(name="Doomed", category="juices", uploads=[png_upload()])
    path = media_root / ProductImage.objects.get().path

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_browser.post(f"/admin/shop/product/{product.pk}/delete/", {"post": "yes"})

    assert response.status_code == 302
    assert not Product.objects.exists() and not path.exists()
