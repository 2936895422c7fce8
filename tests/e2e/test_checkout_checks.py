"""Journey: the checks the shop makes before an order or an account is sent, with the
server's rules and words (GET /api/shop/info, /api/shop/phone-check, /api/shop/delivery-times,
POST /api/auth/password-check): a bad phone number is flagged and no order request goes out, a
day past the booking horizon offers no time and says why, a cart line without a price can
never be ordered, and the sign-up hint never promises that a password will be accepted."""

import re

from playwright.sync_api import expect

from .conftest import REGISTRATION_CODE
from .helpers import (
    add_to_cart,
    admin_token,
    is_checkout,
    la_today,
    make_customer,
    make_product,
    open_cart,
    shop_info,
    shopper_with,
    to_checkout_step,
    unique,
)

PHONE_INVALID = "Please enter a valid phone number"


def test_a_bad_phone_and_a_day_past_the_horizon_are_said_before_any_order_is_sent(server, new_page):
    page, balloons = shopper_with(server, new_page, "30.00", category="party-supplies")
    sent = []
    page.on(
        "request", lambda request: sent.append(request.url) if "checkout" in request.url else None
    )
    add_to_cart(page, balloons)
    open_cart(page)
    drawer = to_checkout_step(page, "Local Delivery")
    drawer.get_by_label("Full Name").fill("Pat Phone")
    drawer.get_by_label("Delivery Address").fill("1 Harbor Blvd, Garden Grove, CA")
    drawer.get_by_label("ZIP Code").fill("92840")

    phone = drawer.get_by_label("Phone Number")
    phone.fill("555-01")
    expect(phone).to_have_accessible_description(PHONE_INVALID)

    # A day past the horizon: no time is offered, and the date says why, in the server's words.
    date = drawer.get_by_label("Delivery Date")
    rules = shop_info(server)
    expect(date).to_have_attribute("max", rules["deliveryLatestDate"])
    date.fill(la_today(rules["deliveryMaxDaysAhead"] + 30).isoformat())
    expect(date).to_have_accessible_description(rules["checkoutMessages"]["dateTooFar"])
    expect(drawer.get_by_label("Delivery Time").locator("option")).to_have_count(1)

    date.fill(la_today(2).isoformat())
    drawer.get_by_label("Delivery Time").select_option("14:30")
    drawer.get_by_role("button", name="Place Order").click()
    expect(drawer.get_by_role("alert")).to_have_text(PHONE_INVALID)
    expect(phone).to_be_focused()
    assert sent == [], sent

    phone.fill("(714) 555-0142")
    with page.expect_response(is_checkout) as answer:
        drawer.get_by_role("button", name="Place Order").click()
    assert answer.value.status == 201, answer.value.text()


def test_a_cart_line_without_a_price_cannot_be_ordered(server, new_page):
    """A line kept in the cart (localStorage) from when the product had a price: the cart reads
    the product again, shows the server's sentence instead of "$0.00 each", leaves it out of the
    subtotal and stops Checkout until it is removed."""
    unpriced = make_product(server, admin_token(server), name=unique("Unpriced Hookah"), price="")
    assert unpriced["price"] is None
    page, balloons = shopper_with(server, new_page, "30.00", category="party-supplies")
    add_to_cart(page, balloons)
    as_added = {**unpriced, "price": 12}
    page.evaluate(
        """line => {
            const cart = JSON.parse(localStorage.getItem('cart'));
            localStorage.setItem('cart', JSON.stringify([...cart, line]));
        }""",
        {
            "cartKey": str(unpriced["id"]),
            "productId": unpriced["id"],
            "productTypeId": None,
            "quantity": 1,
            "product": as_added,
            "selectedType": None,
        },
    )
    page.reload()
    drawer = open_cart(page)
    sentence = f"{unpriced['name']} has no price yet and cannot be ordered."
    expect(drawer.get_by_role("list", name="Cart items").get_by_text(sentence)).to_be_visible()
    expect(drawer.get_by_text("$0.00 each")).to_have_count(0)
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$30.00")

    drawer.get_by_role("button", name="Checkout", exact=True).click()
    expect(drawer.get_by_role("alert")).to_have_text(
        "Some items in your cart are no longer available. Please review your cart."
    )
    remove = drawer.get_by_role("button", name=f"Remove {unpriced['name']}")
    expect(remove).to_be_focused()
    remove.click()
    expect(drawer.get_by_text(sentence)).to_have_count(0)
    drawer.get_by_role("button", name="Checkout", exact=True).click()
    expect(page.get_by_role("dialog", name="Delivery Options")).to_be_visible()


def test_the_sign_up_hint_never_promises_a_password_will_be_accepted(server, new_page):
    _, taken, _ = make_customer(server)
    page = new_page()
    page.goto("/login?mode=signup")
    page.get_by_label("Full name").fill("Nova Newcomer")
    page.get_by_label("Email").fill(f"{unique('nova').replace(' ', '-')}@example.com")
    password = page.get_by_label("Password", exact=True)
    password.fill(taken)
    expect(page.get_by_text(re.compile(r"^Strength: "))).to_be_visible()
    expect(page.get_by_text("Passes the strength checks.")).to_be_visible()
    expect(page.get_by_text(re.compile("will be accepted", re.I))).to_have_count(0)

    # Another account signs in with it: the server's 409, at the password field, once.
    page.get_by_label("Registration code").fill(REGISTRATION_CODE)
    page.get_by_role("button", name="Sign up").click()
    expect(password).to_have_accessible_description(
        "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
    )
    expect(
        page.get_by_text(
            "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
        )
    ).to_have_count(1)
    expect(page).to_have_url(re.compile(r"/login\?mode=signup$"))
