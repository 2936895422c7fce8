"""Regulatory attributes through the catalog API: the category's defaults, a product's and
a type's own (null inherits again), what is in force, and the product's version moving
with every change so a cached answer never shows the old values."""

import json

import pytest

from tests.factories import make_product

pytestmark = pytest.mark.django_db


def product_url(product):
    return f"/api/products/{product.pk}"


def test_a_product_inherits_its_category_then_sets_its_own_then_inherits_again(
    admin_client_api, customer_client
):
    pouch = make_product(name="Plain Pouch", category="party-supplies")
    url = product_url(pouch)
    before = customer_client.get(url)

    own = admin_client_api.put(
        url, {"regulatory": json.dumps({"nicotineMg": "6.5", "flavoured": True})},
        format="multipart",
    )  # fmt: skip
    after = customer_client.get(url)
    again = admin_client_api.put(url, {"regulatory": {"flavoured": None}}, format="json")

    assert before.json()["regulatory"]["nicotineMg"] == 0
    assert own.status_code == 200, own.json()
    assert after["ETag"] != before["ETag"]
    assert after.json()["regulatory"] | {} == {
        **before.json()["regulatory"],
        "nicotineMg": 6.5,
        "flavoured": True,
    }
    assert after.json()["regulatoryOwn"]["flavoured"] is True
    assert again.json()["regulatory"]["flavoured"] is False
    assert again.json()["regulatoryOwn"] == {**after.json()["regulatoryOwn"], "flavoured": None}


def test_a_type_of_its_own_flavour_over_its_products(admin_client_api):
    vape = make_product(name="Classic", category="disposables", types=1)
    kind = vape.types.get()

    changed = admin_client_api.put(
        f"{product_url(vape)}/types/{kind.pk}", {"regulatory": {"flavoured": True}}, format="json"
    )
    made = admin_client_api.post(
        f"{product_url(vape)}/types", {"name": "12 mg", "regulatory": {"nicotineMg": 12}},
        format="json",
    )  # fmt: skip
    product = admin_client_api.get(product_url(vape)).json()

    assert changed.status_code == 200, changed.json()
    assert changed.json()["regulatory"]["flavoured"] is True
    assert made.json()["regulatory"]["nicotineMg"] == 12
    assert made.json()["regulatory"]["utlEntry"] == "Test Brand - Original"  # the product's
    assert [t["regulatory"]["flavoured"] for t in product["types"]] == [True, False]
    assert product["regulatory"]["flavoured"] is False


def test_a_category_default_changes_what_its_products_inherit_at_once(
    admin_client_api, customer_client
):
    wine = make_product(name="Wine Glass", category="party-supplies")

    changed = admin_client_api.patch(
        "/api/categories/party-supplies", {"regulatory": {"alcohol": True}}, format="json"
    )

    assert changed.status_code == 200, changed.json()
    assert changed.json()["regulatory"]["alcohol"] is True
    assert customer_client.get(product_url(wine)).json()["regulatory"]["alcohol"] is True


@pytest.mark.parametrize(
    "regulatory,message",
    [
        ({"sugar": True}, "Unknown regulatory attribute: sugar."),
        ({"nicotineMg": -1}, "regulatory.nicotineMg must be a number of 0 or more"),
        ({"flavoured": "maybe"}, "regulatory.flavoured must be true or false"),
        ("[1]", "regulatory must be an object of attributes"),
    ],
)
def test_bad_attributes_are_refused_in_plain_words(admin_client_api, regulatory, message):
    product = make_product(name="Plain")

    response = admin_client_api.put(product_url(product), {"regulatory": regulatory}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"]["regulatory"][0].startswith(message)


def test_a_category_default_cannot_be_emptied(admin_client_api):
    response = admin_client_api.patch(
        "/api/categories/juices", {"regulatory": {"flavoured": None}}, format="json"
    )

    assert response.status_code == 400
    assert "cannot be empty for a category" in response.json()["errors"]["regulatory"][0]


def test_staff_cannot_change_the_attributes(staff_client):
    product = make_product(name="Plain")

    response = staff_client.put(product_url(product), {"regulatory": {"n2o": True}}, format="json")

    assert response.status_code == 403
