"""Input meant to break the server: NUL bytes, deep JSON, ids past 64 bits, huge bodies.
Each is a 400, 404 or 413 with a message, never a 500 (run on SQLite and PostgreSQL)."""

import json

import pytest

from common.middleware import NUL_IN_QUERY as HAS_NUL
from common.parsers import HAS_CONTROL, TOO_DEEP
from common.parsers import HAS_NUL as HAS_NUL_BODY
from orders.models import Order
from shop.models import Product
from shop.stock import CART_ITEMS_GONE
from tests.factories import make_product

pytestmark = pytest.mark.django_db

HUGE = 2**70


def deep(levels):
    return "[" * levels + "]" * levels


@pytest.fixture
def product(db):
    return make_product(name="Lamp", quantity=3)


class TestNul:
    @pytest.mark.parametrize("param", ["search", "category", "page", "sort", "inStock"])
    def test_in_the_query_string(self, customer_client, param):
        response = customer_client.get(f"/api/products?{param}=lamp%00x")

        assert response.status_code == 400
        assert response.json() == {"message": HAS_NUL, "code": "invalid"}

    def test_in_a_json_body(self, api_client):
        response = api_client.post(
            "/api/auth/login", {"password": "secret\x00secret"}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["errors"]["password"]

    def test_in_a_json_key(self, api_client):
        response = api_client.post(
            "/api/auth/login",
            data=json.dumps({"pass\x00word": "x"}),
            content_type="application/json",
        )

        # Refused by the parser whatever the view reads (common.parsers.check_text).
        assert response.status_code == 400
        assert response.json() == {
            "message": HAS_NUL_BODY,
            "code": "invalid",
            "errors": {"pass?word": [HAS_NUL_BODY]},
        }

    def test_in_a_form_field(self, admin_client_api):
        response = admin_client_api.post(
            "/api/products", {"name": "La\x00mp", "category": "disposables"}, format="multipart"
        )

        assert response.status_code == 400
        assert response.json()["errors"]["name"]
        assert not Product.objects.exists()

    def test_in_a_checkout(self, customer_client, product):
        response = customer_client.post(
            "/api/orders/checkout",
            {
                "cartItems": [{"productId": product.pk, "quantity": 1}],
                "customerName": "Nul\x00Name",
                "deliveryOption": "pickup",
            },
            format="json",
        )

        assert response.status_code == 400
        assert response.json() == {
            "message": "Null characters are not allowed.",
            "code": "invalid",
            "errors": {"customerName": ["Null characters are not allowed."]},
        }
        assert not Order.objects.exists()


SETTINGS_TEXT = ["shopName", "pickupLocation", "pickupPhone", "pickupInstructions", "deliveryArea"]


class TestControlCharacters:
    """Issue 43, item 5: one rule in the parsers, for every stored text, both databases."""

    @pytest.mark.parametrize("field", SETTINGS_TEXT)
    @pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f"])
    def test_a_shop_setting(self, admin_client_api, field, char):
        before = admin_client_api.get("/api/shop/settings").json()

        response = admin_client_api.patch(
            "/api/shop/settings", {field: f"Shop{char}name"}, format="json"
        )

        assert response.status_code == 400
        message = HAS_NUL_BODY if char == "\x00" else HAS_CONTROL
        assert response.json()["errors"] == {field: [message]}
        after = admin_client_api.get("/api/shop/settings").json()
        assert after[field] == before[field]

    def test_a_nested_value_names_its_path(self, admin_client_api):
        response = admin_client_api.patch(
            "/api/shop/settings", {"deliveryZipCodes": ["92840", "9\x0084"]}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {"deliveryZipCodes.1": [HAS_NUL_BODY]}

    def test_a_profile_edit(self, customer_client, customer):
        response = customer_client.patch("/api/auth/me", {"name": "Casey\x1b[31m"}, format="json")

        assert response.status_code == 400
        assert response.json()["errors"] == {"name": [HAS_CONTROL]}
        customer.refresh_from_db()
        assert customer.name == "Casey Customer"

    def test_a_form_field(self, admin_client_api):
        response = admin_client_api.post(
            "/api/products", {"name": "La\x08mp", "category": "disposables"}, format="multipart"
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {"name": [HAS_CONTROL]}
        assert not Product.objects.exists()

    def test_lines_still_pass_where_a_field_takes_them(self, admin_client_api):
        text = "Ring the bell.\nThen wait\tby the door.\r\nThanks"

        response = admin_client_api.patch(
            "/api/shop/settings", {"pickupInstructions": text}, format="json"
        )

        assert response.status_code == 200
        assert admin_client_api.get("/api/shop/settings").json()["pickupInstructions"] == text

    def test_the_shopper_still_buys_with_ordinary_text(self, customer_client, product):
        response = customer_client.post(
            "/api/orders/checkout",
            {
                "cartItems": [{"productId": product.pk, "quantity": 1}],
                "customerName": "Zoë O'Brien-Nguyễn",
                "deliveryOption": "pickup",
            },
            format="json",
        )

        assert response.status_code == 201


class TestDeepJson:
    @pytest.mark.parametrize("levels", [33, 2000, 30_000])
    def test_anonymous_login(self, api_client, levels):
        response = api_client.post(
            "/api/auth/login", data=deep(levels), content_type="application/json"
        )

        assert response.status_code == 400
        assert response.json()["message"] == TOO_DEEP

    def test_checkout(self, customer_client):
        response = customer_client.post(
            "/api/orders/checkout", data=deep(2000), content_type="application/json"
        )

        assert response.status_code == 400
        assert response.json()["message"] == TOO_DEEP

    def test_32_levels_are_still_parsed(self, api_client):
        response = api_client.post(
            "/api/auth/login", data=deep(32), content_type="application/json"
        )

        # Parsed, then refused as a login without a password.
        assert response.status_code == 400
        assert response.json()["message"] != TOO_DEEP


class TestHugeIds:
    @pytest.mark.parametrize(
        "method,path,message",
        [
            ("get", f"/api/products/{HUGE}", "Product not found"),
            ("put", f"/api/products/{HUGE}", "Product not found"),
            ("delete", f"/api/products/{HUGE}", "Product not found"),
            ("get", f"/api/products/{HUGE}/types", "Product not found"),
            ("put", f"/api/products/1/types/{HUGE}", "Product not found"),
            ("delete", f"/api/hero/images/{HUGE}", "Hero image not found"),
            ("put", f"/api/orders/{HUGE}/complete", "Order not found"),
            ("put", f"/api/auth/users/{HUGE}/password", "User not found"),
        ],
    )
    def test_in_the_url(self, admin_client_api, method, path, message):
        # A body every one of them would accept, so that only the id can be wrong.
        body = {"newPassword": "amber-kettle-drift-42", "name": "Lamp"}
        response = getattr(admin_client_api, method)(path, body, format="json")

        assert response.status_code == 404
        assert response.json() == {"message": message, "code": "not_found"}

    def test_hero_reorder(self, admin_client_api):
        response = admin_client_api.put(
            "/api/hero/images/reorder",
            {"imageOrders": [{"id": HUGE, "display_order": 1}]},
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["message"] == "Hero image not found"

    def test_checkout_line(self, customer_client):
        response = customer_client.post(
            "/api/orders/checkout",
            {
                "cartItems": [{"productId": HUGE, "quantity": 1}],
                "customerName": "Casey",
                "deliveryOption": "pickup",
            },
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["message"] == CART_ITEMS_GONE
        assert not Order.objects.exists()


class TestBodyLimits:
    def post(self, client, path, size, **extra):
        body = json.dumps({"password": "x" * size})
        return client.post(path, data=body, content_type="application/json", **extra)

    def test_anonymous_json_over_64_kb(self, api_client):
        response = self.post(api_client, "/api/auth/register", 70 * 1024)

        assert response.status_code == 413
        assert response.json() == {
            "message": "This request is too large (at most 64 KB here).",
            "code": "too_large",
        }

    def test_anonymous_json_under_64_kb_is_read(self, api_client):
        response = self.post(api_client, "/api/auth/login", 60 * 1024)

        # Read and judged: the password field's own limit, not the body size limit's 413.
        assert response.status_code == 400
        assert response.json()["errors"] == {
            "password": ["Ensure this field has no more than 256 characters."]
        }

    def test_signed_in_json_over_1_mb(self, customer_client):
        response = self.post(customer_client, "/api/orders/checkout", 1100 * 1024)

        assert response.status_code == 413
        assert response.json()["message"] == "This request is too large (at most 1 MB here)."

    def test_signed_in_json_under_1_mb_is_read(self, customer_client):
        response = self.post(customer_client, "/api/orders/checkout", 900 * 1024)

        # Read and judged: checkout's own first refusal, not the size limit's.
        assert response.status_code == 400
        assert response.json()["message"] == "Your cart is empty"

    def test_product_form_may_carry_five_images(self, admin_client_api, settings):
        # 11 MB: more than other JSON, within what five images need.
        response = admin_client_api.post(
            "/api/products",
            data=b"x" * (11 * 1024 * 1024),
            content_type="multipart/form-data; boundary=zzz",
        )
        assert response.status_code == 400

        too_big = admin_client_api.generic(
            "POST",
            "/api/products",
            b"",
            content_type="multipart/form-data; boundary=zzz",
            CONTENT_LENGTH=str(settings.UPLOAD_BODY_LIMIT + 1),
        )
        assert too_big.status_code == 413


def test_the_django_admin_sign_in_takes_no_upload_sized_body(client):
    client.cookies["sessionid"] = "made-up"
    response = client.generic(
        "POST",
        "/admin/login/",
        b"",
        content_type="multipart/form-data; boundary=zzz",
        CONTENT_LENGTH=str(2 * 1024 * 1024),
    )

    assert response.status_code == 413
    assert response.json()["message"] == "This request is too large (at most 64 KB here)."
