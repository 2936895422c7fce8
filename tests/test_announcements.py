"""GET /api/announcements (docs/api.md, "Announcements"): an open back-office tab polls with
the newest ids it has seen and the last ETag; a 304 that reads nothing but the user row
while nothing is new, and the new order or ride request once one is created anywhere."""

import pytest

from tests.factories import checkout_body, line, make_product, post_checkout
from tests.permission_rows import RIDE

pytestmark = pytest.mark.django_db

URL = "/api/announcements"


def poll(client, etag=None, **after):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(URL, after, **headers)


def test_nothing_new_is_a_304_that_reads_only_the_user_row(staff_client, django_assert_num_queries):
    first = poll(staff_client, afterOrder=0, afterRide=0)
    assert first.status_code == 200
    assert first.json() == {"latestOrderId": 0, "latestRideId": 0, "orders": [], "rides": []}

    with django_assert_num_queries(1):  # the token's user row
        again = poll(staff_client, first["ETag"], afterOrder=0, afterRide=0)

    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]


def test_a_new_order_and_a_new_ride_are_announced(
    staff_client, customer_client, api_client, django_capture_on_commit_callbacks
):
    seen = poll(staff_client, afterOrder=0, afterRide=0)
    lamp = make_product(name="Lamp", quantity=5)

    with django_capture_on_commit_callbacks(execute=True):
        order = post_checkout(customer_client, checkout_body(line(lamp)))["order"]
    news = poll(staff_client, seen["ETag"], afterOrder=0, afterRide=0)

    assert news.status_code == 200
    body = news.json()
    assert body["latestOrderId"] == order["id"]
    assert body["orders"] == [
        {
            "id": order["id"],
            "customerName": "Casey Customer",
            "deliveryOption": "pickup",
            "total": order["total"],
            "createdAt": order["createdAt"],
        }
    ]
    assert body["rides"] == []

    with django_capture_on_commit_callbacks(execute=True):
        ride = api_client.post("/api/rides", RIDE, format="json").json()["ride"]
    after_ride = poll(staff_client, news["ETag"], afterOrder=order["id"], afterRide=0).json()

    assert after_ride["orders"] == []
    assert [r["id"] for r in after_ride["rides"]] == [ride["id"]]
    assert after_ride["rides"][0]["name"] == "Rider"


def test_a_refused_checkout_announces_nothing(
    staff_client, customer_client, django_capture_on_commit_callbacks
):
    seen = poll(staff_client, afterOrder=0)
    lamp = make_product(name="Lamp", quantity=1)

    with django_capture_on_commit_callbacks(execute=True):
        post_checkout(customer_client, checkout_body(line(lamp, 2)), status=409)

    assert poll(staff_client, seen["ETag"], afterOrder=0).status_code == 304


def test_without_ids_only_the_newest_ids_are_told(staff_client, customer_client):
    lamp = make_product(name="Lamp", quantity=5)
    order = post_checkout(customer_client, checkout_body(line(lamp)))["order"]

    body = poll(staff_client).json()

    assert (body["latestOrderId"], body["orders"]) == (order["id"], [])


@pytest.mark.parametrize("value", ["-1", "abc", str(2**64)])
def test_a_bad_id_is_a_400(staff_client, value):
    response = poll(staff_client, afterOrder=value)

    assert response.status_code == 400
    assert "afterOrder" in response.json()["message"]
