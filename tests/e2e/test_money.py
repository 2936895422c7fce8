"""Journey: money a shop can stand behind. The owner creates a promotion code in the back
office; a shopper applies it in the cart, sees each line the server quoted (subtotal, discount,
the excise, sales tax, total) and places the order; the confirmation and My Orders show the
same figures as the order answer; the owner sees the code's uses go up."""

import re

from playwright.sync_api import expect

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import add_to_cart, admin_tab, money, open_cart, shopper_with, submit_order, unique

# Each line of the money, under the data-testid suffix every screen gives it.
LINES = ("subtotal", "discount", "exciseTax", "salesTax", "total")


def figures_shown(scope, prefix):
    """The figures a screen shows, {line: text}, for the lines it has."""
    shown = {}
    for line in LINES:
        cell = scope.get_by_test_id(f"{prefix}-{line}")
        if cell.count():
            shown[line] = cell.inner_text()
    return shown


def order_figures(order):
    """The order answer's figures as the screens write them."""
    return {
        "subtotal": money(order["subtotal"]),
        "discount": f"-{money(order['discount'])}",
        "exciseTax": money(order["exciseTax"]),
        "salesTax": money(order["salesTax"]),
        "total": money(order["total"]),
    }


def create_promotion(owner, code):
    """Through the Promotions page: 10% off every category, nicotine products included."""
    admin_tab(owner, "promotions")
    expect(owner.get_by_role("heading", level=1, name="Promotions")).to_be_visible()
    owner.get_by_role("button", name="New promotion").click()
    form = owner.get_by_role("dialog", name="New promotion")
    form.get_by_label("Code").fill(code)
    form.get_by_label("Percent off").fill("10")
    form.get_by_label(re.compile(r"Include nicotine products")).check()
    with owner.expect_response(
        lambda r: r.url.endswith("/api/promotions") and r.request.method == "POST"
    ) as answer:
        form.get_by_role("button", name="Save promotion").click()
    assert answer.value.status == 201, answer.value.text()
    expect(owner.get_by_text(f"Promotion {code} saved")).to_be_visible()
    expect(owner.get_by_test_id(f"uses-{code}")).to_have_text("0")


def test_a_code_through_the_cart_to_the_order_and_its_uses(server, new_page):
    owner = sign_in(new_page(), ADMIN_PASSWORD)
    code = unique("E2E").replace(" ", "").upper()
    create_promotion(owner, code)

    # A juice: 21+ and charged the excise (its category's flag, first-run on for Juices).
    page, juice = shopper_with(server, new_page, "20.00", category="juices", name="Mango Juice")
    add_to_cart(page, juice)
    drawer = open_cart(page)
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$20.00")
    drawer.get_by_label("Promo code").fill(code)
    drawer.get_by_role("button", name="Apply").click()
    expect(drawer.get_by_text(f"Code {code} applied", exact=False)).to_be_visible()
    expect(drawer.get_by_test_id("cart-discount")).to_have_text("-$2.00")
    expect(drawer.get_by_text(f"Discount ({code})")).to_be_visible()
    expect(drawer.get_by_test_id("cart-exciseTax")).to_be_visible()
    expect(drawer.get_by_test_id("cart-salesTax")).to_be_visible()

    drawer.get_by_role("button", name="Checkout", exact=True).click()
    page.get_by_role("radio", name="Store Pickup").check()
    page.get_by_role("button", name="Continue").click()
    checkout = page.get_by_role("dialog", name="Checkout")
    checkout.get_by_label("Full Name").fill("Pat Promo")
    age = checkout.get_by_label("I am 21 or older")
    if age.count():
        age.check()
    expect(checkout.get_by_test_id("checkout-discount")).to_have_text("-$2.00")
    shown_at_checkout = figures_shown(checkout, "checkout")
    order = submit_order(page)["order"]

    # What the shopper was shown is what the order charged, line by line.
    assert order["promoCode"] == code and float(order["discount"]) == 2.0, order
    assert float(order["exciseTax"]) > 0 and float(order["salesTax"]) > 0, order
    expected = order_figures(order)
    assert shown_at_checkout == expected, (shown_at_checkout, expected)

    expect(page).to_have_url(re.compile(r"/order-confirmation$"))
    expect(page.get_by_role("heading", level=1, name="Order Confirmed")).to_be_visible()
    for line, text in expected.items():
        expect(page.get_by_test_id(f"confirmation-{line}")).to_have_text(text)

    page.get_by_role("navigation", name="Account").get_by_role("link", name="My Orders").click()
    card = page.get_by_role("article", name=f"Order #{order['id']}")
    for line, text in expected.items():
        expect(card.get_by_test_id(f"order-{order['id']}-{line}")).to_have_text(text)

    # The owner sees the use counted.
    owner.reload()
    expect(owner.get_by_test_id(f"uses-{code}")).to_have_text("1")


def test_a_refused_code_says_why_and_is_not_charged(server, new_page):
    page, product = shopper_with(server, new_page, "12.00", category="party-supplies")
    add_to_cart(page, product)
    drawer = open_cart(page)
    drawer.get_by_label("Promo code").fill(unique("NOSUCH").replace(" ", ""))
    drawer.get_by_role("button", name="Apply").click()
    field = drawer.get_by_label("Promo code")
    expect(field).to_have_attribute("aria-invalid", "true")
    # The server's own words for it, beside the field; no discount line.
    expect(drawer.locator("#cart-promo-code-error")).not_to_be_empty()
    expect(drawer.get_by_test_id("cart-discount")).to_have_count(0)
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$12.00")
