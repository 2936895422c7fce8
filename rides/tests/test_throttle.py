"""A signed-in customer's ride requests are limited per user (RIDE_USER_THROTTLE_RATE): each
one emails the shop, and a token works from any address."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail

from common.throttles import RIDE_USER_THROTTLED
from rides.models import Ride
from rides.tests.factories import ride_body

pytestmark = pytest.mark.django_db


def soon():
    # After the fixtures signed their tokens: a clock before that would refuse them.
    return datetime.now(UTC) + timedelta(seconds=5)


def submit(client, ip="10.7.0.1"):
    return client.post("/api/rides", ride_body(), format="json", REMOTE_ADDR=ip)


@pytest.fixture(autouse=True)
def rates(settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "ride_user": "2/hour", "ride": "1/hour"}


def test_a_signed_in_customer_is_limited_whatever_the_address(customer_client, customer):
    with time_machine.travel(soon(), tick=False):
        assert submit(customer_client, ip="10.7.0.1").status_code == 201
        assert submit(customer_client, ip="10.7.0.2").status_code == 201
        mail.outbox.clear()

        refused = submit(customer_client, ip="10.7.0.3")

        assert refused.status_code == 429
        assert refused.json() == {"message": RIDE_USER_THROTTLED, "code": "throttled"}
        assert refused["Retry-After"] == "3600"
        assert Ride.objects.filter(user=customer).count() == 2
        assert mail.outbox == []


def test_the_limit_lifts_an_hour_after_the_first_request(customer_client):
    start = soon()
    with time_machine.travel(start, tick=False):
        for _ in range(3):
            submit(customer_client)
        assert submit(customer_client).status_code == 429
    with time_machine.travel(start + timedelta(hours=1, seconds=1), tick=False):
        assert submit(customer_client).status_code == 201


def test_each_user_has_their_own_allowance(customer_client, other_client, api_client):
    for _ in range(2):
        submit(customer_client)
    assert submit(customer_client).status_code == 429

    assert submit(other_client).status_code == 201
    # Anonymous requests from the same address have their own, per-address count.
    assert submit(api_client).status_code == 201
