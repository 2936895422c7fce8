"""Catalog rows and checkout bodies for order tests (tests may build shop rows directly)."""

from datetime import timedelta
from decimal import Decimal

from common.shoptime import shop_today
from orders.models import Order
from shop.categories import AGE_RESTRICTED, NOT_SHIPPABLE
from shop.models import Category, Product, ProductType

CHECKOUT_URL = "/api/orders/checkout"


def _a_category(category_id="party-supplies"):
    # The 13 categories come from a data migration, which a transactional test's flush empties.
    # The default is neither 21+ nor unshippable, so a test meets those rules only on purpose.
    category = Category.objects.filter(pk=category_id).first()
    if category is None:
        category = Category.objects.create(
            id=category_id,
            name=category_id,
            age_restricted=category_id in AGE_RESTRICTED,
            shippable=category_id not in NOT_SHIPPABLE,
        )
    return category


def make_product(
    *,
    name="Test Vape",
    price="10.00",
    quantity=10,
    availability=True,
    types=(),
    category="party-supplies",
):
    """types: dicts of ProductType fields, e.g. {"name": "Mint", "price": "12.00", "quantity": 3}."""
    product = Product.objects.create(
        name=name,
        price=Decimal(price) if price is not None else None,
        quantity=quantity,
        availability=availability,
        category=_a_category(category),
    )
    for fields in types:
        fields = dict(fields)
        if fields.get("price") is not None:
            fields["price"] = Decimal(fields["price"])
        ProductType.objects.create(product=product, **{"quantity": 10, **fields})
    return product


def line(product, quantity=1, product_type=None):
    return {
        "productId": product.pk,
        "productTypeId": product_type.pk if product_type is not None else None,
        "quantity": quantity,
    }


def checkout_body(*lines, option="pickup", **fields):
    body = {"cartItems": list(lines), "customerName": "Casey Customer", "deliveryOption": option}
    if option in ("shipping", "delivery"):
        body["deliveryAddress"] = "12 Main St, Garden Grove, CA"
    if option == "delivery":
        body.update(
            phoneNumber="714-555-0100",
            deliveryZip="92840",
            deliveryDate=(shop_today() + timedelta(days=1)).isoformat(),
            deliveryTime="14:00",
        )
    body.update(fields)
    return body


def stock_of(row):
    row.refresh_from_db()
    return row.quantity


def refused(client, body, status=400):
    """Post a checkout that must be refused with `status`, storing no order; its answer."""
    response = client.post(CHECKOUT_URL, body, format="json")
    assert response.status_code == status, response.json()
    assert Order.objects.count() == 0
    return response.json()
