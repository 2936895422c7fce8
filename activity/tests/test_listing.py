"""GET /api/activity: who may read it, its filters and their refusals, newest first, and a
query count that does not grow with the page (docs/api.md, Activity history)."""

from datetime import datetime, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from activity.tests.helpers import URL, history
from common.shoptime import SHOP_TIME_ZONE
from shop import services
from tests.factories import make_product

pytestmark = pytest.mark.django_db


def test_admins_only(api_client, customer_client, admin_client_api):
    assert api_client.get(URL).status_code == 401
    assert customer_client.get(URL).status_code == 403
    assert admin_client_api.get(URL).status_code == 200


def test_newest_first_with_the_page_s_figures(admin_client_api):
    product = make_product(name="Lamp", price="1.00")
    for price in ("2.00", "3.00", "4.00"):
        services.product_update(product_id=product.pk, price=price)

    page = admin_client_api.get(URL, {"entity": "product", "limit": 2, "page": 1}).json()

    assert [e["changes"][0]["after"] for e in page["entries"]] == [4.0, 3.0]
    assert page["pagination"] == {
        "page": 1,
        "limit": 2,
        "totalItems": 4,
        "totalPages": 2,
        "hasNextPage": True,
    }
    last = admin_client_api.get(URL, {"entity": "product", "limit": 2, "page": 2}).json()
    assert [e["action"] for e in last["entries"]] == ["changed", "created"]


def test_filters_by_kind_record_and_person(admin_client_api, admin_user, customer_client, customer):
    lamp, chair = make_product(name="Lamp"), make_product(name="Chair")
    admin_client_api.put(f"/api/products/{lamp.pk}", {"name": "Lamp 2"}, format="multipart")
    customer_client.patch("/api/auth/me", {"name": "Casey C"}, format="json")

    assert {e["label"] for e in history(admin_client_api, entity="product")} == {
        "Lamp",
        "Lamp 2",
        "Chair",
    }
    assert {e["entityId"] for e in history(admin_client_api, entity="product", id=chair.pk)} == {
        chair.pk
    }
    by_admin = history(admin_client_api, person=admin_user.pk)
    assert [(e["entity"], e["label"]) for e in by_admin] == [("product", "Lamp 2")]
    by_customer = history(admin_client_api, person=customer.pk)
    assert [(e["entity"], e["entityId"]) for e in by_customer] == [("user", customer.pk)]
    assert history(admin_client_api, person=999999) == []


def test_dates_are_the_shop_s_days(admin_client_api):
    # 23:30 in Los Angeles on June 1st is already June 2nd in UTC.
    late = datetime(2026, 6, 1, 23, 30, tzinfo=SHOP_TIME_ZONE)
    with time_machine.travel(late, tick=False):
        make_product(name="Late")
    with time_machine.travel(late + timedelta(days=2), tick=False):
        make_product(name="Later")

    june_first = history(
        admin_client_api, entity="product", **{"from": "2026-06-01", "to": "2026-06-01"}
    )
    assert [e["label"] for e in june_first] == ["Late"]
    assert june_first[0]["at"] == "2026-06-01T23:30:00-07:00"
    assert (
        history(admin_client_api, entity="product", **{"from": "2026-06-02", "to": "2026-06-02"})
        == []
    )
    since = history(admin_client_api, entity="product", **{"from": "2026-06-02"})
    assert [e["label"] for e in since] == ["Later"]


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        (
            {"entity": "planet"},
            "entity",
            "entity must be one of: product, type, image, category, rule, hero, user, settings, order, ride.",
        ),
        ({"id": "7"}, "id", "id needs entity: say what kind of record it names."),
        ({"entity": "product", "id": "seven"}, "id", "id must be a whole number from 1."),
        ({"entity": "product", "id": "0"}, "id", "id must be a whole number from 1."),
        (
            {"entity": "category", "id": "x" * 41},
            "id",
            "id must be a category id of at most 40 characters.",
        ),
        ({"person": "-3"}, "person", "person must be a whole number from 1."),
        ({"person": "9" * 30}, "person", "person must be a whole number from 1."),
        ({"from": "2026-13-01"}, "from", "from must be a date written YYYY-MM-DD."),
        ({"from": "2026-06-02", "to": "2026-06-01"}, "from", "From must be on or before To."),
        ({"page": "0"}, "page", "page must be a whole number from 1."),
    ],
)
def test_bad_filters_name_the_parameter(admin_client_api, params, field, message):
    response = admin_client_api.get(URL, params)

    assert response.status_code == 400
    body = response.json()
    assert body["message"] == message and list(body["errors"]) == [field]


def test_a_page_costs_the_same_queries_however_long(admin_client_api, make_user):
    def queries(limit):
        with CaptureQueriesContext(connection) as captured:
            page = admin_client_api.get(URL, {"limit": limit}).json()
        return len(captured), page

    make_product(name="First")
    queries(1)  # the kinds' content types, read once per process
    one, _ = queries(1)
    for n in range(12):
        make_user(name=f"Person {n}")
        make_product(name=f"P{n}", types=1, images=0)

    many, page = queries(30)

    assert len(page["entries"]) == 30 and many == one
    assert many <= 4  # the count and the page (with each person), and the signed-in user
