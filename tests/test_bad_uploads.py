"""Hostile and broken uploads, through both upload endpoints (products and hero images):
every one is refused with a clear 4xx, nothing is stored, nothing is written.

What decides is the file's content, never its name or declared content type: a real image
sent as `text/html` is stored as the image it is (re-encoded to WebP), and anything Pillow
cannot open as JPEG, PNG, WebP or GIF is refused whatever it claims to be.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from hero.models import HeroImage
from shop.models import Product, ProductImage
from tests.factories import bomb_png_bytes, png_bytes


def _gif_js_polyglot():
    """A header that is both a GIF and the start of a JavaScript statement."""
    return b"GIF89a/*\x01\x00\x01\x00\x00\x00\x00;*/=1;alert(document.cookie);//" + b"\x00" * 16


BAD_FILES = {
    "text renamed .jpg": ("photo.jpg", b"just some text, not a picture", "image/jpeg", 400),
    "svg with script": (
        "logo.svg",
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        "image/svg+xml",
        400,
    ),
    "truncated png": ("cut.png", png_bytes((300, 300))[:200], "image/png", 400),
    "decompression bomb": ("bomb.png", bomb_png_bytes(30_000), "image/png", 400),
    "gif/javascript polyglot": ("x.gif", _gif_js_polyglot(), "image/gif", 400),
    "html claiming to be png": (
        "page.png",
        b"<!doctype html><script>alert(1)</script>",
        "image/png",
        400,
    ),
    "empty file": ("empty.png", b"", "image/png", 400),
    "over 10 MB": (
        "big.png",
        b"\x89PNG\r\n\x1a\n" + b"\x00" * (10 * 1024 * 1024 + 10),
        "image/png",
        413,
    ),
}


def _product_form(upload):
    return {
        "name": "Upload Probe",
        "price": "5",
        "category": "juices",
        "availability": "true",
        "images": upload,
    }


def _hero_form(upload):
    return {
        "title": "Probe",
        "alt_text": "probe",
        "display_order": "1",
        "is_active": "1",
        "image": upload,
    }


ENDPOINTS = {
    "product": (
        "/api/products",
        _product_form,
        lambda: (Product.objects.count(), ProductImage.objects.count()),
    ),
    "hero": ("/api/hero/images", _hero_form, lambda: HeroImage.objects.count()),
}


def _stored_files(media_root):
    return sorted(p for p in media_root.rglob("*") if p.is_file()) if media_root.exists() else []


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("case", BAD_FILES)
def test_bad_upload_is_refused_and_nothing_is_stored(case, endpoint, admin_client_api, media_root):
    name, content, content_type, status = BAD_FILES[case]
    path, form, count = ENDPOINTS[endpoint]
    before = count()

    response = admin_client_api.post(
        path, form(SimpleUploadedFile(name, content, content_type)), format="multipart"
    )

    assert response.status_code == status, response.content[:300]
    assert response.json()["message"]
    assert count() == before
    assert _stored_files(media_root) == []


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_real_image_with_a_wrong_content_type_is_stored_re_encoded(
    endpoint, admin_client_api, media_root, client
):
    path, form, _ = ENDPOINTS[endpoint]
    trailing_html = b"<script>alert(1)</script>"
    upload = SimpleUploadedFile("pic.png", png_bytes((32, 24)) + trailing_html, "text/html")

    response = admin_client_api.post(path, form(upload), format="multipart")

    assert response.status_code == 201, response.content[:300]
    stored = _stored_files(media_root)
    assert stored and all(p.suffix == ".webp" for p in stored)
    assert all(trailing_html not in p.read_bytes() for p in stored)
    url = response.json()["images"][0] if endpoint == "product" else response.json()["image_url"]
    served = client.get(url)
    assert served["Content-Type"] == "image/webp"
    assert served["X-Content-Type-Options"] == "nosniff"
