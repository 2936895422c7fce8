"""Local delivery's rules through the API: ZIP code and area, phone number, hours, lead time,
booking horizon and capacity per hour. The clock is pinned to Wednesday 10 June 2026, 9:00
in Los Angeles; every refusal stores nothing."""

from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderStatus
from tests.factories import (
    CHECKOUT_URL,
    checkout_body,
    line,
    make_product,
    post_checkout,
    refused_order,
    stock_of,
)

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE)
TODAY, TOMORROW = "2026-06-10", "2026-06-11"


@pytest.fixture(autouse=True)
def pinned_clock():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def shopper(pinned_clock, client_for, customer):
    return client_for(customer)


@pytest.fixture
def lamp():
    return make_product(name="Lamp", quantity=5)


def delivery(lamp, **fields):
    return checkout_body(line(lamp), option="delivery", **{"deliveryDate": TOMORROW, **fields})


# --- ZIP code and delivery area --------------------------------------------------------


@pytest.mark.parametrize("zip_code", [None, "", "   "])
def test_delivery_needs_a_zip_code(shopper, lamp, zip_code):
    answer = refused_order(shopper, delivery(lamp, deliveryZip=zip_code))

    assert answer["message"] == "Please enter your ZIP code"
    assert answer["errors"] == {"deliveryZip": ["Please enter your ZIP code"]}
    assert stock_of(lamp) == 5


@pytest.mark.parametrize("zip_code", ["9284", "928401", "92840-1234", "ABCDE", "9 2840"])
def test_a_zip_code_is_five_digits(shopper, lamp, zip_code):
    answer = refused_order(shopper, delivery(lamp, deliveryZip=zip_code))

    assert answer["message"] == "Please enter a valid 5-digit ZIP code"


@pytest.mark.parametrize("zip_code", ["90210", "92101", "90001"])
def test_a_zip_outside_orange_county_is_refused(shopper, lamp, zip_code):
    answer = refused_order(shopper, delivery(lamp, deliveryZip=zip_code))

    assert answer["message"] == (
        "Sorry, local delivery is only available in Orange County. "
        f"{zip_code} is outside our delivery area."
    )


@pytest.mark.parametrize("zip_code", ["92840", "92602", "90620", "92899", " 92660 "])
def test_orange_county_zip_codes_are_served(shopper, lamp, zip_code):
    order = post_checkout(shopper, delivery(lamp, deliveryZip=zip_code))["order"]

    assert order["deliveryZip"] == zip_code.strip()


def test_the_area_comes_from_the_environment_when_set(shopper, lamp, settings):
    settings.DELIVERY_ZIP_CODES = ["90210"]

    assert (
        post_checkout(shopper, delivery(lamp, deliveryZip="90210"))["order"]["deliveryZip"]
        == "90210"
    )
    assert (
        shopper.post(CHECKOUT_URL, delivery(lamp, deliveryZip="92840"), format="json").status_code
        == 400
    )


def test_shop_info_tells_the_area_hours_and_window(api_client):
    info = api_client.get("/api/shop/info").json()

    assert "92840" in info["deliveryZipCodes"] and "90210" not in info["deliveryZipCodes"]
    assert info["deliveryHours"] == {"start": "10:00", "end": "20:00"}
    assert info["deliveryLeadMinutes"] == 120
    assert info["deliveryMaxDaysAhead"] == 30
    assert info["deliveryEarliest"] == "2026-06-10T11:00-07:00"
    assert info["deliveryLatestDate"] == "2026-07-10"
    assert info["deliveryHourlyCapacity"] is None
    assert info["timeZone"] == "America/Los_Angeles"
    assert info["idNotices"] == {
        "pickup": "Bring a valid photo ID (21+)",
        "delivery": "ID will be checked at delivery (21+)",
    }


def test_a_zip_code_can_be_checked_before_checkout(api_client):
    served = api_client.get("/api/shop/delivery-zip/92840")
    outside = api_client.get("/api/shop/delivery-zip/90210")
    malformed = api_client.get("/api/shop/delivery-zip/9021")

    assert served.json() == {"zip": "92840", "served": True, "message": "We deliver to 92840."}
    assert outside.json()["served"] is False
    assert outside.json()["message"].endswith("90210 is outside our delivery area.")
    assert malformed.status_code == 400
    assert malformed.json()["message"] == "Please enter a valid 5-digit ZIP code"


# --- Phone number ----------------------------------------------------------------------


@pytest.mark.parametrize("phone", ["x", "123", "555-0142", "+44 20 7946 0958", "604-555-0100"])
def test_a_delivery_phone_must_be_a_valid_us_number(shopper, lamp, phone):
    answer = refused_order(shopper, delivery(lamp, phoneNumber=phone))

    assert answer["message"] == "Please enter a valid phone number"
    assert answer["errors"] == {"phoneNumber": ["Please enter a valid phone number"]}


@pytest.mark.parametrize("phone", ["714.555.0142", "+1 714 555 0142", "(714)5550142", "7145550142"])
def test_phone_numbers_are_stored_in_one_form(shopper, lamp, phone):
    assert (
        post_checkout(shopper, delivery(lamp, phoneNumber=phone))["order"]["phoneNumber"]
        == "(714) 555-0142"
    )
    assert Order.objects.get().phone_number == "(714) 555-0142"


@pytest.mark.parametrize(
    "phone, answer",
    [
        ("714.555.0142", {"phone": "(714) 555-0142", "valid": True, "message": ""}),
        (
            "604-555-0100",
            {
                "phone": "604-555-0100",
                "valid": False,
                "message": "Please enter a valid phone number",
            },
        ),
        (
            "call me",
            {"phone": "call me", "valid": False, "message": "Please enter a valid phone number"},
        ),
    ],
)
def test_a_phone_number_can_be_checked_before_checkout(api_client, phone, answer):
    response = api_client.get("/api/shop/phone-check", {"phone": phone})

    assert response.status_code == 200
    assert response.json() == answer


def test_an_empty_phone_check_is_a_400_naming_the_field(api_client):
    response = api_client.get("/api/shop/phone-check", {"phone": "  "})

    assert response.status_code == 400
    assert response.json()["message"] == "Please enter your phone number for delivery"
    assert response.json()["errors"] == {"phone": ["Please enter your phone number for delivery"]}


# --- Hours, lead time and horizon -------------------------------------------------------


def times_on(client, day):
    response = client.get("/api/shop/delivery-times", {"date": day})
    assert response.status_code == 200, response.json()
    return response.json()


def test_the_times_offered_today_start_after_the_lead_time(api_client, shopper, lamp):
    answer = times_on(api_client, TODAY)

    assert answer["date"] == TODAY and answer["message"] == ""
    assert answer["times"][0] == "11:00" and answer["times"][-1] == "20:00"
    assert len(answer["times"]) == 19
    # what is offered is accepted, what is not (the half hour before) refused
    assert refused_order(shopper, delivery(lamp, deliveryDate=TODAY, deliveryTime="10:30"))
    assert post_checkout(shopper, delivery(lamp, deliveryDate=TODAY, deliveryTime="11:00"))


def test_a_day_past_the_horizon_or_before_today_offers_no_time(api_client):
    far = times_on(api_client, "2026-07-11")
    past = times_on(api_client, "2026-06-09")

    assert far == {
        "date": "2026-07-11",
        "times": [],
        "message": "Delivery can be booked at most 30 days ahead. "
        "Please choose a date up to July 10, 2026.",
    }
    assert past["times"] == []
    assert past["message"] == "Delivery date cannot be earlier than today"
    assert len(times_on(api_client, "2026-07-10")["times"]) == 21


def test_late_in_the_evening_today_offers_nothing(api_client):
    with time_machine.travel(datetime(2026, 6, 10, 19, 0, tzinfo=SHOP_TIME_ZONE), tick=False):
        answer = times_on(api_client, TODAY)

    assert answer["times"] == []
    assert answer["message"] == (
        "No delivery times are left on this day. Please choose a later date."
    )


def test_an_hour_at_capacity_is_not_offered(api_client, shopper, lamp, settings):
    settings.DELIVERY_HOURLY_CAPACITY = 1
    post_checkout(shopper, delivery(lamp, deliveryTime="14:00"))

    times = times_on(api_client, TOMORROW)["times"]

    assert "13:30" in times and "15:00" in times
    assert "14:00" not in times and "14:30" not in times


@pytest.mark.parametrize("day", [None, "", "tomorrow", "2026-02-30"])
def test_a_missing_or_bad_date_is_a_400_naming_it(api_client, day):
    response = api_client.get("/api/shop/delivery-times", {} if day is None else {"date": day})

    assert response.status_code == 400
    assert response.json()["message"] == "Please select a delivery date"
    assert response.json()["errors"] == {"date": ["Please select a delivery date"]}


@pytest.mark.parametrize("when", ["09:59", "20:01", "23:30", "6:00 AM"])
def test_a_time_outside_the_delivery_hours_is_refused(shopper, lamp, when):
    answer = refused_order(shopper, delivery(lamp, deliveryTime=when))

    assert answer["message"] == (
        "Local delivery runs from 10:00 AM to 8:00 PM. Please choose a time in that window."
    )


@pytest.mark.parametrize(
    "when, stored", [("10:00", "10:00"), ("20:00", "20:00"), ("2:30 pm", "14:30")]
)
def test_times_inside_the_hours_are_accepted(shopper, lamp, when, stored):
    assert (
        post_checkout(shopper, delivery(lamp, deliveryTime=when))["order"]["deliveryTime"] == stored
    )


def test_an_unreadable_time_is_refused(shopper, lamp):
    answer = refused_order(shopper, delivery(lamp, deliveryTime="noon-ish"))

    assert answer["message"] == "Please select a valid delivery time"


def test_a_delivery_needs_the_lead_time(shopper, lamp):
    answer = refused_order(shopper, delivery(lamp, deliveryDate=TODAY, deliveryTime="10:30"))

    assert answer["message"] == (
        "Local delivery needs at least 2 hours notice. "
        "The earliest delivery time is June 10, 2026 at 11:00 AM."
    )
    assert post_checkout(shopper, delivery(lamp, deliveryDate=TODAY, deliveryTime="11:00"))["order"]


def test_late_in_the_evening_the_earliest_time_is_the_next_morning(client_for, customer, lamp):
    with time_machine.travel(datetime(2026, 6, 10, 19, 0, tzinfo=SHOP_TIME_ZONE), tick=False):
        answer = client_for(customer).post(
            CHECKOUT_URL, delivery(lamp, deliveryDate=TODAY, deliveryTime="20:00"), format="json"
        )

    assert answer.status_code == 400
    assert answer.json()["message"].endswith(
        "The earliest delivery time is June 11, 2026 at 10:00 AM."
    )


def test_a_delivery_at_most_30_days_ahead(shopper, lamp):
    answer = refused_order(shopper, delivery(lamp, deliveryDate="2026-07-11"))

    assert answer["message"] == (
        "Delivery can be booked at most 30 days ahead. Please choose a date up to July 10, 2026."
    )
    assert post_checkout(shopper, delivery(lamp, deliveryDate="2026-07-10"))["order"]


def test_the_window_is_a_shop_setting(shopper, lamp, settings):
    settings.DELIVERY_HOURS_START, settings.DELIVERY_HOURS_END = "08:00", "12:00"

    answer = refused_order(shopper, delivery(lamp, deliveryTime="14:00"))

    assert answer["message"].startswith("Local delivery runs from 8:00 AM to 12:00 PM.")
    assert post_checkout(shopper, delivery(lamp, deliveryTime="08:30"))["order"]


# --- Capacity per hour -----------------------------------------------------------------


def test_a_full_hour_is_refused_and_a_cancel_frees_it(shopper, lamp, settings, admin_client_api):
    settings.DELIVERY_HOURLY_CAPACITY = 2
    first = post_checkout(shopper, delivery(lamp, deliveryTime="14:00"))["order"]
    post_checkout(shopper, delivery(lamp, deliveryTime="14:45"))

    full = shopper.post(CHECKOUT_URL, delivery(lamp, deliveryTime="14:30"), format="json")

    assert full.status_code == 409
    assert full.json()["message"] == "That delivery time is full. Please choose another time."
    assert Order.objects.count() == 2
    assert stock_of(lamp) == 3
    # the next hour has room
    assert post_checkout(shopper, delivery(lamp, deliveryTime="15:00"))["order"]
    admin_client_api.put(f"/api/orders/{first['id']}/cancel")
    assert Order.objects.get(pk=first["id"]).status == OrderStatus.CANCELLED
    assert post_checkout(shopper, delivery(lamp, deliveryTime="14:30"))["order"]


def test_pickup_and_shipping_ignore_the_delivery_rules(shopper, lamp):
    pickup = post_checkout(shopper, checkout_body(line(lamp), deliveryZip="00000"))["order"]
    shipping = post_checkout(shopper, checkout_body(line(lamp), option="shipping"))["order"]

    assert pickup["deliveryZip"] == "" and shipping["deliveryZip"] == ""


def test_a_pickup_phone_when_given_is_checked_too(shopper, lamp):
    answer = refused_order(shopper, checkout_body(line(lamp), phoneNumber="call me"))

    assert answer["message"] == "Please enter a valid phone number"


def test_the_django_admins_list_replaces_the_default_area(shopper, lamp, admin_browser):
    added = admin_browser.post(
        "/admin/storesettings/deliveryzipcode/add/", {"zip_code": "90210", "place": "Beverly Hills"}
    )
    assert added.status_code == 302

    assert (
        post_checkout(shopper, delivery(lamp, deliveryZip="90210"))["order"]["deliveryZip"]
        == "90210"
    )
    outside = shopper.post(CHECKOUT_URL, delivery(lamp, deliveryZip="92840"), format="json")
    assert outside.status_code == 400
    assert outside.json()["message"].endswith("92840 is outside our delivery area.")


def test_the_admin_refuses_a_malformed_zip_code(admin_browser):
    page = admin_browser.post("/admin/storesettings/deliveryzipcode/add/", {"zip_code": "9021"})

    assert page.status_code == 200
    assert b"Please enter a valid 5-digit ZIP code" in page.content
