"""Every row and column of the permission table in docs/api.md, as status codes (the one
permission matrix: a refused request must also leave the catalog rows as they were).

Columns: anonymous, a customer (who owns the order and the ride in the world below), another
customer, a staff member, an admin. Each case runs in a fresh world, so a successful DELETE never hides another
case: the world is made once for the file and each case runs in a savepoint, rolled back after
it (building it for each of the 200 cases cost a third of the file's time). Adding an API
endpoint without adding it here fails `test_every_endpoint_is_in_the_matrix`.
"""

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from tests.factories import png_bytes, png_file
from tests.permission_rows import MATRIX, NOT_IN_MATRIX, ROLES


class World:
    """One of everything, owned by the customer where ownership applies."""

    def __init__(self):
        from accounts.models import RegistrationCode, User
        from common.images import store_image, url_for
        from compliance.models import Rule
        from hero.models import HeroImage
        from orders.checkout import CheckoutInput, order_checkout
        from orders.models import Order
        from orders.pricing import DeliveryOption
        from promotions.models import Promotion
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
        self.staff = User.objects.create_user(
            name="Sam Staff", email="sam@example.com", password="sam-secret-1", role="staff"
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
        # The recipient's signature kept with the order (GET /api/orders/{id}/signature).
        Order.objects.filter(pk=self.order.pk).update(
            handover_signature_png=png_bytes(size=(120, 60))
        )
        candle = Product.objects.create(
            name="Candle", price="4.00", quantity=5, category_id="party-supplies"
        )
        # An order of two lines, one of which an admin may take off.
        self.adjustable = order_checkout(
            user=self.customer,
            checkout=CheckoutInput(
                lines=[
                    StockLine(product_id=self.product.id, type_id=self.product_type.id, quantity=1),
                    StockLine(product_id=candle.id, type_id=None, quantity=1),
                ],
                customer_name="Casey",
                delivery_option=DeliveryOption.PICKUP,
            ),
            notify=False,
        ).order
        self.adjustable_line = self.adjustable.items.order_by("id").first()
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
        self.registration_code = RegistrationCode.objects.create(code="WORLD-CODE")
        self.promotion = Promotion.objects.create(code="MATRIX", kind="percent", value=10)
        self.rule = Rule.objects.create(
            name="Matrix rule", attribute="alcohol", action="id_at_handover", message="Check ID."
        )
        self.owned = {"orders": self.order.id, "rides": self.ride.id}

    def user_for(self, role):
        return {
            "anonymous": None,
            "customer": self.customer,
            "other": self.other,
            "staff": self.staff,
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
