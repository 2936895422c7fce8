"""The customer's own account: profile, password, export, closing it (docs/api.md, "Accounts")."""

import json

import pytest

from accounts.models import User
from accounts.people import LAST_ADMIN
from accounts.services import DELETED_EMAIL, WRONG_CURRENT_PASSWORD
from orders.models import Order
from rides.models import Ride
from rides.tests.factories import make_ride
from shop.models import StockMove
from tests.factories import checkout_body, line, make_product

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "larch-velvet-harbor-92"


def signed_in(client, token):
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.get("/api/auth/me").status_code == 200


PROFILE = {
    "name": "Casey C.",
    "phone": "714 555 0142",
    "deliveryAddress": "12 Main St, Garden Grove, CA",
    "deliveryZip": "92840",
}


class TestProfile:
    def test_me_keeps_its_fields_and_adds_the_details(self, customer_client, customer):
        body = customer_client.get("/api/auth/me").json()

        assert body == {
            "id": customer.pk,
            "name": "Casey Customer",
            "email": "casey@example.com",
            "role": "customer",
            "phone": "",
            "deliveryAddress": "",
            "deliveryZip": "",
            "dateOfBirth": "1990-05-17",
        }

    def test_patch_saves_the_details_in_checkouts_form(self, customer_client, customer):
        response = customer_client.patch("/api/auth/me", PROFILE, format="json")

        assert response.status_code == 200
        assert response.json()["phone"] == "(714) 555-0142"
        customer.refresh_from_db()
        assert (
            customer.name,
            customer.phone,
            customer.delivery_address,
            customer.delivery_zip,
        ) == (
            "Casey C.",
            "(714) 555-0142",
            "12 Main St, Garden Grove, CA",
            "92840",
        )
        # Only the fields named change.
        customer_client.patch("/api/auth/me", {"deliveryZip": ""}, format="json")
        customer.refresh_from_db()
        assert (customer.name, customer.delivery_zip) == ("Casey C.", "")

    @pytest.mark.parametrize(
        "field,value,message",
        [
            ("phone", "12", "Please enter a valid phone number"),
            ("deliveryZip", "9284", "Please enter a valid 5-digit ZIP code"),
            ("deliveryZip", "ABCDE", "Please enter a valid 5-digit ZIP code"),
            ("deliveryZip", "928401", "Please enter a valid 5-digit ZIP code"),
            ("name", "", "Name is required"),
        ],
    )
    def test_bad_details_are_refused(self, customer_client, customer, field, value, message):
        response = customer_client.patch("/api/auth/me", {field: value}, format="json")

        assert response.status_code == 400
        assert response.json()["errors"][field] == [message]

    def test_the_saved_details_pass_checkout(self, customer_client, customer):
        customer_client.patch("/api/auth/me", PROFILE, format="json")
        me = customer_client.get("/api/auth/me").json()
        product = make_product()
        body = checkout_body(
            line(product),
            option="delivery",
            customerName=me["name"],
            phoneNumber=me["phone"],
            deliveryAddress=me["deliveryAddress"],
            deliveryZip=me["deliveryZip"],
        )

        response = customer_client.post("/api/orders/checkout", body, format="json")

        assert response.status_code == 201, response.json()


class TestOwnPassword:
    def url(self):
        return "/api/auth/me/password"

    def test_change_keeps_this_session_and_signs_out_the_others(
        self, client_for, customer, api_client
    ):
        this, other = client_for(customer), client_for(customer)

        response = this.put(
            self.url(),
            {"currentPassword": "casey-secret-1", "newPassword": NEW_PASSWORD},
            format="json",
        )

        assert response.status_code == 200, response.json()
        assert response.json()["message"] == "Password updated successfully"
        assert signed_in(api_client, response.json()["token"])
        assert other.get("/api/auth/me").status_code == 401
        customer.refresh_from_db()
        assert customer.check_password(NEW_PASSWORD)

    def test_a_wrong_current_password_is_refused_and_counted(
        self, customer_client, customer, monkeypatch
    ):
        from accounts import limits

        failures = []
        monkeypatch.setattr(limits, "note_failed_sign_in", failures.append)
        response = customer_client.put(
            self.url(), {"currentPassword": "nope", "newPassword": NEW_PASSWORD}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["errors"]["currentPassword"] == [WRONG_CURRENT_PASSWORD]
        customer.refresh_from_db()
        assert customer.check_password("casey-secret-1")
        assert len(failures) == 1

    def test_the_rules_apply(self, customer_client):
        response = customer_client.put(
            self.url(),
            {"currentPassword": "casey-secret-1", "newPassword": "123456"},
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["errors"]["newPassword"]


@pytest.fixture
def history(customer, admin_client_api, customer_client):
    """Casey has a completed delivery order and a ride request."""
    customer_client.patch("/api/auth/me", PROFILE, format="json")
    product = make_product(name="Lamp", price="20.00")
    body = checkout_body(
        line(product, 2),
        option="delivery",
        phoneNumber="714-555-0142",
        deliveryAddress="12 Main St, Garden Grove, CA",
        deliveryZip="92840",
        specialInstructions="Ring twice, ask for Casey",
    )
    order_id = customer_client.post("/api/orders/checkout", body, format="json").json()["order"][
        "id"
    ]
    assert admin_client_api.put(f"/api/orders/{order_id}/complete").status_code == 200
    ride = make_ride(user=customer, name="Casey Customer")
    return {"order": order_id, "ride": ride.pk}


class TestExport:
    def test_export_downloads_the_profile_orders_and_rides(self, customer_client, history):
        response = customer_client.get("/api/auth/me/export")

        assert response.status_code == 200
        assert response["Content-Disposition"] == 'attachment; filename="my-shop-data.json"'
        data = json.loads(response.content)
        assert data["profile"]["email"] == "casey@example.com"
        assert data["profile"]["phone"] == "(714) 555-0142"
        [order] = data["orders"]
        assert order["id"] == history["order"]
        assert order["specialInstructions"] == "Ring twice, ask for Casey"
        assert order["lines"] == [
            {"product": "Lamp", "type": "", "unitPrice": "20.00", "quantity": 2}
        ]
        [ride] = data["rideRequests"]
        assert ride["id"] == history["ride"]

    def test_nobody_else_s_data_is_in_it(self, other_client, history):
        data = other_client.get("/api/auth/me/export").json()

        assert data["orders"] == [] and data["rideRequests"] == []


def assert_erased(user_id, order_id):
    user = User.objects.get(pk=user_id)
    assert user.email == DELETED_EMAIL.format(pk=user_id)
    assert (user.name, user.phone, user.delivery_address, user.delivery_zip) == ("", "", "", "")
    assert not user.is_active and not user.has_usable_password()
    assert user.password_digest is None
    order = Order.objects.get(pk=order_id)
    assert order.customer_name == "Deleted customer"
    assert (order.phone_number, order.delivery_address, order.delivery_zip) == ("", "", "")
    assert order.special_instructions == ""
    assert order.user_id == user_id
    assert not Ride.objects.filter(user_id=user_id).exists()


class TestCloseAccount:
    def test_closing_erases_the_person_and_keeps_the_books(
        self, customer_client, customer, admin_client_api, history
    ):
        sales = admin_client_api.get("/api/reports/sales").json()

        response = customer_client.delete(
            "/api/auth/me", {"password": "casey-secret-1"}, format="json"
        )

        assert response.status_code == 204
        assert_erased(customer.pk, history["order"])
        assert admin_client_api.get("/api/reports/sales").json() == sales
        listed = admin_client_api.get("/api/orders").json()
        assert "casey" not in json.dumps(listed).lower()
        assert customer_client.get("/api/auth/me").status_code == 401
        login = customer_client.post(
            "/api/auth/login", {"password": "casey-secret-1"}, format="json"
        )
        assert login.status_code == 401

    def test_a_wrong_password_is_refused(self, customer_client, customer):
        response = customer_client.delete("/api/auth/me", {"password": "nope"}, format="json")

        assert response.status_code == 400
        assert response.json()["message"] == WRONG_CURRENT_PASSWORD
        customer.refresh_from_db()
        assert customer.is_active and customer.email == "casey@example.com"


class TestAdminDeletesUser:
    def test_api_delete_erases_like_closing(self, admin_client_api, customer, history):
        response = admin_client_api.delete(f"/api/auth/users/{customer.pk}")

        assert response.status_code == 204
        assert_erased(customer.pk, history["order"])

    def test_api_delete_of_yourself_or_nobody(self, admin_client_api, admin_user):
        assert admin_client_api.delete(f"/api/auth/users/{admin_user.pk}").status_code == 400
        assert admin_client_api.delete("/api/auth/users/999999").status_code == 404

    def test_django_admin_delete_page(self, admin_browser, customer, history):
        url = f"/admin/accounts/user/{customer.pk}/delete/"
        page = admin_browser.get(url)
        assert page.status_code == 200
        assert b"protected" not in page.content.lower()

        response = admin_browser.post(url, {"post": "yes"})

        assert response.status_code == 302
        assert_erased(customer.pk, history["order"])

    def test_django_admin_delete_action(self, admin_browser, customer, history):
        response = admin_browser.post(
            "/admin/accounts/user/",
            {"action": "delete_selected", "_selected_action": [customer.pk], "post": "yes"},
        )

        assert response.status_code == 302
        assert_erased(customer.pk, history["order"])


class TestClosingCancelsPendingOrders:
    """Issue 43, item 13: a closed account's pending orders no longer hold stock."""

    def test_closing_puts_the_pending_orders_stock_back(self, customer_client, customer):
        lamp = make_product(name="Lamp", quantity=5)
        pickup = customer_client.post(
            "/api/orders/checkout", checkout_body(line(lamp, 3)), format="json"
        )
        delivery = customer_client.post(
            "/api/orders/checkout", checkout_body(line(lamp, 2), option="delivery"), format="json"
        )
        assert (pickup.status_code, delivery.status_code) == (201, 201)
        lamp.refresh_from_db()
        assert lamp.quantity == 0

        response = customer_client.delete(
            "/api/auth/me", {"password": "casey-secret-1"}, format="json"
        )

        assert response.status_code == 204
        lamp.refresh_from_db()
        assert lamp.quantity == 5
        orders = Order.objects.filter(user=customer)
        assert {o.status for o in orders} == {"cancelled"}
        for order in orders:
            assert order.events.order_by("-pk").first().note.startswith("Account closed.")
        moves = StockMove.objects.filter(product_id=lamp.pk, reason="cancel")
        assert sorted(m.delta for m in moves) == [2, 3]

    def test_another_shopper_can_buy_what_was_held(
        self, client_for, make_user, admin_client_api, customer, customer_client
    ):
        lamp = make_product(name="Lamp", quantity=2)
        customer_client.post("/api/orders/checkout", checkout_body(line(lamp, 2)), format="json")

        assert admin_client_api.delete(f"/api/auth/users/{customer.pk}").status_code == 204

        shopper = client_for(make_user())
        bought = shopper.post("/api/orders/checkout", checkout_body(line(lamp, 2)), format="json")
        assert bought.status_code == 201


class TestLastAdmin:
    """Issue 43, item 4: the shop always keeps an active admin."""

    def test_the_only_admin_cannot_close_their_account(self, admin_client_api, admin_user):
        response = admin_client_api.delete(
            "/api/auth/me", {"password": "ada-secret-1"}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["message"] == LAST_ADMIN
        admin_user.refresh_from_db()
        assert admin_user.is_active and admin_user.is_staff
        assert admin_client_api.get("/api/auth/me").status_code == 200

    def test_an_admin_with_a_colleague_can_close_theirs(
        self, admin_client_api, admin_user, make_user
    ):
        make_user(admin=True)

        response = admin_client_api.delete(
            "/api/auth/me", {"password": "ada-secret-1"}, format="json"
        )

        assert response.status_code == 204

    def test_django_admin_refuses_to_delete_the_last_admin(self, admin_browser, admin_user):
        url = f"/admin/accounts/user/{admin_user.pk}/delete/"

        page = admin_browser.post(url, {"post": "yes"})

        assert page.status_code == 400
        assert LAST_ADMIN in page.content.decode()
        admin_user.refresh_from_db()
        assert admin_user.is_active and admin_user.is_staff

    def test_django_admin_refuses_to_take_the_last_admins_role(self, admin_browser, admin_user):
        url = f"/admin/accounts/user/{admin_user.pk}/change/"
        form = {
            "email": admin_user.email,
            "name": admin_user.name,
            "is_active": "on",
            "role": "customer",
        }

        page = admin_browser.post(url, form)

        assert page.status_code == 200
        assert LAST_ADMIN in page.content.decode()
        admin_user.refresh_from_db()
        assert admin_user.is_staff

    def test_a_role_can_go_when_another_admin_stays(self, admin_browser, make_user):
        other = make_user(admin=True)
        url = f"/admin/accounts/user/{other.pk}/change/"
        form = {"email": other.email, "name": other.name, "is_active": "on", "role": "customer"}

        assert admin_browser.post(url, form).status_code == 302
        other.refresh_from_db()
        assert not other.is_staff
