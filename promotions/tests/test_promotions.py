"""Promo codes through the API: the owner makes them, the shopper's cart and checkout apply
them (or say why not, in a shopper's words), and their uses are counted and given back."""

from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order
from promotions.models import Promotion, PromotionUse
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

PROMOTIONS = "/api/promotions"
QUOTE = "/api/orders/quote"
FIGURES = ("subtotal", "discount", "deliveryFee", "exciseTax", "salesTax", "total")


def create(admin, **fields):
    body = {"code": "SAVE10", "kind": "percent", "value": 10, **fields}
    response = admin.post(PROMOTIONS, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def quote(client, body):
    response = client.post(QUOTE, body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def figures(answer):
    return tuple(answer[name] for name in FIGURES)


def test_the_owner_creates_a_promotion_and_sees_its_uses(admin_client_api, customer_client):
    made = create(
        admin_client_api,
        code="radio-ad",
        minSubtotal=20,
        startsAt="2026-01-01T00:00:00",
        categories=["party-supplies"],
        maxUses=100,
    )

    assert made["code"] == "RADIO-AD" and made["uses"] == 0
    # A time without an offset is the shop's.
    assert made["startsAt"] == "2026-01-01T00:00:00-08:00"
    assert made["categories"] == ["party-supplies"] and made["includeNicotine"] is False
    post_checkout(
        customer_client, checkout_body(line(make_product(price="25.00")), promoCode="Radio-Ad")
    )
    listed = admin_client_api.get(PROMOTIONS).json()
    assert [(p["code"], p["uses"]) for p in listed] == [("RADIO-AD", 1)]
    paused = admin_client_api.patch(
        f"{PROMOTIONS}/{made['id']}", {"active": False}, format="json"
    ).json()
    assert paused["active"] is False and paused["uses"] == 1


def test_a_percent_off_lowers_the_taxable_amount(admin_client_api, customer_client):
    create(admin_client_api)
    product = make_product(price="30.00")
    body = checkout_body(line(product, 2), promoCode="save10")

    shown = quote(customer_client, body)
    order = post_checkout(customer_client, body)["order"]

    # 60.00 less 6.00; the sales tax on 54.00 at 8.75% is 4.725 -> 4.73.
    assert figures(shown) == figures(order) == (60.0, 6.0, 0, 0, 4.73, 58.73)
    assert shown["promo"] == {"code": "save10", "applied": True, "message": "10% off"}
    assert order["promoCode"] == "SAVE10" and order["items"][0]["discount"] == 6.0


def test_an_amount_off_is_shared_by_line_to_the_cent(admin_client_api, customer_client):
    create(admin_client_api, code="FIVE", kind="amount", value=5)
    lines = [line(make_product(name=f"Item {n}", price="10.00")) for n in range(3)]

    order = post_checkout(customer_client, checkout_body(*lines, promoCode="FIVE"))["order"]

    # 5.00 over three equal lines: 1.66 each, the cent left over to the first of equals.
    assert [item["discount"] for item in order["items"]] == [1.68, 1.66, 1.66]
    assert order["discount"] == 5.0 and order["salesTax"] == 2.19  # 8.75% of 25.00 = 2.1875


def test_free_delivery(admin_client_api, customer_client):
    create(admin_client_api, code="SHIPFREE", kind="free_delivery", value=0, minSubtotal=40)
    product = make_product(price="45.00")

    order = post_checkout(
        customer_client,
        checkout_body(line(product), option="delivery", promoCode="SHIPFREE"),
    )["order"]

    assert figures(order) == (45.0, 0, 0, 0, 3.94, 48.94)


def test_nicotine_products_are_left_out_unless_included(admin_client_api, customer_client):
    create(admin_client_api, code="ALL10")
    create(admin_client_api, code="VAPE10", includeNicotine=True)
    juice = make_product(name="Juice", price="20.00", category="juices", quantity=20)
    lighter = make_product(name="Lighter", price="10.00")

    mixed = quote(customer_client, checkout_body(line(juice), line(lighter), promoCode="ALL10"))
    only_juice = quote(customer_client, checkout_body(line(juice), promoCode="ALL10"))
    included = quote(customer_client, checkout_body(line(juice), promoCode="VAPE10"))

    assert [row["discount"] for row in mixed["lines"]] == [0, 1.0]
    assert only_juice["promo"] == {
        "code": "ALL10",
        "applied": False,
        "message": "This code does not apply to the items in your cart.",
    }
    assert only_juice["discount"] == 0
    # Included: the excise is on the price after the discount (12.5% of 18.00).
    assert (included["discount"], included["exciseTax"]) == (2.0, 2.25)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"active": False}, "This code is not valid."),
        (
            {"startsAt": "2026-07-01T09:00:00"},
            "This code is not valid yet. It starts on Wed, Jul 1, 2026 at 9:00 AM.",
        ),
        ({"endsAt": "2026-06-01T00:00:00"}, "This code has expired."),
        (
            {"minSubtotal": 50},
            "This code needs $50.00 of eligible items in your cart (you have $10.00).",
        ),
        ({"maxUses": 1}, "This code has been used up."),
        ({"categories": ["juices"]}, "This code does not apply to the items in your cart."),
    ],
)
def test_each_refusal_says_why_in_the_quote_and_at_checkout(
    client_for, customer, other_customer, admin_user, fields, message
):
    with time_machine.travel(datetime(2026, 6, 15, 12, 0, tzinfo=SHOP_TIME_ZONE), tick=False):
        admin, shopper = client_for(admin_user), client_for(customer)
        create(admin, code="CODE", **fields)
        product = make_product(price="10.00")
        if "maxUses" in fields:
            post_checkout(
                client_for(other_customer), checkout_body(line(product), promoCode="CODE")
            )
        body = checkout_body(line(product), promoCode="CODE")

        shown = quote(shopper, body)
        refused = post_checkout(shopper, body, status=400)

    assert shown["promo"] == {"code": "CODE", "applied": False, "message": message}
    assert refused["message"] == message and refused["errors"]["promoCode"] == [message]
    assert not Order.objects.filter(user=customer).exists()
    product.refresh_from_db()
    assert product.quantity == (9 if "maxUses" in fields else 10)


def test_an_unknown_code(customer_client):
    body = checkout_body(line(make_product()), promoCode="NOPE")

    assert quote(customer_client, body)["promo"]["message"] == "This code is not valid."
    assert post_checkout(customer_client, body, status=400)["message"] == "This code is not valid."


def test_uses_per_customer(admin_client_api, customer_client, other_client):
    create(admin_client_api, code="ONCE", maxUsesPerCustomer=1)
    product = make_product(price="10.00")
    body = checkout_body(line(product), promoCode="ONCE")

    post_checkout(customer_client, body)
    again = post_checkout(customer_client, body, status=400)
    post_checkout(other_client, body)

    assert again["message"] == "You have already used this code as many times as it allows."


def test_a_cancelled_order_gives_its_use_back(admin_client_api, customer_client, other_client):
    made = create(admin_client_api, code="ONLYONE", maxUses=1)
    product = make_product(price="10.00")
    body = checkout_body(line(product), promoCode="ONLYONE")
    first = post_checkout(customer_client, body)["order"]
    post_checkout(other_client, body, status=400)

    assert admin_client_api.put(f"/api/orders/{first['id']}/cancel").status_code == 200

    assert admin_client_api.get(f"{PROMOTIONS}/{made['id']}").json()["uses"] == 0
    post_checkout(other_client, body)
    assert PromotionUse.objects.count() == 1


def test_bad_promotions_are_refused_and_nothing_is_stored(admin_client_api):
    cases = [
        ({"value": 0}, "value"),
        ({"value": 101}, "value"),
        ({"kind": "amount", "value": 0}, "value"),
        ({"code": "a b"}, "code"),
        ({"startsAt": "2026-02-01T00:00", "endsAt": "2026-01-01T00:00"}, "endsAt"),
        ({"categories": ["nope"]}, "categories"),
        ({"products": [999999]}, "products"),
        ({"kind": "bogus"}, "kind"),
    ]
    for fields, field in cases:
        body = {"code": "BAD", "kind": "percent", "value": 10, **fields}
        response = admin_client_api.post(PROMOTIONS, body, format="json")
        assert response.status_code == 400, (fields, response.json())
        assert field in response.json()["errors"], (fields, response.json())
    assert not Promotion.objects.exists()
    create(admin_client_api, code="TAKEN")
    taken = admin_client_api.post(
        PROMOTIONS, {"code": "taken", "kind": "percent", "value": 5}, format="json"
    )
    assert taken.status_code == 409


def test_a_used_promotion_is_paused_not_deleted(admin_client_api, customer_client):
    used = create(admin_client_api, code="USED")
    unused = create(admin_client_api, code="UNUSED")
    post_checkout(customer_client, checkout_body(line(make_product()), promoCode="USED"))

    assert admin_client_api.delete(f"{PROMOTIONS}/{used['id']}").status_code == 409
    assert admin_client_api.delete(f"{PROMOTIONS}/{unused['id']}").status_code == 204
    assert list(Promotion.objects.values_list("code", flat=True)) == ["USED"]


def test_the_django_admin_saves_through_the_services(admin_browser):
    page = admin_browser.post(
        "/admin/promotions/promotion/add/",
        {"code": "admin5", "kind": "amount", "value": "5.00", "active": "on"},
    )

    assert page.status_code == 302, page.content.decode()[:2000]
    assert Promotion.objects.get().code == "ADMIN5"
