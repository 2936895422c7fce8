"""A history entry with its before and after for each kind of write through the API
(docs/api.md, Activity history), with the signed-in admin as its person."""

import json
from decimal import Decimal

import pytest

from activity.registry import CHANGED
from activity.tests.helpers import changes_of, history, latest
from orders.models import Order
from rides.tests.factories import make_ride
from tests.factories import line, make_product, placed_order, png_upload

pytestmark = pytest.mark.django_db


def _by_admin(entry, admin_user, action="changed"):
    assert entry["source"] == "api"
    assert entry["person"] == {"id": admin_user.pk, "name": admin_user.name}
    assert entry["action"] == action


def test_product_created_changed_and_deleted(admin_client_api, admin_user, media_root):
    answer = admin_client_api.post(
        "/api/products",
        {
            "name": "Pod",
            "category": "juices",
            "price": "9.99",
            "quantity": "4",
            "images": [png_upload()],
        },
        format="multipart",
    )
    assert answer.status_code == 201, answer.json()
    product_id = answer.json()["id"]

    created = history(admin_client_api, entity="product", id=product_id)
    product_entry = next(e for e in created if e["entity"] == "product")
    _by_admin(product_entry, admin_user, action="created")
    assert changes_of(product_entry)["price"] == (None, 9.99)
    assert product_entry["entityId"] == product_id and product_entry["label"] == "Pod"
    image_entry = next(e for e in created if e["entity"] == "image")
    assert image_entry["action"] == "created"
    assert changes_of(image_entry)["path"][1].endswith(".webp")

    changed = admin_client_api.put(
        f"/api/products/{product_id}", {"price": "6.25", "name": "Pod 2"}, format="multipart"
    )
    assert changed.status_code == 200
    entry = latest(admin_client_api, entity="product", id=product_id)
    _by_admin(entry, admin_user)
    assert changes_of(entry) == {"name": ("Pod", "Pod 2"), "price": (9.99, 6.25)}
    assert {c["field"]: c["label"] for c in entry["changes"]} == {"name": "Name", "price": "Price"}

    assert admin_client_api.delete(f"/api/products/{product_id}").status_code == 204
    entries = history(admin_client_api, entity="product", id=product_id)
    deleted = [e for e in entries if e["action"] == "deleted"]
    assert {e["entity"] for e in deleted} == {"product", "image"}
    assert changes_of(next(e for e in deleted if e["entity"] == "product"))["name"] == (
        "Pod 2",
        None,
    )


def test_type_price_stock_and_availability(admin_client_api, admin_user):
    product = make_product(name="Kit", types=[{"name": "Mint", "price": "5.00", "quantity": 3}])
    product_type = product.types.get()

    etag = admin_client_api.get(f"/api/products/{product.pk}").headers["ETag"]

    response = admin_client_api.put(
        f"/api/products/{product.pk}/types/{product_type.pk}",
        {"price": "5.50", "quantity": 7, "availability": False},
        format="json",
        HTTP_IF_MATCH=etag,
    )

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="type", id=product_type.pk)
    _by_admin(entry, admin_user)
    assert entry["label"] == "Kit - Mint"
    assert changes_of(entry) == {
        "price": (5.0, 5.5),
        "quantity": (3, 7),
        "availability": (True, False),
    }
    # The product's history holds its types' entries too.
    assert latest(admin_client_api, entity="product", id=product.pk)["id"] == entry["id"]


def test_image_removed(admin_client_api, admin_user):
    product = make_product(images=2)
    path = product.images.order_by("position").first().path

    response = admin_client_api.delete(
        f"/api/products/{product.pk}/images", {"imagePaths": [path]}, format="json"
    )

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="image")
    _by_admin(entry, admin_user, action="deleted")
    assert changes_of(entry) == {"path": (path, None)}


def test_category_flags(admin_client_api, admin_user):
    response = admin_client_api.patch(
        "/api/categories/party-supplies", {"ageRestricted": True}, format="json"
    )

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="category", id="party-supplies")
    _by_admin(entry, admin_user)
    assert entry["entityId"] == "party-supplies"
    assert changes_of(entry) == {"ageRestricted": (False, True)}


def test_hero_created_changed_and_reordered(admin_client_api, admin_user):
    def create(title):
        answer = admin_client_api.post(
            "/api/hero/images",
            {"title": title, "image_url": "https://cdn.example.com/a.jpg"},
            format="multipart",
        )
        assert answer.status_code == 201, answer.json()
        return answer.json()["id"]

    first, second = create("Summer"), create("Winter")
    _by_admin(latest(admin_client_api, entity="hero", id=first), admin_user, action="created")

    admin_client_api.put(f"/api/hero/images/{first}", {"title": "Summer sale"}, format="multipart")
    assert changes_of(latest(admin_client_api, entity="hero", id=first)) == {
        "title": ("Summer", "Summer sale")
    }

    response = admin_client_api.put(
        "/api/hero/images/reorder",
        {"imageOrders": [{"id": first, "display_order": 2}, {"id": second, "display_order": 1}]},
        format="json",
    )
    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="hero", id=first)
    _by_admin(entry, admin_user)
    assert changes_of(entry) == {"displayOrder": (0, 1)}


def test_user_password_set_by_an_admin_records_no_password(admin_client_api, admin_user, customer):
    response = admin_client_api.put(
        f"/api/auth/users/{customer.pk}/password",
        {"newPassword": "a-much-better-secret-77"},
        format="json",
    )

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="user", id=customer.pk)
    _by_admin(entry, admin_user)
    assert changes_of(entry) == {"password": (CHANGED, CHANGED)}
    customer.refresh_from_db()
    stored = json.dumps(history(admin_client_api))
    assert customer.password not in stored and "a-much-better-secret-77" not in stored
    assert customer.password_digest not in stored


def test_a_customer_s_own_details(customer_client, customer, admin_client_api):
    response = customer_client.patch("/api/auth/me", {"phone": "714-555-0100"}, format="json")

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="user", id=customer.pk)
    assert entry["person"] == {"id": customer.pk, "name": customer.name}
    assert changes_of(entry) == {"phone": ("", "(714) 555-0100")}


def test_settings(admin_client_api, admin_user):
    response = admin_client_api.patch(
        "/api/shop/settings", {"shopName": "New Name", "fees": {"delivery": 7.5}}, format="json"
    )

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="settings")
    _by_admin(entry, admin_user, action=entry["action"])
    before, after = changes_of(entry)["deliveryFee"]
    assert before is None or isinstance(before, float)
    assert after == 7.5 and isinstance(after, float)
    assert changes_of(entry)["shopName"][1] == "New Name"


def test_order_status_but_not_its_customer(admin_client_api, admin_user, customer_client):
    order = placed_order(customer_client, line(make_product()), option="pickup")
    assert history(admin_client_api, entity="order") == []  # placed: in the order's events

    response = admin_client_api.put(f"/api/orders/{order.pk}/complete")

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="order", id=order.pk)
    _by_admin(entry, admin_user)
    assert entry["label"] == f"Order #{order.pk}"
    assert changes_of(entry) == {"status": ("pending", "completed")}
    assert Order.objects.get(pk=order.pk).customer_name not in json.dumps(entry)


def test_ride_status(admin_client_api, admin_user, customer):
    ride = make_ride(user=customer)

    response = admin_client_api.put(
        f"/api/rides/{ride.pk}/status", {"status": "accepted"}, format="json"
    )

    assert response.status_code == 200, response.json()
    entry = latest(admin_client_api, entity="ride", id=ride.pk)
    _by_admin(entry, admin_user)
    assert entry["label"] == f"Ride #{ride.pk}"
    assert changes_of(entry) == {"status": ("pending", "accepted")}


def test_money_is_a_number(admin_client_api):
    product = make_product(price="10.00")
    admin_client_api.put(f"/api/products/{product.pk}", {"price": "12.50"}, format="multipart")

    change = latest(admin_client_api, entity="product", id=product.pk)["changes"][0]

    assert change == {
        "field": "price",
        "label": "Price",
        "before": 10.0,
        "after": 12.5,
        "money": True,
    }
    assert Decimal(str(change["after"])) == Decimal("12.50")


def test_the_first_settings_save_is_logged_as_only_what_changed(admin_client_api, admin_user):
    """The shop's first save used to be "Created settings" with every value from (empty)."""
    response = admin_client_api.patch("/api/shop/settings", {"shopName": "Corner"}, format="json")

    assert response.status_code == 200, response.json()
    entries = history(admin_client_api, entity="settings")
    assert len(entries) == 1
    assert entries[0]["action"] == "changed"
    assert set(changes_of(entries[0])) == {"shopName"}
    assert changes_of(entries[0])["shopName"][1] == "Corner"
