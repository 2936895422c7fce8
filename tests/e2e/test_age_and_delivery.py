"""Journey: 21+ goods and the delivery rules. A vape carries the 21+ mark, checkout asks for the
age confirmation and the confirmation page tells the shopper to bring ID; shipping is shown
unavailable for a vape before it is picked; local delivery says at once whether a ZIP is
served, offers only the hours the shop delivers in, flags a bad phone number before sending,
and shows the server's refusals (a ZIP outside Orange County, a time outside the hours) beside
the field."""

import re

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import (
    add_to_cart,
    admin_token,
    la_today,
    make_customer,
    make_product,
    ok,
    open_cart,
    shopper_with,
    submit_order,
    to_checkout_step,
    unique,
)

AGE_REFUSAL = "Please confirm you are 21 or older to order age-restricted products."
PICKUP_NOTICE = "Bring a valid photo ID (21+)"
DELIVERY_NOTICE = "ID will be checked at delivery (21+)"
OUTSIDE = (
    "Sorry, local delivery is only available in Orange County. 90210 is outside our delivery area."
)
HOURS_REFUSAL = "Local delivery runs from 10:00 AM to 8:00 PM. Please choose a time in that window."


def vape_shopper(server, new_page, page=None):
    """A signed-in shopper and a vape (21+, cannot be shipped) of their own."""
    return shopper_with(
        server, new_page, "25.00", category="disposables", name="Cloud Vape", page=page
    )


def refused(page, message, field):
    """'Place Order' is refused by the server with its message, beside the field at fault."""
    body = submit_order(page, 400)
    assert body["message"] == message, body
    drawer = page.get_by_role("dialog", name="Checkout")
    expect(drawer.get_by_role("alert")).to_have_text(message)
    expect(drawer.get_by_label(field, exact=True)).to_be_focused()
    expect(page).not_to_have_url(re.compile(r"/order-confirmation$"))


def test_a_vape_through_the_age_box_to_the_id_notice(server, new_page):
    page, vape = vape_shopper(server, new_page)
    page.goto(f"/?search={vape['name'].split()[-1]}")
    card = page.locator(".product-card", has_text=vape["name"])
    expect(card.get_by_text("21+", exact=True)).to_be_visible()

    add_to_cart(page, vape)
    expect(page.locator(".product__meta").get_by_text("21+", exact=True)).to_be_visible()
    open_cart(page)
    drawer = to_checkout_step(page, "Store Pickup", confirm_age=False)
    drawer.get_by_label("Full Name").fill("Avery Adult")
    box = drawer.get_by_role("checkbox", name="I am 21 or older")
    expect(box).not_to_be_checked()
    expect(drawer.get_by_text(f"{vape['name']} is sold to adults only.")).to_be_visible()

    refused(page, AGE_REFUSAL, "I am 21 or older")
    box.check()
    expect(drawer.get_by_role("alert")).to_have_count(0)
    order = submit_order(page)["order"]

    assert order["idCheckRequired"] is True and order["ageConfirmedAt"]
    expect(page.get_by_role("heading", level=1, name="Order Confirmed")).to_be_visible()
    expect(page.get_by_test_id("id-notice")).to_have_text(PICKUP_NOTICE)
    page.get_by_role("navigation", name="Account").get_by_role("link", name="My Orders").click()
    card = page.get_by_role("article", name=f"Order #{order['id']}")
    expect(card.get_by_test_id("id-notice")).to_have_text(PICKUP_NOTICE)


def test_shipping_is_shown_unavailable_for_a_vape(server, new_page):
    page, vape = vape_shopper(server, new_page)
    add_to_cart(page, vape)
    open_cart(page).get_by_role("button", name="Checkout", exact=True).click()
    options = page.get_by_role("dialog", name="Delivery Options")
    shipping = options.get_by_role("radio", name="Standard Shipping")
    expect(shipping).to_be_disabled()
    reason = f"{vape['name']} can't be shipped. Please choose pickup or local delivery."
    expect(options.locator("label", has_text="Standard Shipping")).to_contain_text(reason)
    expect(options.get_by_role("radio", name="Store Pickup")).to_be_enabled()

    # Local delivery offers only the shop's hours: on a later day every half hour, 10 to 8.
    options.get_by_role("radio", name="Local Delivery").check()
    options.get_by_role("button", name="Continue").click()
    drawer = page.get_by_role("dialog", name="Checkout")
    drawer.get_by_label("Delivery Date").fill(la_today(3).isoformat())
    times = drawer.get_by_label("Delivery Time").locator("option")
    expect(times).to_have_count(22)
    expect(times.nth(1)).to_have_text("10:00 AM")
    expect(times.nth(21)).to_have_text("8:00 PM")


def test_local_delivery_zip_phone_and_hours_refusals(server, new_page):
    page = new_page()

    # Times served before the shop changed its hours: the page offers a time the shop no
    # longer delivers in, so the server's own check at checkout is what refuses it.
    def stale_times(route):
        response = route.fetch()
        body = response.json()
        body["times"] = [*body["times"], "21:30"]
        route.fulfill(response=response, json=body)

    page.route(re.compile(r"/api/shop/delivery-times\?"), stale_times)
    page, vape = vape_shopper(server, new_page, page)
    add_to_cart(page, vape, quantity=3)  # $75: delivery is free
    open_cart(page)
    drawer = to_checkout_step(page, "Local Delivery", confirm_age=False)
    drawer.get_by_label("Full Name").fill("Dee Delivery")
    drawer.get_by_label("Delivery Address").fill("1 Harbor Blvd, Garden Grove, CA")

    zip_field = drawer.get_by_label("ZIP Code")
    zip_field.fill("92840")
    expect(drawer.get_by_text("We deliver to 92840.")).to_be_visible()
    zip_field.fill("90210")
    expect(drawer.get_by_text(OUTSIDE)).to_be_visible()
    expect(drawer.get_by_text("We deliver to 92840.")).to_have_count(0)

    # A bad phone number is flagged by the server's rule (GET /api/shop/phone-check) before
    # any order is sent; test_checkout_checks.py shows no checkout request goes out.
    phone = drawer.get_by_label("Phone Number")
    phone.fill("555")
    expect(drawer.get_by_text("Please enter a valid phone number")).to_be_visible()
    drawer.get_by_label("Delivery Date").fill(la_today(2).isoformat())
    drawer.get_by_label("Delivery Time").select_option("21:30")
    drawer.get_by_role("checkbox", name="I am 21 or older").check()
    phone.fill("714.555.0188")

    refused(page, OUTSIDE, "ZIP Code")
    zip_field.fill("92840")
    refused(page, HOURS_REFUSAL, "Delivery Time")
    drawer.get_by_label("Delivery Time").select_option("14:30")
    order = submit_order(page)["order"]

    assert (order["deliveryZip"], order["deliveryTime"]) == ("92840", "14:30")
    assert order["phoneNumber"] == "(714) 555-0188"
    expect(page.get_by_role("heading", level=1, name="Order Confirmed")).to_be_visible()
    expect(page.get_by_test_id("id-notice")).to_have_text(DELIVERY_NOTICE)


def test_an_admin_closes_shipping_for_a_category_and_the_next_checkout_follows(server, new_page):
    """Hemp is 21+ and shippable by default; no other journey buys it, so turning its
    shipping off for a moment here changes nothing elsewhere (and it is turned back on)."""
    token = admin_token(server)
    hemp = make_product(server, token, name=unique("Hemp Balm"), category="hemp")
    admin = sign_in(new_page(), ADMIN_PASSWORD)
    admin.goto("/?category=hemp")
    rules = admin.get_by_role("group", name="Hemp sale rules")
    shippable = rules.get_by_role("checkbox", name="Can be shipped")
    expect(rules.get_by_role("checkbox", name="21+ only")).to_be_checked()
    expect(shippable).to_be_checked()
    try:
        with admin.expect_response(
            lambda r: r.url.endswith("/api/categories/hemp") and r.request.method == "PATCH"
        ) as answer:
            shippable.click()  # saved at once; the box follows the answer
        assert answer.value.status == 200, answer.value.text()
        expect(admin.get_by_text("Hemp updated")).to_be_visible()
        expect(shippable).not_to_be_checked()

        _, password, _ = make_customer(server)
        page = sign_in(new_page(), password)
        add_to_cart(page, hemp)
        open_cart(page).get_by_role("button", name="Checkout", exact=True).click()
        options = page.get_by_role("dialog", name="Delivery Options")
        expect(options.get_by_role("radio", name="Standard Shipping")).to_be_disabled()
        expect(options.locator("label", has_text="Standard Shipping")).to_contain_text(
            f"{hemp['name']} can't be shipped. Please choose pickup or local delivery."
        )
    finally:
        ok(call(server, "PATCH", "/api/categories/hemp", {"shippable": True}, token=token))
