"""The permission table of docs/api.md as data: for each endpoint, the status each role
gets (anonymous, a customer who owns the order and the ride of the world, another customer,
a staff member, an admin), the body it sends and what a refused request must leave as it was.
tests/test_permission_matrix.py runs every row."""

from dataclasses import dataclass, field
from datetime import timedelta

from django.utils import timezone

from tests.factories import checkout_body, line, png_file

ROLES = ("anonymous", "customer", "other", "staff", "admin")
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
    "maxPendingUnits": 10,
    "maxPendingValue": 500,
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
        if role in ("staff", "admin"):
            assert world.owned[key] in {item["id"] for item in response.json()[key]}

    return check


def _active_heroes_only(role, response, world):
    ids = {hero["id"] for hero in response.json()}
    if role in ("customer", "other"):
        assert ids == {world.hero.id}
    if role in ("staff", "admin"):
        assert ids == {world.hero.id, world.hidden_hero.id}


def _stock_set(response):
    assert (response.json()["quantity"], response.json()["availability"]) == (7, False)


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
    Row("POST", "/api/auth/login", (200, 200, 200, 200, 200), {"password": "casey-secret-1"}),
    Row(
        "POST",
        "/api/auth/register",
        (201, 201, 201, 201, 201),
        {
            "email": "newcomer@example.com",
            "password": "brand-new-secret-7",
            "name": "New Comer",
            "registrationCode": "MATRIX-CODE",
        },
    ),
    Row("GET", "/api/auth/challenge", (200, 200, 200, 200, 200)),
    Row(
        "POST",
        "/api/auth/password-check",
        (200, 200, 200, 200, 200),
        {"password": "brand-new-secret-7"},
    ),
    Row("GET", "/api/shop/info", (200, 200, 200, 200, 200)),
    Row("GET", "/api/shop/settings", (401, 403, 403, 403, 200)),
    Row("PUT", "/api/shop/settings", (401, 403, 403, 403, 200), SETTINGS),
    Row(
        "PATCH",
        "/api/shop/settings",
        (401, 403, 403, 403, 200),
        {"pickupInstructions": "Side door"},
    ),
    Row("GET", "/api/categories", (200, 200, 200, 200, 200)),
    Row("PATCH", "/api/categories/{category}", (401, 403, 403, 403, 200), {"shippable": True}),
    Row("GET", "/api/shop/delivery-zip/{served_zip}", (200, 200, 200, 200, 200)),
    Row("GET", "/api/shop/phone-check", (200, 200, 200, 200, 200), {"phone": "714-555-0142"}),
    Row("GET", "/api/shop/delivery-times", (200, 200, 200, 200, 200), {"date": TOMORROW}),
    Row("GET", "/api/reports/sales", (401, 403, 403, 403, 200)),
    Row("GET", "/api/reports/sales.csv", (401, 403, 403, 403, 200)),
    Row("GET", "/api/activity", (401, 403, 403, 403, 200)),
    Row("GET", "/api/products", (401, 200, 200, 200, 200)),
    Row(
        "POST",
        "/api/products",
        (401, 403, 403, 403, 201),
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
    Row("GET", "/api/products/{product}", (401, 200, 200, 200, 200)),
    Row(
        "PUT",
        "/api/products/{product}",
        (401, 403, 403, 403, 200),
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
    # Staff change a product's stock count and availability, and nothing else.
    Row(
        "PUT",
        "/api/products/{product}",
        (401, 403, 403, 200, 200),
        {"quantity": "7", "availability": "false"},
        multipart=True,
        check=lambda role, response, world: _stock_set(response),
    ),
    Row("DELETE", "/api/products/{product}", (401, 403, 403, 403, 204)),
    Row(
        "DELETE",
        "/api/products/{product}/images",
        (401, 403, 403, 403, 200),
        lambda w: {"imagePaths": [w.image_url]},
    ),
    Row("GET", "/api/products/{product}/types", (401, 200, 200, 200, 200)),
    Row("GET", "/api/products/{product}/stock-moves", (401, 403, 403, 200, 200)),
    Row(
        "POST",
        "/api/products/{product}/types",
        (401, 403, 403, 403, 201),
        {"name": "Large", "availability": True, "price": 12.5, "quantity": 3},
    ),
    Row(
        "PUT",
        "/api/products/{product}/types/{product_type}",
        (401, 403, 403, 403, 200),
        {"name": "Small", "availability": True, "price": None, "quantity": 1},
    ),
    Row(
        "PUT",
        "/api/products/{product}/types/{product_type}",
        (401, 403, 403, 200, 200),
        {"availability": False, "quantity": 2},
    ),
    Row("DELETE", "/api/products/{product}/types/{product_type}", (401, 403, 403, 403, 204)),
    Row("POST", "/api/orders/checkout", (401, 201, 201, 403, 403), _checkout),
    Row("GET", "/api/orders", (401, 200, 200, 200, 200), check=_own_only("orders")),
    Row("PUT", "/api/orders/{order}/complete", (401, 403, 403, 200, 200)),
    Row("PUT", "/api/orders/{order}/cancel", (401, 403, 403, 200, 200)),
    Row("PUT", "/api/orders/{order}/ready", (401, 403, 403, 200, 200)),
    Row(
        "POST",
        "/api/orders/{order}/handover",
        (401, 403, 403, 200, 200),
        {"outcome": "failed", "reason": "Nobody home"},
    ),
    Row("GET", "/api/orders/{order}/signature", (401, 403, 403, 200, 200)),
    Row("GET", "/api/orders/deliveries", (401, 403, 403, 200, 200)),
    Row("GET", "/api/announcements", (401, 403, 403, 200, 200), {"afterOrder": 0, "afterRide": 0}),
    Row("POST", "/api/orders/quote", (401, 200, 200, 403, 403), _checkout),
    Row("GET", "/api/promotions", (401, 403, 403, 403, 200)),
    Row("GET", "/api/reports/taxes", (401, 403, 403, 403, 200)),
    Row("GET", "/api/reports/taxes.csv", (401, 403, 403, 403, 200)),
    # The records an inspector may ask for (issue 38): the N2O log is read at the counter.
    Row("GET", "/api/compliance/n2o-log", (401, 403, 403, 200, 200)),
    Row("GET", "/api/compliance/n2o-log.csv", (401, 403, 403, 200, 200)),
    Row("GET", "/api/compliance/delivery-sales", (401, 403, 403, 403, 200)),
    Row("GET", "/api/compliance/delivery-sales.csv", (401, 403, 403, 403, 200)),
    Row("GET", "/api/compliance/delivery-sales.pdf", (401, 403, 403, 403, 200)),
    Row(
        "POST",
        "/api/promotions",
        (401, 403, 403, 403, 201),
        {"code": "NEW10", "kind": "percent", "value": 10},
    ),
    Row("GET", "/api/promotions/{promotion}", (401, 403, 403, 403, 200)),
    Row("PATCH", "/api/promotions/{promotion}", (401, 403, 403, 403, 200), {"active": False}),
    Row("DELETE", "/api/promotions/{promotion}", (401, 403, 403, 403, 204)),
    Row("GET", "/api/compliance/rules", (401, 403, 403, 403, 200)),
    Row(
        "POST",
        "/api/compliance/rules",
        (401, 403, 403, 403, 201),
        {
            "name": "No chargers at the counter",
            "applies": {"attribute": "n2o"},
            "where": {"counter": True},
            "action": "block",
            "message": "Not at the counter.",
        },
    ),
    Row("GET", "/api/compliance/rules/{rule}", (401, 403, 403, 403, 200)),
    Row("PATCH", "/api/compliance/rules/{rule}", (401, 403, 403, 403, 200), {"active": False}),
    Row("DELETE", "/api/compliance/rules/{rule}", (401, 403, 403, 403, 204)),
    Row(
        "GET",
        "/api/compliance/check",
        (200, 200, 200, 200, 200),
        lambda w: {"productIds": str(w.product.id), "deliveryOption": "pickup"},
    ),
    Row(
        "PATCH",
        "/api/orders/{adjustable}/items/{adjustable_line}",
        (401, 403, 403, 200, 200),
        {"quantity": 0, "reason": "Broken"},
    ),
    Row("DELETE", "/api/orders/{adjustable}/items/{adjustable_line}", (401, 403, 403, 200, 200)),
    Row(
        "POST",
        "/api/orders/bulk",
        (401, 403, 403, 200, 200),
        lambda w: {"action": "complete", "ids": [w.order.id]},
    ),
    Row("GET", "/api/rides/settings/pricing", (200, 200, 200, 200, 200)),
    Row(
        "PUT",
        "/api/rides/settings/pricing",
        (401, 403, 403, 403, 200),
        {"description": "Flat $20 per ride."},
    ),
    Row("POST", "/api/rides", (201, 201, 201, 201, 201), RIDE),
    Row("GET", "/api/rides", (401, 200, 200, 200, 200), check=_own_only("rides")),
    Row("PUT", "/api/rides/{ride}/status", (401, 403, 403, 200, 200), {"status": "accepted"}),
    Row("DELETE", "/api/rides/{ride}", (401, 403, 403, 403, 204)),
    Row("GET", "/api/hero/images", (401, 200, 200, 200, 200), check=_active_heroes_only),
    Row(
        "POST",
        "/api/hero/images",
        (401, 403, 403, 403, 201),
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
    Row("PUT", "/api/hero/images/{hero}", (401, 403, 403, 403, 200), {"is_active": False}),
    Row("DELETE", "/api/hero/images/{hero}", (401, 403, 403, 403, 204)),
    Row(
        "PUT",
        "/api/hero/images/reorder",
        (401, 403, 403, 403, 200),
        lambda w: {"imageOrders": [{"id": w.hero.id, "display_order": 2}]},
    ),
    Row("GET", "/api/auth/me", (401, 200, 200, 200, 200)),
    Row("PATCH", "/api/auth/me", (401, 200, 200, 200, 200), {"phone": "714-555-0142"}),
    # The password is the customer's: for anyone else it is a wrong password.
    Row("DELETE", "/api/auth/me", (401, 204, 400, 400, 400), {"password": "casey-secret-1"}),
    Row(
        "PUT",
        "/api/auth/me/password",
        (401, 200, 400, 400, 400),
        {"currentPassword": "casey-secret-1", "newPassword": "fresh-pass-991"},
    ),
    Row("GET", "/api/auth/me/export", (401, 200, 200, 200, 200)),
    Row(
        "POST",
        "/api/auth/password-reset",
        (202, 202, 202, 202, 202),
        {"email": "casey@example.com"},
    ),
    Row(
        "POST",
        "/api/auth/password-reset/confirm",
        (400, 400, 400, 400, 400),
        {"token": "forged", "newPassword": "fresh-pass-991"},
    ),
    Row(
        "POST",
        "/api/auth/password-reset/check",
        (200, 200, 200, 200, 200),
        {"token": "forged"},
    ),
    Row(
        "POST",
        "/api/auth/users",
        (401, 403, 403, 403, 201),
        {
            "email": "clerk@example.com",
            "name": "Cleo Clerk",
            "password": "counter-clerk-4417",
            "role": "staff",
        },
    ),
    Row("PATCH", "/api/auth/users/{customer}", (401, 403, 403, 403, 200), {"active": False}),
    Row("DELETE", "/api/auth/users/{customer}", (401, 403, 403, 403, 204)),
    Row("GET", "/api/auth/users", (401, 403, 403, 403, 200)),
    Row(
        "PUT",
        "/api/auth/users/{customer}/password",
        (401, 403, 403, 403, 200),
        {"newPassword": "fresh-pass-991"},
    ),
    Row("GET", "/api/auth/registration-codes", (401, 403, 403, 403, 200)),
    Row("POST", "/api/auth/registration-codes", (401, 403, 403, 403, 201), {"maxUses": 5}),
    Row(
        "PATCH",
        "/api/auth/registration-codes/{registration_code}",
        (401, 403, 403, 403, 200),
        {"isActive": False},
    ),
]

# Served under /api/ but not business endpoints: the published schema and its page.
NOT_IN_MATRIX = {("GET", "/api/schema"), ("GET", "/api/docs"), ("GET", "/api/redoc")}
