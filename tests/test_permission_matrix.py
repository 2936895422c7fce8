"""Every row and column of the permission table in docs/api.md, as status codes (the one
permission matrix: a refused request must also leave the catalog rows as they were).

Columns: anonymous, a customer (who owns the order and the ride in the world below), another
customer, an admin. Each case runs in a fresh world, so a successful DELETE never hides another
case: the world is made once for the file and each case runs in a savepoint, rolled back after
it (building it for each of the 200 cases cost a third of the file's time). Adding an API
endpoint without adding it here fails `test_every_endpoint_is_in_the_matrix`.
"""

import re
from dataclasses import dataclass, field
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from tests.factories import checkout_body, line, png_file

ROLES = ("anonymous", "customer", "other", "admin")
SETTINGS = {
    "shopName": "Corner Shop",
    "pickupLocation": "1 Main St",
    "pickupPhone": "(714) 555-0142",
    "pickupInstructions": "",
    "deliveryArea": "Orange County",
    "fees": {"shipping": 8, "delivery": 20},
    "freeFrom": {"shipping": 60, "delivery": None},
    "deliveryZipCodes": ["92840"],
    "deliveryHours": {"start": "10:00", "end": "20:00"},
    "deliveryLeadMinutes": 120,
    "deliveryMaxDaysAhead": 30,
    "deliveryHourlyCapacity": 0,
    "lowStockThreshold": 3,
    "maxUnitsPerLine": 10,
    "maxPendingOrders": 3,
    "pendingHoldHours": 48,
}
TOMORROW = (timezone.localdate() + timedelta(days=2)).isoformat()


@dataclass
class Row:
    method: str
    path: str  # placeholders in braces name attributes of the world
    codes: tuple  # one status per ROLES entry
    body: object = None  # dict, or a callable(world) -> dict
    multipart: bool = False
    check: object = None  # optional callable(role, response, world) for what a status can't show
    ids: dict = field(default_factory=dict)


def _own_only(key):
    def check(role, response, world):
        if role in ("customer", "other"):
            ids = {item["id"] for item in response.json()[key]}
            owned = world.owned[key]
            assert (owned in ids) == (role == "customer"), f"{role} list of {key}: {ids}"
        if role == "admin":
            assert world.owned[key] in {item["id"] for item in response.json()[key]}

    return check


def _active_heroes_only(role, response, world):
    ids = {hero["id"] for hero in response.json()}
    if role in ("customer", "other"):
        assert ids == {world.hero.id}
    if role == "admin":
        assert ids == {world.hero.id, world.hidden_hero.id}


def _checkout(world):
    return checkout_body(line(world.product, 1, world.product_type), customerName="Matrix Shopper")


RIDE = {
    "name": "Rider",
    "phone": "714-555-0100",
    "address": "1 Main St, Anaheim",
    "dropoffAddress": "2 Elm St, Irvine",
    "pickupDate": TOMORROW,
    "pickupTime": "10:00",
    "itemDescription": "A sofa",
}

MATRIX = [
    Row("POST", "/api/auth/login", (200, 200, 200, 200), {"password": "casey-secret-1"}),
    Row(
        "POST",
        "/api/auth/register",
        (201, 201, 201, 201),
        {
            "email": "newcomer@example.com",
            "password": "brand-new-secret-7",
            "name": "New Comer",
            "registrationCode": "MATRIX-CODE",
        },
    ),
    Row(
        "POST",
        "/api/auth/password-check",
        (200, 200, 200, 200),
        {"password": "brand-new-secret-7"},
    ),
    Row("GET", "/api/shop/info", (200, 200, 200, 200)),
    Row("GET", "/api/shop/settings", (401, 403, 403, 200)),
    Row("PUT", "/api/shop/settings", (401, 403, 403, 200), SETTINGS),
    Row("PATCH", "/api/shop/settings", (401, 403, 403, 200), {"pickupInstructions": "Side door"}),
    Row("GET", "/api/categories", (200, 200, 200, 200)),
    Row("PATCH", "/api/categories/{category}", (401, 403, 403, 200), {"shippable": True}),
    Row("GET", "/api/shop/delivery-zip/{served_zip}", (200, 200, 200, 200)),
    Row("GET", "/api/shop/phone-check", (200, 200, 200, 200), {"phone": "714-555-0142"}),
    Row("GET", "/api/shop/delivery-times", (200, 200, 200, 200), {"date": TOMORROW}),
    Row("GET", "/api/reports/sales", (401, 403, 403, 200)),
    Row("GET", "/api/reports/sales.csv", (401, 403, 403, 200)),
    Row("GET", "/api/activity", (401, 403, 403, 200)),
    Row("GET", "/api/products", (401, 200, 200, 200)),
    Row(
        "POST",
        "/api/products",
        (401, 403, 403, 201),
        lambda w: {
            "name": "Matrix Lamp",
            "price": "9.50",
            "category": "party-supplies",
            "availability": "true",
            "quantity": "2",
            "images": png_file(size=(40, 30)),
        },
        multipart=True,
    ),
    Row("GET", "/api/products/{product}", (401, 200, 200, 200)),
    Row(
        "PUT",
        "/api/products/{product}",
        (401, 403, 403, 200),
        lambda w: {
            "name": "Renamed",
            "price": "11",
            "category": "juices",
            "availability": "true",
            "quantity": "4",
            "existingImages": "[]",
        },
        multipart=True,
    ),
    Row("DELETE", "/api/products/{product}", (401, 403, 403, 204)),
    Row(
        "DELETE",
        "/api/products/{product}/images",
        (401, 403, 403, 200),
        lambda w: {"imagePaths": [w.image_url]},
    ),
    Row("GET", "/api/products/{product}/types", (401, 200, 200, 200)),
    Row("GET", "/api/products/{product}/stock-moves", (401, 403, 403, 200)),
    Row(
        "POST",
        "/api/products/{product}/types",
        (401, 403, 403, 201),
        {"name": "Large", "availability": True, "price": 12.5, "quantity": 3},
    ),
    Row(
        "PUT",
        "/api/products/{product}/types/{product_type}",
        (401, 403, 403, 200),
        {"name": "Small", "availability": True, "price": None, "quantity": 1},
    ),
    Row("DELETE", "/api/products/{product}/types/{product_type}", (401, 403, 403, 204)),
    Row("POST", "/api/orders/checkout", (401, 201, 201, 403), _checkout),
    Row("GET", "/api/orders", (401, 200, 200, 200), check=_own_only("orders")),
    Row("PUT", "/api/orders/{order}/complete", (401, 403, 403, 200)),
    Row("PUT", "/api/orders/{order}/cancel", (401, 403, 403, 200)),
    Row(
        "POST",
        "/api/orders/bulk",
        (401, 403, 403, 200),
        lambda w: {"action": "complete", "ids": [w.order.id]},
    ),
    Row("GET", "/api/rides/settings/pricing", (200, 200, 200, 200)),
    Row(
        "PUT",
        "/api/rides/settings/pricing",
        (401, 403, 403, 200),
        {"description": "Flat $20 per ride."},
    ),
    Row("POST", "/api/rides", (201, 201, 201, 201), RIDE),
    Row("GET", "/api/rides", (401, 200, 200, 200), check=_own_only("rides")),
    Row("PUT", "/api/rides/{ride}/status", (401, 403, 403, 200), {"status": "accepted"}),
    Row("DELETE", "/api/rides/{ride}", (401, 403, 403, 204)),
    Row("GET", "/api/hero/images", (401, 200, 200, 200), check=_active_heroes_only),
    Row(
        "POST",
        "/api/hero/images",
        (401, 403, 403, 201),
        lambda w: {
            "title": "Sale",
            "description": "",
            "alt_text": "Sale banner",
            "display_order": "1",
            "is_active": "1",
            "image_url": "https://example.com/sale.jpg",
        },
        multipart=True,
    ),
    Row("PUT", "/api/hero/images/{hero}", (401, 403, 403, 200), {"is_active": False}),
    Row("DELETE", "/api/hero/images/{hero}", (401, 403, 403, 204)),
    Row(
        "PUT",
        "/api/hero/images/reorder",
        (401, 403, 403, 200),
        lambda w: {"imageOrders": [{"id": w.hero.id, "display_order": 2}]},
    ),
    Row("GET", "/api/auth/me", (401, 200, 200, 200)),
    Row("PATCH", "/api/auth/me", (401, 200, 200, 200), {"phone": "714-555-0142"}),
    # The password is the customer's: for anyone else it is a wrong password.
    Row("DELETE", "/api/auth/me", (401, 204, 400, 400), {"password": "casey-secret-1"}),
    Row(
        "PUT",
        "/api/auth/me/password",
        (401, 200, 400, 400),
        {"currentPassword": "casey-secret-1", "newPassword": "fresh-pass-991"},
    ),
    Row("GET", "/api/auth/me/export", (401, 200, 200, 200)),
    Row("POST", "/api/auth/password-reset", (202, 202, 202, 202), {"email": "casey@example.com"}),
    Row(
        "POST",
        "/api/auth/password-reset/confirm",
        (400, 400, 400, 400),
        {"token": "forged", "newPassword": "fresh-pass-991"},
    ),
    Row("DELETE", "/api/auth/users/{customer}", (401, 403, 403, 204)),
    Row("GET", "/api/auth/users", (401, 403, 403, 200)),
    Row(
        "PUT",
        "/api/auth/users/{customer}/password",
        (401, 403, 403, 200),
        {"newPassword": "fresh-pass-991"},
    ),
]

# Served under /api/ but not business endpoints: the published schema and its page.
NOT_IN_MATRIX = {("GET", "/api/schema"), ("GET", "/api/docs"), ("GET", "/api/redoc")}


class World:
    """One of everything, owned by the customer where ownership applies."""

    def __init__(self):
        from accounts.models import RegistrationCode, User
        from common.images import store_image, url_for
        from hero.models import HeroImage
        from orders.checkout import CheckoutInput, order_checkout
        from orders.pricing import DeliveryOption
        from rides.models import Ride
        from shop.models import Product, ProductImage, ProductType
        from shop.stock import StockLine

        self.customer = User.objects.create_user(
            name="Casey Customer", email="casey@example.com", password="casey-secret-1"
        )
        self.other = User.objects.create_user(
            name="Olive Other", email="olive@example.com", password="olive-secret-1"
        )
        self.admin = User.objects.create_user(
            name="Ada Admin",
            email="ada@example.com",
            password="ada-secret-1",
            is_staff=True,
            is_superuser=True,
        )
        RegistrationCode.objects.create(code="MATRIX-CODE")
        self.product = Product.objects.create(
            name="Lamp", price="10.00", quantity=20, category_id="party-supplies"
        )
        self.product_type = ProductType.objects.create(
            product=self.product, name="Blue", quantity=5
        )
        stored = store_image(png_file(size=(40, 30)), folder="products", max_side=1600)
        ProductImage.objects.create(
            product=self.product, path=stored.path, thumbnail_path=stored.thumbnail_path or ""
        )
        self.image_url = url_for(stored.path)
        self.category = self.product.category
        self.served_zip = SimpleNamespace(id="92840")
        self.order = order_checkout(
            user=self.customer,
            checkout=CheckoutInput(
                lines=[
                    StockLine(product_id=self.product.id, type_id=self.product_type.id, quantity=1)
                ],
                customer_name="Casey",
                delivery_option=DeliveryOption.PICKUP,
            ),
            notify=False,
        ).order
        self.ride = Ride.objects.create(
            user=self.customer,
            name="Casey",
            phone="714-555-0101",
            address="1 A St",
            dropoff_address="2 B St",
            pickup_date=timezone.localdate() + timedelta(days=1),
            pickup_time="09:00",
            item_description="Boxes",
        )
        self.hero = HeroImage.objects.create(
            title="Hello", external_url="https://example.com/a.jpg", display_order=0
        )
        self.hidden_hero = HeroImage.objects.create(
            title="Hidden",
            external_url="https://example.com/b.jpg",
            display_order=1,
            is_active=False,
        )
        self.owned = {"orders": self.order.id, "rides": self.ride.id}

    def user_for(self, role):
        return {
            "anonymous": None,
            "customer": self.customer,
            "other": self.other,
            "admin": self.admin,
        }[role]


@pytest.fixture(scope="module")
def world_media(tmp_path_factory):
    return tmp_path_factory.mktemp("matrix-media")


def _media_settings(folder):
    """conftest.py's media_root settings, on `folder`."""
    from django.conf import settings

    storage = {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": folder, "base_url": "/media/"},
    }
    return {"STORAGES": {**settings.STORAGES, "default": storage}, "MEDIA_ROOT": folder}


@pytest.fixture
def media_root(settings, world_media):
    """The world's media folder, for each case: a file a case deletes stays deleted, which
    no case reads."""
    for name, value in _media_settings(world_media).items():
        setattr(settings, name, value)
    return world_media


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, world_media):
    """The world, in a transaction that stays open for the file: each case's `db` fixture
    runs it in a savepoint inside this one and rolls that back."""
    from django.db import transaction
    from django.test import override_settings

    with (
        django_db_blocker.unblock(),
        override_settings(
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
            **_media_settings(world_media),
        ),
        transaction.atomic(),
    ):
        yield World()
        transaction.set_rollback(True)


def _url(row, world):
    return re.sub(r"\{(\w+)\}", lambda m: str(getattr(world, m.group(1)).id), row.path)


@pytest.mark.parametrize("role_index", range(len(ROLES)), ids=ROLES)
@pytest.mark.parametrize("row", MATRIX, ids=[f"{row.method} {row.path}" for row in MATRIX])
def test_permission_matrix(row, role_index, world, db, client_for, api_client, media_root):
    from shop.models import Product

    role = ROLES[role_index]
    user = world.user_for(role)
    client = client_for(user) if user else api_client
    body = row.body(world) if callable(row.body) else row.body
    kwargs = {"format": "multipart"} if row.multipart else {"format": "json"}
    if row.method in ("PUT", "DELETE") and row.path.startswith("/api/products/"):
        # As the admin app does: writes name the product version they were based on.
        from shop.versioning import product_etag

        current = Product.objects.get(pk=world.product.pk)
        kwargs["HTTP_IF_MATCH"] = product_etag(current.pk, current.version)

    response = getattr(client, row.method.lower())(_url(row, world), body, **kwargs)

    assert response.status_code == row.codes[role_index], (role, response.content[:300])
    if response.status_code >= 400:
        assert response.json()["message"]
    if response.status_code in (401, 403):
        # A refused request changes no catalog row.
        product = Product.objects.get(pk=world.product.pk)
        assert (product.name, product.types.count(), product.images.count()) == ("Lamp", 1, 1)
    if row.check and response.status_code == 200:
        row.check(role, response, world)


def _api_operations():
    """(method, path) for every view under /api/, placeholders as {}, trailing-slash twins once."""
    operations = set()

    def walk(patterns, prefix):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern) and route.startswith("api/") and "^" not in route:
                cls = getattr(pattern.callback, "cls", None)
                path = "/" + re.sub(r"<[^>]+>", "{}", route).rstrip("/")
                for method in ("get", "post", "put", "patch", "delete"):
                    if cls is not None and hasattr(cls, method):
                        operations.add((method.upper(), path))

    walk(get_resolver().url_patterns, "")
    return operations


def test_every_endpoint_is_in_the_matrix():
    in_matrix = {(row.method, re.sub(r"\{\w+\}", "{}", row.path)) for row in MATRIX}

    served = _api_operations() - NOT_IN_MATRIX

    assert served - in_matrix == set(), "endpoints missing from the permission matrix"
    assert in_matrix - served == set(), "matrix rows for endpoints that do not exist"


@pytest.mark.django_db
def test_every_status_of_the_matrix_is_documented_in_the_schema(client):
    """The OpenAPI schema (what clients and the fuzzer read) lists each answer the matrix sees."""
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    documented = {
        (method.upper(), re.sub(r"\{\w+\}", "{}", path)): set(operation["responses"])
        for path, operations in paths.items()
        for method, operation in operations.items()
    }
    missing = []
    for row in MATRIX:
        key = (row.method, re.sub(r"\{\w+\}", "{}", row.path))
        for code in set(row.codes):
            if str(code) not in documented.get(key, set()):
                missing.append(f"{row.method} {row.path} {code}")

    assert missing == []
