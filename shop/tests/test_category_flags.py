"""The 21+ and shippable flags of categories: defaults, answers, and admin edits."""

import pytest

from shop.models import Category
from tests.factories import make_product

pytestmark = pytest.mark.django_db

RESTRICTED = {
    "disposables",
    "coils-pods",
    "juices",
    "glass-pipe",
    "pouches",
    "cream-chargers",
    "alcohol",
    "vaporizors",
    "hemp",
    "kratom",
}
NOT_SHIPPABLE = {
    "disposables",
    "coils-pods",
    "juices",
    "pouches",
    "cream-chargers",
    "alcohol",
    "vaporizors",
}


def test_defaults_by_category_id(api_client):
    body = api_client.get("/api/categories").json()

    assert len(body) == 13
    assert {c["id"] for c in body if c["ageRestricted"]} == RESTRICTED
    assert {c["id"] for c in body if not c["shippable"]} == NOT_SHIPPABLE
    # Collectibles, cars and party supplies are for everyone and can be mailed.
    open_to_all = {c["id"]: (c["ageRestricted"], c["shippable"]) for c in body}
    assert open_to_all["labubu"] == open_to_all["party-supplies"] == (False, True)


def test_every_product_answer_carries_its_category_flags(customer_client):
    vape = make_product(name="Cloud", category="disposables")
    glass = make_product(name="Bowl", category="glass-pipe")
    car = make_product(name="Mustang", category="diecast-cars")

    listed = {
        p["id"]: (p["ageRestricted"], p["shippable"])
        for p in customer_client.get("/api/products?limit=100").json()["products"]
    }
    detail = customer_client.get(f"/api/products/{glass.pk}").json()

    assert listed[vape.pk] == (True, False)
    assert listed[glass.pk] == (True, True)
    assert listed[car.pk] == (False, True)
    assert (detail["ageRestricted"], detail["shippable"]) == (True, True)


def test_an_admin_sets_the_flags_through_the_api(admin_client_api):
    response = admin_client_api.patch(
        "/api/categories/labubu", {"ageRestricted": True}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["ageRestricted"] is True
    assert response.json()["shippable"] is True  # not sent: unchanged
    labubu = Category.objects.get(pk="labubu")
    assert (labubu.age_restricted, labubu.shippable) == (True, True)

    admin_client_api.patch("/api/categories/labubu", {"shippable": False}, format="json")
    labubu.refresh_from_db()
    assert (labubu.age_restricted, labubu.shippable) == (True, False)


def test_customers_cannot_change_flags(customer_client):
    response = customer_client.patch(
        "/api/categories/alcohol", {"ageRestricted": False}, format="json"
    )

    assert response.status_code == 403
    assert Category.objects.get(pk="alcohol").age_restricted is True


def test_bad_flag_values_and_unknown_categories(admin_client_api):
    bad = admin_client_api.patch("/api/categories/alcohol", {"shippable": "maybe"}, format="json")
    unknown = admin_client_api.patch("/api/categories/nope", {"shippable": True}, format="json")

    assert bad.status_code == 400
    assert bad.json()["message"] == "shippable must be true or false."
    assert Category.objects.get(pk="alcohol").shippable is False
    assert unknown.status_code == 404
    assert unknown.json()["message"] == "Category not found"


def test_the_django_admin_edits_the_flags_in_the_list(admin_browser):
    page = admin_browser.get("/admin/shop/category/")
    assert page.status_code == 200
    categories = list(Category.objects.order_by("position", "id"))
    form = {
        "form-TOTAL_FORMS": str(len(categories)),
        "form-INITIAL_FORMS": str(len(categories)),
        "_save": "Save",
    }
    for n, category in enumerate(categories):
        form[f"form-{n}-id"] = category.pk
        if category.pk == "kratom":
            continue  # unticked: no longer 21+, and not shippable either
        if category.age_restricted:
            form[f"form-{n}-age_restricted"] = "on"
        if category.shippable:
            form[f"form-{n}-shippable"] = "on"

    response = admin_browser.post("/admin/shop/category/", form)

    assert response.status_code == 302
    kratom = Category.objects.get(pk="kratom")
    assert (kratom.age_restricted, kratom.shippable) == (False, False)
    assert Category.objects.get(pk="alcohol").age_restricted is True
