"""GET/PUT/PATCH /api/shop/settings through the HTTP API: first-run values, validation that
names the field and stores nothing, the change log, and every reader following a save."""

import io
from decimal import Decimal

import pytest
from django.core.management import call_command

from accounts.models import User
from orders.models import Order, OrderStatus
from orders.status_emails import order_status_email
from storesettings.fields import BY_NAME
from storesettings.models import DeliveryZipCode, SettingsChange, ShopSettings
from tests.factories import CHECKOUT_URL, checkout_body, line, make_product

pytestmark = pytest.mark.django_db
URL = "/api/shop/settings"


def current(client):
    response = client.get(URL)
    assert response.status_code == 200, response.json()
    return response.json()


def patch(client, body, status=200):
    response = client.patch(URL, body, format="json")
    assert response.status_code == status, response.json()
    return response.json()


def editable(answer):
    return {k: v for k, v in answer.items() if k not in ("updatedAt", "updatedBy", "changes")}


def test_before_any_save_the_environment_and_the_spec_are_in_force(admin_client_api, settings):
    settings.SHOP_NAME = "Env Shop"
    settings.MAX_UNITS_PER_LINE = 7
    settings.DELIVERY_HOURS_START = "09:30"
    settings.DELIVERY_ZIP_CODES = ["92840", "92841"]

    answer = current(admin_client_api)

    assert answer["shopName"] == "Env Shop"
    assert answer["maxUnitsPerLine"] == 7
    assert answer["deliveryHours"] == {"start": "09:30", "end": settings.DELIVERY_HOURS_END}
    assert answer["fees"] == {"shipping": 8.0, "delivery": 20.0}
    assert answer["freeFrom"] == {"shipping": 60.0, "delivery": 60.0}
    assert answer["deliveryZipCodes"] == ["92840", "92841"]
    assert answer["pickupInstructions"] == ""
    assert answer["updatedAt"] is None and answer["updatedBy"] is None
    assert answer["changes"] == []
    assert not ShopSettings.objects.exists()


def test_the_django_admin_zip_list_is_the_first_run_list(admin_client_api, settings):
    settings.DELIVERY_ZIP_CODES = ["92840"]
    DeliveryZipCode.objects.create(zip_code="90001")

    assert current(admin_client_api)["deliveryZipCodes"] == ["90001"]


def test_a_put_stores_every_value_and_logs_each_change(admin_client_api, admin_user, client):
    body = editable(current(admin_client_api))
    body["fees"]["delivery"] = 12.5
    body["pickupInstructions"] = "Ring the side door."

    answer = admin_client_api.put(URL, body, format="json").json()

    assert answer["fees"]["delivery"] == 12.5
    assert answer["updatedBy"] == admin_user.email and answer["updatedAt"]
    # One save's rows share its time; newest first means the later field first.
    assert [(c["field"], c["before"], c["after"], c["by"]) for c in answer["changes"]] == [
        ("fees.delivery", 20.0, 12.5, admin_user.email),
        ("pickupInstructions", "", "Ring the side door.", admin_user.email),
    ]
    assert {c["at"] for c in answer["changes"]} == {answer["updatedAt"]}
    row = ShopSettings.objects.get()
    assert row.delivery_fee == Decimal("12.50")
    info = client.get("/api/shop/info").json()
    assert info["pickupInstructions"] == "Ring the side door."
    assert {o["id"]: o["fee"] for o in info["deliveryOptions"]}["delivery"] == 12.5


def test_once_saved_the_stored_values_win_over_the_environment(admin_client_api, settings):
    first_name = settings.SHOP_NAME
    patch(admin_client_api, {"maxUnitsPerLine": 4})
    settings.MAX_UNITS_PER_LINE = 99
    settings.SHOP_NAME = "Changed Env"

    answer = current(admin_client_api)

    assert answer["maxUnitsPerLine"] == 4
    assert answer["shopName"] == first_name


def test_the_change_log_is_newest_first_and_keeps_the_last_20(admin_client_api):
    for hours in range(1, 23):
        patch(admin_client_api, {"pendingHoldHours": hours})

    changes = current(admin_client_api)["changes"]

    assert len(changes) == 20
    assert [c["after"] for c in changes[:2]] == [22, 21]
    assert SettingsChange.objects.count() == 22


def test_a_save_that_changes_nothing_logs_nothing(admin_client_api):
    patch(admin_client_api, {"lowStockThreshold": 5})
    patch(admin_client_api, {"lowStockThreshold": 5})

    assert SettingsChange.objects.count() == 1


@pytest.mark.parametrize(
    "body, field, message",
    [
        ({"deliveryHours": {"start": "10am"}}, "deliveryHours.start", "a time like 10:00"),
        (
            {"deliveryHours": {"start": "21:00"}},
            "deliveryHours.start",
            "earlier than Deliveries until",
        ),
        ({"fees": {"delivery": -1}}, "fees.delivery", "an amount from $0 to $99,999.99"),
        ({"fees": {"shipping": "8.005"}}, "fees.shipping", "in whole cents, like $8.25"),
        ({"fees": {"shipping": "eight"}}, "fees.shipping", "an amount like $8.00"),
        ({"freeFrom": {"delivery": True}}, "freeFrom.delivery", "an amount like $8.00"),
        ({"deliveryZipCodes": ["9284"]}, "deliveryZipCodes", "5-digit ZIP codes"),
        ({"deliveryZipCodes": []}, "deliveryZipCodes", "at least one"),
        ({"maxUnitsPerLine": -1}, "maxUnitsPerLine", "from 0 to 10000 (0: no limit)"),
        ({"deliveryMaxDaysAhead": 0}, "deliveryMaxDaysAhead", "from 1 to 365"),
        ({"deliveryLeadMinutes": 1.5}, "deliveryLeadMinutes", "a whole number"),
        ({"shopName": "  "}, "shopName", "must not be empty"),
        ({"pickupInstructions": "x" * 501}, "pickupInstructions", "at most 500"),
        ({"colour": "red"}, "colour", "is not a setting"),
    ],
)
def test_a_wrong_value_names_its_field_and_stores_nothing(admin_client_api, body, field, message):
    answer = patch(admin_client_api, {"shopName": "New Name", **body}, status=400)

    # Named as the Settings page labels it (an unknown name by itself).
    label = BY_NAME[field].label if field in BY_NAME else field
    assert message in answer["errors"][field][0]
    assert answer["errors"][field][0].startswith(label)
    assert answer["message"]
    assert not ShopSettings.objects.exists()
    assert not SettingsChange.objects.exists()


def test_a_put_without_every_setting_is_refused(admin_client_api):
    answer = admin_client_api.put(URL, {"shopName": "Only"}, format="json").json()

    assert answer["errors"]["fees.delivery"] == ["Local delivery fee is required."]
    assert not ShopSettings.objects.exists()


def test_customers_and_visitors_may_not_read_or_write(customer_client, api_client):
    assert customer_client.get(URL).status_code == 403
    assert customer_client.patch(URL, {"shopName": "x"}, format="json").status_code == 403
    assert api_client.get(URL).status_code == 401
    assert not ShopSettings.objects.exists()


def test_the_next_checkout_is_priced_with_the_new_fee(admin_client_api, customer_client):
    patch(admin_client_api, {"fees": {"shipping": 5.25}, "freeFrom": {"shipping": None}})
    product = make_product(price="70.00")

    response = customer_client.post(
        CHECKOUT_URL, checkout_body(line(product), option="shipping"), format="json"
    )

    assert response.status_code == 201, response.json()
    assert response.json()["order"]["deliveryFee"] == 5.25


def test_the_delivery_rules_follow_the_saved_settings(admin_client_api, customer_client):
    patch(admin_client_api, {"deliveryZipCodes": ["90210"], "maxUnitsPerLine": 2})
    product = make_product()

    outside = customer_client.post(
        CHECKOUT_URL, checkout_body(line(product), option="delivery"), format="json"
    )
    too_many = customer_client.post(CHECKOUT_URL, checkout_body(line(product, 3)), format="json")

    assert "92840 is outside our delivery area" in outside.json()["message"]
    assert "2" in too_many.json()["message"] and too_many.status_code == 400
    served = customer_client.get("/api/shop/delivery-zip/90210").json()
    assert served["served"] is True


def test_the_pickup_email_and_the_hold_command_read_the_settings(admin_client_api):
    patch(
        admin_client_api,
        {"shopName": "Night Owl", "pickupLocation": "5 Elm St", "pendingHoldHours": 0},
    )
    out = io.StringIO()
    call_command("expire_pending_orders", stdout=out)
    assert "holds never expire" in out.getvalue()

    user = User.objects.create_user(email="pick@example.com", password="x")
    order = Order.objects.create(
        user=user, customer_name="Pat", delivery_option="pickup", status=OrderStatus.COMPLETED
    )
    email = order_status_email(order.pk)
    assert "handed over at 5 Elm St on" in email.body
    assert "Thank you for shopping at Night Owl." in email.body


# Its writes commit, as a server's do: the cached list moves with the catalog version, which
# moves once a write has committed (shop/versioning.py).
@pytest.mark.django_db(transaction=True)
def test_a_new_low_stock_threshold_changes_the_back_office_filter(admin_client_api):
    make_product(name="Few", quantity=5)

    def low():
        body = admin_client_api.get("/api/products?stock=low").json()
        return [p["name"] for p in body["products"]]

    assert low() == []
    patch(admin_client_api, {"lowStockThreshold": 5})
    assert low() == ["Few"]


def test_the_issue_s_messages_read_as_the_settings_page_labels_its_fields(admin_client_api):
    fee = patch(admin_client_api, {"fees": {"delivery": 100000}}, status=400)
    hours = patch(
        admin_client_api, {"deliveryHours": {"start": "21:00", "end": "20:00"}}, status=400
    )

    assert fee["errors"] == {
        "fees.delivery": ["Local delivery fee must be an amount from $0 to $99,999.99."]
    }
    assert hours["errors"] == {
        "deliveryHours.start": ["Deliveries from must be earlier than Deliveries until."]
    }
    assert not ShopSettings.objects.exists()
