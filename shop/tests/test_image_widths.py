"""Each stored picture's real width is served beside it (`imageWidths`, `thumbnailWidths`), so
the client's srcset labels every file truthfully; the migration reads the widths of pictures
stored before (common.images.stored_width)."""

import pytest
from PIL import Image

from common.images import stored_width
from shop.models import ProductImage
from shop.tests.factories import product_form
from tests.factories import png_upload

pytestmark = pytest.mark.django_db


def _real_width(media_root, url):
    with Image.open(media_root / url.removeprefix("/media/")) as image:
        return image.width


def test_the_served_widths_are_the_files_own(admin_client_api, customer_client, media_root):
    uploads = [png_upload("wide.png", (2400, 1200)), png_upload("mid.png", (800, 800))]
    uploads.append(png_upload("small.png", (180, 120)))
    answer = admin_client_api.post(
        "/api/products", {**product_form(), "images": uploads}, format="multipart"
    )
    assert answer.status_code == 201

    product = customer_client.get(f"/api/products/{answer.json()['id']}").json()

    assert product["imageWidths"] == [1600, 800, 180]
    assert product["thumbnailWidths"] == [400, 400, 180]
    served = zip(
        product["images"] + product["thumbnails"],
        product["imageWidths"] + product["thumbnailWidths"],
        strict=True,
    )
    assert all(_real_width(media_root, url) == width for url, width in served)
    listed = customer_client.get("/api/products", {"search": product["name"]}).json()
    assert listed["products"][0]["imageWidths"] == [1600, 800, 180]


def test_a_picture_stored_before_has_its_width_read_from_its_file(admin_client_api, media_root):
    answer = admin_client_api.post(
        "/api/products",
        {**product_form(), "images": [png_upload("old.png", (900, 300))]},
        format="multipart",
    )
    row = ProductImage.objects.get(product_id=answer.json()["id"])

    assert (stored_width(row.path), stored_width(row.thumbnail_path)) == (900, 400)
    assert stored_width("products/missing.webp") is None
    assert stored_width("") is None
