"""Taxes through the API: the figures a shopper is charged, to the cent, for each way an
order leaves the shop, and kept on the order whatever the settings say later."""

from decimal import Decimal

import pytest

from orders.models import Order
from orders.pricing import allocate
from shop.models import Product
from tests.factories import checkout_body, line, make_product, post_checkout

pytestmark = pytest.mark.django_db

SETTINGS = "/api/shop/settings"
QUOTE = "/api/orders/quote"
FIGURES = ("subtotal", "discount", "deliveryFee", "exciseTax", "salesTax", "total")


def figures(answer):
    return tuple(answer[name] for name in FIGURES)


def save_settings(admin, **values):
    response = admin.patch(SETTINGS, values, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def juice(name="Mango Ice", price="20.00", **fields):
    product = make_product(name=name, price=price, category="juices", quantity=50)
    if fields:
        Product.objects.filter(pk=product.pk).update(**fields)
    return product


def test_the_cdtfa_example_to_the_cent(customer_client, admin_client_api):
    # CDTFA's own example: $20.00 of e-liquid, CECET 12.5% $2.50, sales tax at 8% $1.60
    # on the $20.00 only (the excise is not taxed), $24.10 in all.
    save_settings(admin_client_api, salesTaxRate=8)
    body = checkout_body(line(juice()), ageConfirmed=True)

    quote = customer_client.post(QUOTE, body, format="json").json()
    order = post_checkout(customer_client, body)["order"]

    assert figures(quote) == (20.0, 0, 0, 2.5, 1.6, 24.1)
    assert figures(order) == (20.0, 0, 0, 2.5, 1.6, 24.1)
    assert (order["salesTaxRate"], order["exciseTaxRate"]) == (8.0, 12.5)
    assert order["exciseTaxLabel"] == "California Electronic Cigarette Excise Tax"
    assert order["items"][0]["exciseTax"] == 2.5
    assert quote["lines"][0]["exciseTax"] == 2.5 and quote["lines"][0]["lineTotal"] == 20.0


def test_a_pickup_is_taxed_at_the_shops_rate_half_up(customer_client):
    # 8.75% of 10.00 is 0.875: half up, 0.88.
    order = post_checkout(customer_client, checkout_body(line(make_product(price="10.00"))))[
        "order"
    ]

    assert figures(order) == (10.0, 0, 0, 0, 0.88, 10.88)
    assert (order["salesTaxRate"], order["taxPlace"]) == (8.75, "Pickup")


def test_a_local_delivery_is_taxed_at_its_zips_rate(customer_client, admin_client_api):
    before = save_settings(admin_client_api, deliveryZipCodes=["92840", "92843"])
    assert {row["zip"]: row["reviewed"] for row in before["deliveryTaxRates"]} == {
        "92840": False,
        "92843": False,
    }
    after = save_settings(
        admin_client_api,
        deliveryTaxRates=[
            {"zip": "92840", "rate": 7.75, "reviewed": False},
            {"zip": "92843", "rate": 8.75, "reviewed": False},
        ],
    )
    # The changed rate is reviewed by its change; the other one stays as the owner left it.
    assert after["deliveryTaxRates"] == [
        {"zip": "92840", "rate": 7.75, "reviewed": True},
        {"zip": "92843", "rate": 8.75, "reviewed": False},
    ]
    product = make_product(price="40.00")

    order = post_checkout(
        customer_client, checkout_body(line(product), option="delivery", deliveryZip="92840")
    )["order"]

    # 7.75% of 40.00 = 3.10; the 20.00 delivery fee is stated apart and not taxed.
    assert figures(order) == (40.0, 0, 20.0, 0, 3.1, 63.1)
    assert (order["salesTaxRate"], order["taxPlace"]) == (7.75, "ZIP 92840")


def test_a_shipment_is_taxed_at_its_states_rate_and_not_at_all_elsewhere(
    customer_client, admin_client_api
):
    save_settings(admin_client_api, stateTaxRates=[{"state": "CA", "rate": 7.25}])
    product = make_product(price="40.00", quantity=20)

    to_nevada = post_checkout(
        customer_client,
        checkout_body(line(product), option="shipping", shippingState="nv", deliveryZip="89501"),
    )["order"]
    to_california = post_checkout(
        customer_client, checkout_body(line(product), option="shipping", shippingState="CA")
    )["order"]

    assert figures(to_nevada) == (40.0, 0, 8.0, 0, 0, 48.0)
    assert (to_nevada["shippingState"], to_nevada["deliveryZip"]) == ("NV", "89501")
    assert (to_nevada["salesTaxRate"], to_nevada["taxPlace"]) == (0, "State NV")
    # 7.25% of 40.00 = 2.90.
    assert figures(to_california) == (40.0, 0, 8.0, 0, 2.9, 50.9)


def test_a_shipment_needs_its_state(customer_client):
    body = checkout_body(line(make_product()), option="shipping", shippingState="")

    answer = post_checkout(customer_client, body, status=400)

    assert answer["errors"]["shippingState"] == ["Please choose the state to ship to"]
    assert not Order.objects.exists()
    # Its quote before the state is known: the fee (what the delivery options show), no tax.
    quote = customer_client.post("/api/orders/quote", body, format="json")
    assert quote.status_code == 200, quote.json()
    assert quote.json()["deliveryFee"] == 8 and quote.json()["salesTax"] == 0


def test_a_nicotine_free_product_in_an_excise_category_pays_no_excise(customer_client):
    zero_mg = juice(name="Zero Mint", excise_exempt=True)

    order = post_checkout(customer_client, checkout_body(line(zero_mg), ageConfirmed=True))["order"]

    # Sales tax only: 8.75% of 20.00.
    assert figures(order) == (20.0, 0, 0, 0, 1.75, 21.75)


def test_taxes_are_rounded_per_order_not_per_line(customer_client):
    # Three e-liquids at 1.00: the excise on 3.00 is 0.375 -> 0.38 (per line it would be
    # 0.125 -> 0.13 three times, 0.39). Three lighters at 0.20: the sales tax on all the goods,
    # 3.60, is 0.315 -> 0.32 (per line 0.0875 -> 0.09 three times and 0.0175 -> 0.02 three
    # times, 0.33).
    juices = [juice(name=f"Juice {n}", price="1.00") for n in range(3)]
    lighters = [make_product(name=f"Lighter {n}", price="0.20") for n in range(3)]
    body = checkout_body(*(line(p) for p in juices + lighters), ageConfirmed=True)

    order = post_checkout(customer_client, body)["order"]

    assert (order["exciseTax"], order["salesTax"]) == (0.38, 0.32)
    assert order["total"] == 3.6 + 0.38 + 0.32
    # The excise shown per line adds up to the order's: the left-over cent to the largest
    # (the first of equals).
    assert [item["exciseTax"] for item in order["items"]] == [0.14, 0.12, 0.12, 0, 0, 0]


def test_a_rate_changed_after_an_order_leaves_it_as_it_was(customer_client, admin_client_api):
    placed = post_checkout(
        customer_client, checkout_body(line(juice(price="10.00")), ageConfirmed=True)
    )["order"]

    save_settings(
        admin_client_api,
        salesTaxRate=10,
        exciseRates=[{"rate": 12.5, "from": "2025-07-01"}, {"rate": 20, "from": "2026-01-01"}],
    )

    again = admin_client_api.get("/api/orders").json()["orders"][0]
    assert again["id"] == placed["id"]
    assert figures(again) == figures(placed) == (10.0, 0, 0, 1.25, 0.88, 12.13)
    assert (again["salesTaxRate"], again["exciseTaxRate"]) == (8.75, 12.5)
    # The next order pays the new rates.
    later = post_checkout(
        customer_client, checkout_body(line(juice(name="Other", price="10.00")), ageConfirmed=True)
    )["order"]
    assert figures(later) == (10.0, 0, 0, 2.0, 1.0, 13.0)


def test_an_excise_rate_entered_ahead_applies_from_its_day(
    client_for, customer, admin_user, time_machine
):
    time_machine.move_to("2026-03-31 12:00:00-07:00", tick=False)
    customer_client, admin_client_api = client_for(customer), client_for(admin_user)
    save_settings(
        admin_client_api,
        exciseRates=[{"rate": 12.5, "from": "2025-07-01"}, {"rate": 15, "from": "2026-04-01"}],
    )
    product = juice(price="10.00")
    body = checkout_body(line(product), ageConfirmed=True)

    assert post_checkout(customer_client, body)["order"]["exciseTax"] == 1.25
    time_machine.move_to("2026-04-01 00:30:00-07:00", tick=False)
    assert post_checkout(customer_client, body)["order"]["exciseTax"] == 1.5


def test_a_quote_places_nothing_and_answers_each_line(customer_client):
    product = make_product(price="12.00", quantity=5)

    answer = customer_client.post(
        QUOTE, {"cartItems": [line(product, 2)], "deliveryOption": "pickup"}, format="json"
    )

    assert answer.status_code == 200, answer.json()
    body = answer.json()
    # 8.75% of 24.00 = 2.10.
    assert figures(body) == (24.0, 0, 0, 0, 2.1, 26.1)
    assert body["lines"] == [
        {
            "productId": product.pk,
            "productTypeId": None,
            "quantity": 2,
            "unitPrice": 12.0,
            "compareAtPrice": None,
            "discount": 0,
            "exciseTax": 0,
            "lineTotal": 24.0,
        }
    ]
    assert body["promo"] is None and body["blocked"] == []
    assert not Order.objects.exists()
    product.refresh_from_db()
    assert product.quantity == 5


def test_a_quote_of_an_empty_cart_or_for_an_admin_is_refused(customer_client, admin_client_api):
    assert customer_client.post(QUOTE, {"cartItems": []}, format="json").status_code == 400
    body = {"cartItems": [line(make_product())]}
    assert admin_client_api.post(QUOTE, body, format="json").status_code == 403


@pytest.mark.parametrize(
    "amount, weights, shares",
    [
        ("0.10", ["1", "1", "1"], ["0.04", "0.03", "0.03"]),
        ("1.00", ["3", "1", "0"], ["0.75", "0.25", "0.00"]),
        ("0.05", ["1.00", "2.00", "0.50"], ["0.01", "0.04", "0.00"]),
        ("0.00", ["1", "2"], ["0.00", "0.00"]),
    ],
)
def test_a_share_is_allocated_to_the_cent_the_rest_to_the_largest_line(amount, weights, shares):
    result = allocate(Decimal(amount), [Decimal(w) for w in weights])

    assert result == [Decimal(s) for s in shares]
    assert sum(result) == Decimal(amount)
