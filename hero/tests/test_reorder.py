import pytest

from hero.models import HeroImage
from hero.tests.factories import make_hero

pytestmark = pytest.mark.django_db

URL = "/api/hero/images/reorder"


def reorder(client, *pairs):
    body = {"imageOrders": [{"id": hero_id, "display_order": order} for hero_id, order in pairs]}
    return client.put(URL, body, format="json")


@pytest.fixture
def three(db):
    return [make_hero(title=title, display_order=i) for i, title in enumerate("ABC")]


def stored_orders():
    return dict(HeroImage.objects.values_list("title", "display_order"))


def test_anonymous_is_401_and_customer_403(api_client, customer_client, three):
    a, b, c = three

    assert reorder(api_client, (c.pk, 1)).status_code == 401
    assert reorder(customer_client, (c.pk, 1)).status_code == 403
    assert stored_orders() == {"A": 0, "B": 1, "C": 2}


def test_admin_reorders_all(admin_client_api, three):
    a, b, c = three

    response = reorder(admin_client_api, (c.pk, 1), (a.pk, 2), (b.pk, 3))

    assert response.status_code == 200
    assert [(hero["title"], hero["display_order"]) for hero in response.json()] == [
        ("C", 0),
        ("A", 1),
        ("B", 2),
    ]
    assert stored_orders() == {"C": 0, "A": 1, "B": 2}


def test_trailing_slash_reaches_reorder_not_the_detail_route(admin_client_api, three):
    a, b, c = three

    response = admin_client_api.put(
        URL + "/", {"imageOrders": [{"id": c.pk, "display_order": 1}]}, format="json"
    )

    assert response.status_code == 200


def test_naming_some_leaves_the_others_and_ties_go_by_id(admin_client_api, three):
    a, b, c = three

    response = reorder(admin_client_api, (c.pk, 1))

    assert [hero["title"] for hero in response.json()] == ["A", "C", "B"]
    assert stored_orders() == {"A": 0, "B": 1, "C": 0}


def test_an_unknown_id_is_400_and_nothing_changes(admin_client_api, three):
    a, b, c = three

    response = reorder(admin_client_api, (c.pk, 1), (a.pk, 3), (9999, 2))

    assert response.status_code == 400
    assert "9999" in response.json()["message"]
    assert stored_orders() == {"A": 0, "B": 1, "C": 2}


def test_a_repeated_id_is_400_and_nothing_changes(admin_client_api, three):
    a, b, c = three

    response = reorder(admin_client_api, (c.pk, 1), (c.pk, 3))

    assert response.status_code == 400
    assert stored_orders() == {"A": 0, "B": 1, "C": 2}


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"imageOrders": []},
        {"imageOrders": "1,2"},
        {"imageOrders": [{"id": 1}]},
        {"imageOrders": [{"id": 1, "display_order": 0}]},
        {"imageOrders": [{"id": "x", "display_order": 1}]},
    ],
)
def test_malformed_bodies_are_400(admin_client_api, three, body):
    response = admin_client_api.put(URL, body, format="json")

    assert response.status_code == 400
    assert response.json()["message"]
    assert stored_orders() == {"A": 0, "B": 1, "C": 2}
