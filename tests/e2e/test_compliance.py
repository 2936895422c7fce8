"""Issue 38 in Chromium: a shopper sees why a flavoured e-liquid cannot be bought; a driver
records an ID check and a signature on a 375 px phone and the order completes; an owner takes
a category off sale and the shop front says so at once."""

import json
import re

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import (
    ADULT_BIRTH,
    _multipart,
    admin_tab,
    admin_token,
    draw_signature,
    make_customer,
    ok,
    unique,
)
from .test_team import PHONE, _book_delivery, _delivery_day, make_staff

# The first-run rule's words (compliance/migrations/0002_first_run_rules.py).
FLAVOURED = "Flavoured tobacco products and vapes cannot be sold in California."


def make_regulated_product(server, token, *, name, category, regulatory=None, price="25.00"):
    """A product of `category` with its own regulatory attributes (JSON in the multipart
    form, null = the category's); returns its JSON."""
    fields = {
        "name": name,
        "description": "Made by the browser suite.",
        "price": price,
        "availability": "true",
        "category": category,
        "quantity": "10",
    }
    if regulatory:
        fields["regulatory"] = json.dumps(regulatory)
    body, content_type = _multipart(fields)
    return ok(
        call(server, "POST", "/api/products", raw=body, content_type=content_type, token=token),
        201,
    )


def test_a_shopper_sees_why_a_flavoured_e_liquid_cannot_be_bought(server, new_page):
    # Juices are flavoured by their category's default: the first-run rule blocks them.
    juice = make_regulated_product(
        server, admin_token(server), name=unique("Mango Ice Juice"), category="juices"
    )
    _, password, _ = make_customer(server, name="Flavour Shopper")
    page = sign_in(new_page(), password)
    page.goto(f"/product/{juice['id']}")
    expect(page.get_by_role("heading", level=1, name=juice["name"])).to_be_visible()
    expect(page.get_by_test_id("not-for-sale-here")).to_have_text(FLAVOURED)
    add = page.get_by_role("button", name="Add to Cart")
    expect(add).to_be_disabled()
    expect(add).to_have_accessible_description(FLAVOURED)


def test_a_driver_records_the_id_and_a_signature_on_a_phone_and_the_order_completes(
    server, new_page
):
    token = admin_token(server)
    # A listed tobacco-flavoured e-liquid: sold, and its delivery asks the adult's ID and
    # signature (the PACT Act's first-run rule).
    juice = make_regulated_product(
        server,
        token,
        name=unique("Classic Tobacco Juice"),
        category="juices",
        regulatory={"flavoured": False, "utlEntry": "E2E Brand - Classic Tobacco"},
    )
    # The customer's profile holds an adult's date of birth (ADULT_BIRTH): the ID must agree.
    _, _, customer = make_customer(server, name="Paco Pact")
    day, first_time, _ = _delivery_day(server)
    placed = _book_delivery(server, customer, juice, day, first_time, "Paco Pact")
    required = placed["checks"]["requiredFields"]
    assert {"idType", "birthYear", "signature"} <= set(required), placed["checks"]

    driver = sign_in(new_page(viewport=PHONE), make_staff(server, "Sig Driver"))
    driver.goto(f"/deliveries?date={day}")
    card = driver.get_by_role("article", name=f"Paco Pact #{placed['id']}")
    card.get_by_role("button", name="Delivered").click()
    form = driver.get_by_role("dialog", name=f"Hand over order #{placed['id']}")
    expect(form.get_by_role("list", name="Read before handing over")).to_contain_text(
        "Delivery sale of nicotine products"
    )
    form.get_by_label("ID type").select_option("Driver's license")
    form.get_by_label("Year of birth on the ID").fill(ADULT_BIRTH[:4])
    if "recipientName" in required:
        form.get_by_label("Recipient's name").fill("Paco Pact")
    box = draw_signature(driver, form)
    # The pad fits the phone.
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert driver.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    form.get_by_role("button", name="Complete hand-over").click()
    expect(driver.get_by_text("Order handed over.")).to_be_visible()
    expect(card.get_by_text(re.compile(r"^Handed over .* by Sig Driver$"))).to_be_visible()

    found = ok(call(server, "GET", f"/api/orders?search=%23{placed['id']}", token=token), 200)
    done = next(o for o in found["orders"] if o["id"] == placed["id"])
    assert done["status"] == "completed"
    assert done["signatureUrl"] == f"/api/orders/{placed['id']}/signature"
    status, body, headers = call(server, "GET", done["signatureUrl"], token=token)
    assert status == 200 and body[:8] == b"\x89PNG\r\n\x1a\n", (status, body[:40])


def test_an_owner_takes_a_category_off_sale_and_the_shop_front_says_so_at_once(server, new_page):
    token = admin_token(server)
    balloons = make_regulated_product(
        server, token, name=unique("Off Sale Balloons"), category="party-supplies"
    )
    _, password, _ = make_customer(server, name="Kill Switch Shopper")
    shopper = sign_in(new_page(), password)
    shopper.goto(f"/product/{balloons['id']}")
    expect(shopper.get_by_role("button", name="Add to Cart")).to_be_enabled()
    expect(shopper.get_by_test_id("not-for-sale-here")).to_have_count(0)

    owner = sign_in(new_page(viewport={"width": 1366, "height": 900}), ADMIN_PASSWORD)
    admin_tab(owner, "compliance")
    expect(owner.get_by_role("heading", level=1, name="Compliance")).to_be_visible()
    # The twelfth tab is in the row or under More, and nothing sticks out of the screen (the
    # header's hidden ruler, which measures the tabs, is clipped).
    expect(
        owner.get_by_role("navigation", name="Admin").locator('[data-page="compliance"]')
    ).to_have_count(1)
    wider = owner.evaluate(
        """() => [...document.querySelectorAll('body *')]
          .filter((el) => !el.closest('.header__ruler'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5).map((el) => `${el.tagName}.${el.className}`)"""
    )
    assert not wider, wider
    assert owner.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    switches = owner.get_by_role("region", name="Take a category off sale")
    switch = switches.get_by_role("switch", name="Party Supplies")
    try:
        expect(switch).not_to_be_checked()
        switch.click()
        expect(owner.get_by_text("Party Supplies is off sale")).to_be_visible()
        expect(switch).to_be_checked()

        shopper.reload()
        expect(shopper.get_by_test_id("not-for-sale-here")).to_have_text(
            "Party Supplies is not for sale at the moment."
        )
        expect(shopper.get_by_role("button", name="Add to Cart")).to_be_disabled()

        switch.click()
        expect(owner.get_by_text("Party Supplies is back on sale")).to_be_visible()
        shopper.reload()
        expect(shopper.get_by_role("button", name="Add to Cart")).to_be_enabled()
        expect(shopper.get_by_test_id("not-for-sale-here")).to_have_count(0)
    finally:
        # Later journeys sell party supplies: whatever happened, the category goes back on sale.
        rules = ok(call(server, "GET", "/api/compliance/rules", token=token), 200)
        for rule in rules if isinstance(rules, list) else rules.get("rules", []):
            if rule["applies"].get("category") == "party-supplies" and rule["action"] == "block":
                call(
                    server,
                    "PATCH",
                    f"/api/compliance/rules/{rule['id']}",
                    {"active": False},
                    token=token,
                )
