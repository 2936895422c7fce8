"""The rows, uploads and checkouts every app's tests build, in one place: products with types
and images, PNG uploads (a real one and a decompression bomb), a checkout body, a placed order
and a refused one.

Here rather than in common/testing/: these build rows of the domain apps (shop, orders), and
`common` imports no domain app.
"""

import base64
import io
import struct
import zlib
from datetime import date, timedelta
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageDraw

from common.shoptime import shop_today
from orders.models import Order
from orders.records import recorded_pairs
from shop.categories import AGE_RESTRICTED, EXCISE_TAX, NOT_SHIPPABLE
from shop.models import Category, Product, ProductImage, ProductType
from shop.regulatory import from_api
from shop.stock import sellable_refresh

CHECKOUT_URL = "/api/orders/checkout"
# A factory customer's date of birth (conftest.make_user): 21 or older on any test's day.
ADULT_BIRTH = date(1990, 5, 17)


# --- Images ------------------------------------------------------------------------------


def png_bytes(size=(64, 48), color=(200, 30, 30)):
    """A real PNG drawn with Pillow."""
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def signature_png_bytes(size=(300, 120), ink=True):
    """A signature pad's PNG: transparent, with a dark stroke drawn across it (or blank)."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    if ink:
        ImageDraw.Draw(image).line(
            [(10, size[1] - 20), (size[0] // 2, 15), (size[0] - 10, size[1] - 30)],
            fill=(20, 20, 60, 255),
            width=4,
        )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def signature_url(data):
    """`data` as the hand-over sends a signature: a PNG data URL."""
    return "data:image/png;base64," + base64.b64encode(data).decode()


def png_upload(name="photo.png", size=(64, 48), color=(200, 30, 30)):
    """A PNG as Django's test client and services take an uploaded file."""
    return SimpleUploadedFile(name, png_bytes(size, color), content_type="image/png")


def png_file(name="pic.png", size=(64, 48), color=(200, 30, 30)):
    """A PNG as an open file with a name, for DRF's APIClient multipart bodies."""
    out = io.BytesIO(png_bytes(size, color))
    out.name = name
    return out


def bomb_png_bytes(side=100_000):
    """A tiny PNG whose header claims side x side pixels (10 gigapixels by default)."""
    data = bytearray(png_bytes((1, 1)))
    ihdr = 8 + 8  # signature, then length + "IHDR"
    data[ihdr : ihdr + 8] = struct.pack(">II", side, side)
    crc = zlib.crc32(bytes(data[ihdr - 4 : ihdr + 13]))
    data[ihdr + 13 : ihdr + 17] = struct.pack(">I", crc)
    return bytes(data)


def bomb_png(name="bomb.png", side=100_000):
    return SimpleUploadedFile(name, bomb_png_bytes(side), content_type="image/png")


# --- Catalog -----------------------------------------------------------------------------


def a_category(category_id="party-supplies"):
    """A category the migrations seed; created with its seeded flags when a transactional
    test's flush emptied the table."""
    category = Category.objects.filter(pk=category_id).first()
    if category is None:
        category = Category.objects.create(
            id=category_id,
            name=category_id,
            age_restricted=category_id in AGE_RESTRICTED,
            shippable=category_id not in NOT_SHIPPABLE,
            excise_tax=category_id in EXCISE_TAX,
        )
    return category


def make_product(
    *,
    name="Test Vape",
    description="",
    price="10.00",
    quantity=10,
    availability=True,
    category="party-supplies",
    types=(),
    images=0,
    regulatory=None,
):
    """A product. The default category is neither 21+ nor unshippable, so a test meets those
    rules only on purpose (pass category="disposables" for a 21+ one). Likewise the
    first-run compliance rules: a product of a nicotine category (disposables, juices,
    pouches) is made unflavoured and on the Unflavored Tobacco List, so only a test that
    sets `regulatory` (API names: {"flavoured": True}) meets those rules.

    types: a count of plain types ("Type 0", "Type 1"..., 5 units each), or dicts of
    ProductType fields, e.g. {"name": "Mint", "price": "12.00", "quantity": 3} (10 units
    unless given). images: a count of stored image rows (paths only, no files)."""
    product = Product.objects.create(
        name=name,
        description=description,
        price=Decimal(price) if price is not None else None,
        quantity=quantity,
        availability=availability,
        category=a_category(category),
        **_regulatory_of(a_category(category), regulatory or {}),
    )
    if isinstance(types, int):
        types = [{"name": f"Type {n}", "quantity": 5} for n in range(types)]
    for fields in types:
        fields = dict(fields)
        if fields.get("price") is not None:
            fields["price"] = Decimal(fields["price"])
        ProductType.objects.create(product=product, **{"quantity": 10, **fields})
    # As the services store it (a product written past them keeps the flag it had).
    sellable_refresh([product.pk])
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


def _regulatory_of(category, regulatory):
    """The product's own regulatory fields: a nicotine category's made sellable under the
    first-run rules (unflavoured, on the list), then what the test asks (API names)."""
    values = {}
    if category.nicotine_mg > 0:
        values = {"flavoured": False, "utl_entry": "Test Brand - Original"}
    return {**values, **from_api(regulatory)}


def stock_of(row):
    """A product's or a type's units as stored now."""
    row.refresh_from_db()
    return row.quantity


# --- Checkout ----------------------------------------------------------------------------


def line(product, quantity=1, product_type=None):
    """One cart line of a checkout body."""
    return {
        "productId": product.pk,
        "productTypeId": product_type.pk if product_type is not None else None,
        "quantity": quantity,
    }


def checkout_body(*lines, option="pickup", **fields):
    """A checkout body as the React app posts it; shipping and delivery come with a valid
    address (and, for delivery, phone, ZIP code and tomorrow at 14:00)."""
    body = {"cartItems": list(lines), "customerName": "Casey Customer", "deliveryOption": option}
    if option in ("shipping", "delivery"):
        body["deliveryAddress"] = "12 Main St, Garden Grove, CA"
    if option == "shipping":
        body["shippingState"] = "CA"
    if option == "delivery":
        body.update(
            phoneNumber="714-555-0100",
            deliveryZip="92840",
            deliveryDate=(shop_today() + timedelta(days=1)).isoformat(),
            deliveryTime="14:00",
        )
    body.update(fields)
    return body


def post_checkout(client, body, status=201, **headers):
    """Post a checkout that must be answered with `status`; its answer."""
    response = client.post(CHECKOUT_URL, body, format="json", headers=headers)
    assert response.status_code == status, response.json()
    return response.json()


def placed_order(client, *lines, **fields):
    """A placed order: a checkout of these lines (and checkout_body fields) that must succeed;
    the stored Order row."""
    answer = post_checkout(client, checkout_body(*lines, **fields))
    return Order.objects.get(pk=answer["order"]["id"])


def refused_order(client, body, status=400):
    """A refused order: a checkout that must be refused with `status`, storing no order;
    its answer."""
    answer = post_checkout(client, body, status=status)
    assert Order.objects.count() == 0
    return answer


def order_with_lines(user, *lines, option="delivery", rules=(), **fields):
    """A pending order stored as a checkout stores it, built directly: `lines` are
    (product, quantity, regulatory) with the line's regulatory attributes (API names) as
    placed, `rules` the compliance rule snapshots it was placed under."""
    values = {
        "customer_name": user.name,
        "delivery_option": option,
        "phone_number": "(714) 555-0100",
        "special_instructions": "Ring twice",
        "compliance_rules": list(rules),
    }
    if option == "delivery":
        values.update(delivery_address="12 Main St, Garden Grove, CA", delivery_zip="92840")
    order = Order.objects.create(user=user, **{**values, **fields})
    recorded = recorded_pairs(order.compliance_rules)
    for product, quantity, regulatory in lines:
        order.items.create(
            product=product,
            product_name=product.name,
            unit_price=product.price,
            quantity=quantity,
            regulatory=regulatory,
            recorded=(product.pk, None) in recorded,
        )
    return order


def record_rule(*products, rule_id=7, requires=()):
    """The snapshot of a `record` rule (the N2O log's) covering `products`."""
    return {
        "id": rule_id,
        "name": "N2O sales log",
        "action": "record",
        "message": "Record the buyer's ID, home address and signature.",
        "requires": list(requires),
        "source": "California Penal Code 381e",
        "lines": [[product.pk, None] for product in products],
    }
