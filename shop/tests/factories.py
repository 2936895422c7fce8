"""Catalog rows and uploads for tests."""

import io
import re
import struct
import zlib
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from shop.models import Product, ProductImage, ProductType


def png_bytes(size=(64, 48), color=(200, 30, 30)):
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def png_upload(name="photo.png", size=(64, 48), color=(200, 30, 30)):
    return SimpleUploadedFile(name, png_bytes(size, color), content_type="image/png")


def bomb_png(name="bomb.png", side=100_000):
    """A tiny PNG whose header claims side x side pixels (10 gigapixels)."""
    data = bytearray(png_bytes((1, 1)))
    ihdr = 8 + 8  # signature, then length + "IHDR"
    data[ihdr : ihdr + 8] = struct.pack(">II", side, side)
    crc = zlib.crc32(bytes(data[ihdr - 4 : ihdr + 13]))
    data[ihdr + 13 : ihdr + 17] = struct.pack(">I", crc)
    return SimpleUploadedFile(name, bytes(data), content_type="image/png")


def make_product(
    *,
    name="Test Vape",
    description="",
    price="10.00",
    quantity=10,
    availability=True,
    category="disposables",
    types=0,
    images=0,
):
    product = Product.objects.create(
        name=name,
        description=description,
        price=Decimal(price) if price is not None else None,
        quantity=quantity,
        availability=availability,
        category_id=category,
    )
    ProductType.objects.bulk_create(
        ProductType(product=product, name=f"Type {n}", quantity=5) for n in range(types)
    )
    ProductImage.objects.bulk_create(
        ProductImage(
            product=product,
            path=f"products/p{product.pk}-{n}.webp",
            thumbnail_path=f"products/p{product.pk}-{n}-thumb.webp",
            position=n,
        )
        for n in range(images)
    )
    return product


def product_form(**overrides):
    return {
        "name": "Frosty Mango Pod",
        "description": "Mango, iced.",
        "price": "12.50",
        "availability": "true",
        "category": "disposables",
        "quantity": "7",
        **overrides,
    }


def at_open(browser, url, prefix=""):
    """The figures at open a Django admin page carries (hidden fields), as a browser posts them
    (shop/admin_forms.py)."""
    page = browser.get(url).content.decode()
    names = (f"{prefix}quantity_at_open", f"{prefix}version_at_open")
    return {name: re.search(rf'name="{name}" value="(\d+)"', page).group(1) for name in names}
