"""Issue 39 in Chromium: a shop run by a team. A customer's order shows up on a staff member's
open Orders page (another browser) within 5 seconds, counted in the tab's title; the pickup
is marked ready and its customer emailed; on a 375 px phone the driver's view delivers an
order with its ID check and records a delivery that failed."""

import re
import time
import uuid

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import sign_in
from .helpers import (
    ADULT_BIRTH,
    add_to_cart,
    admin_token,
    draw_signature,
    la_today,
    make_customer,
    make_product,
    ok,
    open_cart,
    submit_order,
    to_checkout_step,
    unique,
)
from .test_password_reset import _send_queued_emails

PHONE = {"width": 375, "height": 812}


def make_staff(server, name):
    """A staff account made by the admin (POST /api/auth/users): its password signs it in."""
    password = f"pear-{uuid.uuid4().hex[:12]}-drum"
    ok(
        call(
            server,
            "POST",
            "/api/auth/users",
            {
                "email": f"staff-{uuid.uuid4().hex[:10]}@example.com",
                "name": name,
                "password": password,
                "role": "staff",
            },
            token=admin_token(server),
        ),
        201,
    )
    return password


def is_news_since(response):
    """A poll of the news after the page's first answer (it asks what came after its ids)."""
    return "/api/announcements?" in response.url and "afterOrder=" in response.url


def test_a_new_order_shows_on_the_staff_members_open_orders_page_then_is_made_ready(
    server, server_environment, new_page
):
    product = make_product(server, admin_token(server), name=unique("Team Balloons"), price="8.00")
    staff = sign_in(new_page(), make_staff(server, "Olive Orders"))
    with staff.expect_response(is_news_since):
        staff.goto("/orders")
    expect(staff.get_by_role("heading", level=1, name="All Orders")).to_be_visible()
    title = staff.title()
    # Staff see their part of the back office only.
    tabs = staff.get_by_role("navigation", name="Admin").get_by_role("link")
    expect(tabs).to_have_text(["Products", "Orders", "Rides", "Deliveries"])

    _, password, _ = make_customer(server, name="Nora New")
    shopper = sign_in(new_page(), password)
    add_to_cart(shopper, product, quantity=2)
    open_cart(shopper)
    drawer = to_checkout_step(shopper, "Store Pickup")
    drawer.get_by_label("Full Name").fill("Nora New")
    order = submit_order(shopper)["order"]
    placed = time.monotonic()

    row = staff.get_by_role("button", name=f"Open order {order['id']}")
    expect(row).to_be_visible(timeout=5_000)
    expect(staff).to_have_title("(1) Orders", timeout=1_000)
    assert time.monotonic() - placed < 5, time.monotonic() - placed
    expect(staff.get_by_text("1 new order", exact=True)).to_be_visible()

    # Opening it is seeing it: the title is the shop's again.
    row.click()
    expect(staff).to_have_title(title)
    card = staff.get_by_role("dialog", name=f"Order #{order['id']}")
    card.get_by_role("button", name=f"Mark order {order['id']} ready").click()
    expect(card.get_by_text(re.compile(r"^Ready since "))).to_be_visible()
    expect(card.get_by_role("button", name=f"Mark order {order['id']} ready")).to_have_count(0)

    mail = _send_queued_emails(server_environment)
    assert f"Order #{order['id']} is ready for pickup" in mail, mail[-2000:]

    # The customer's My Orders says it is ready.
    shopper.goto("/orders")
    mine = shopper.get_by_role("article", name=f"Order #{order['id']}")
    expect(mine.get_by_text("Ready for pickup", exact=True)).to_be_visible()


def _delivery_day(server):
    """The first day from today with delivery times left, and two of its times."""
    for ahead in range(0, 8):
        day = la_today(ahead).isoformat()
        answer = ok(call(server, "GET", f"/api/shop/delivery-times?date={day}"), 200)
        if len(answer["times"]) >= 2:
            return day, answer["times"][0], answer["times"][1]
    raise AssertionError("no delivery day with two free times in a week")


def _book_delivery(server, token, product, day, clock, name):
    return ok(
        call(
            server,
            "POST",
            "/api/orders/checkout",
            {
                "cartItems": [{"productId": product["id"], "productTypeId": None, "quantity": 1}],
                "customerName": name,
                "deliveryOption": "delivery",
                "deliveryAddress": "12 Harbor Blvd, Garden Grove, CA",
                "deliveryZip": "92840",
                "phoneNumber": "714.555.0188",
                "deliveryDate": day,
                "deliveryTime": clock,
                "specialInstructions": "Blue door",
                "ageConfirmed": True,
            },
            token=token,
        ),
        201,
    )["order"]


def test_the_drivers_view_on_a_phone_delivers_with_an_id_check_and_records_a_failed_delivery(
    server, new_page
):
    token = admin_token(server)
    # Juices are 21+: their delivery asks for the ID at the door.
    juice = make_product(server, token, name=unique("Door Juice"), category="juices", price="30.00")
    balloons = make_product(server, token, name=unique("Door Balloons"), price="30.00")
    day, first_time, second_time = _delivery_day(server)
    _, _, customer = make_customer(server, name="Dora Door")
    # Booked out of order: the view lists them by booked time.
    late = _book_delivery(server, customer, balloons, day, second_time, "Dora Late")
    early = _book_delivery(server, customer, juice, day, first_time, "Dora Early")
    # The 21+ ID check, and the first-run rule of a delivered nicotine product (the PACT Act):
    # the recipient's name and signature.
    assert set(early["checks"]["requiredFields"]) == {
        "idType",
        "birthYear",
        "recipientName",
        "signature",
    }, early["checks"]
    assert late["checks"]["requiredFields"] == []

    driver = sign_in(new_page(viewport=PHONE), make_staff(server, "Dev Driver"))
    driver.goto(f"/deliveries?date={day}")
    expect(driver.get_by_role("heading", level=1, name="Deliveries")).to_be_visible()
    cards = driver.get_by_role("article")
    names = [f"Dora Early #{early['id']}", f"Dora Late #{late['id']}"]
    headings = cards.get_by_role("heading")
    expect(headings.filter(has_text=re.compile(r"^Dora (Early|Late) #"))).to_have_text(names)
    # Nothing is wider than the phone.
    assert driver.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    first = driver.get_by_role("article", name=names[0])
    address = first.get_by_role("link", name="12 Harbor Blvd, Garden Grove, CA")
    expect(address).to_have_attribute(
        "href", "https://maps.google.com/?q=12%20Harbor%20Blvd%2C%20Garden%20Grove%2C%20CA"
    )
    expect(first.get_by_role("link", name="Call (714) 555-0188")).to_have_attribute(
        "href", "tel:7145550188"
    )
    expect(
        first.get_by_role("list", name=f"Checks at the door for order {early['id']}")
    ).to_contain_text("Photo ID")

    first.get_by_role("button", name="Delivered").click()
    form = driver.get_by_role("dialog", name=f"Hand over order #{early['id']}")
    form.get_by_role("button", name="Complete hand-over").click()
    expect(form.get_by_role("alert")).to_have_text(
        "Complete every check before handing the order over."
    )
    form.get_by_label("ID type").select_option("Driver's license")
    form.get_by_label("Year of birth on the ID").fill(ADULT_BIRTH[:4])
    form.get_by_label("Recipient's name").fill("Dora Door")
    draw_signature(driver, form)
    form.get_by_role("button", name="Complete hand-over").click()
    expect(driver.get_by_text("Order handed over.")).to_be_visible()
    expect(first.get_by_text(re.compile(r"^Handed over .* by Dev Driver$"))).to_be_visible()
    expect(first.get_by_role("button", name="Delivered")).to_have_count(0)

    second = driver.get_by_role("article", name=names[1])
    second.get_by_role("button", name="Could not deliver").click()
    failed = driver.get_by_role("dialog", name=f"Could not deliver order #{late['id']}")
    failed.get_by_label("Nobody home").check()
    expect(failed.get_by_label("Keep it pending (try again)")).to_be_checked()
    failed.get_by_role("button", name="Record failed delivery").click()
    expect(
        driver.get_by_text("Delivery failure recorded; the order stays pending.")
    ).to_be_visible()
    # Still pending, so the driver can try again; the reason is in the order's events.
    expect(second.get_by_role("button", name="Delivered")).to_be_visible()
    found = ok(call(server, "GET", f"/api/orders?search=%23{late['id']}", token=token), 200)
    kept = next(o for o in found["orders"] if o["id"] == late["id"])
    assert kept["status"] == "pending"
    assert any("Could not deliver: Nobody home" in (e.get("note") or "") for e in kept["events"]), (
        kept["events"]
    )
