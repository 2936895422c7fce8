"""Journey 8: a phone (390x844): the search box under the heading, the '9+' badge, the menu that
closes on Escape, and a cart drawer that fits the screen and checks out."""

import re

from playwright.sync_api import expect

from .conftest import sign_in
from .helpers import (
    admin_token,
    cart_button,
    make_customer,
    make_product,
    open_cart,
    to_checkout_step,
    unique,
)

PHONE = {"width": 390, "height": 844}


def test_phone_search_badge_menu_and_drawer(server, new_page):
    product = make_product(
        server, admin_token(server), name=unique("Pocket Item"), price="2.50", quantity=20
    )
    _, password, _ = make_customer(server, name="Phone Shopper")
    page = sign_in(new_page(viewport=PHONE), password)
    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()

    # One search box, below the heading, not in the header.
    search = page.get_by_role("searchbox", name="Search products")
    expect(search).to_have_count(1)
    expect(page.get_by_role("banner").get_by_role("searchbox")).to_have_count(0)
    heading_box = page.get_by_role("heading", level=1).bounding_box()
    assert search.bounding_box()["y"] > heading_box["y"]
    search.fill(product["name"])
    expect(page).to_have_url(re.compile(r"/\?search="))
    expect(page.locator(".product-grid > li")).to_have_count(1)
    page.get_by_role("link", name=re.compile(f"^{product['name']}")).click()

    expect(page.get_by_role("heading", level=1, name=product["name"])).to_be_visible()
    page.get_by_label("Quantity").fill("10")
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.get_by_test_id("cart-badge")).to_have_text("9+")  # phones cap at 9+
    expect(cart_button(page)).to_have_accessible_name("Cart, 10 items")

    # The menu opens from its toggle and closes on Escape.
    toggle = page.get_by_role("button", name="Open menu")
    orders_link = page.get_by_role("navigation", name="Account").get_by_role(
        "link", name="My Orders"
    )
    expect(orders_link).to_be_hidden()
    toggle.click()
    close = page.get_by_role("button", name="Close menu")
    expect(close).to_have_attribute("aria-expanded", "true")
    expect(orders_link).to_be_visible()
    expect(
        page.get_by_role("navigation", name="Categories").get_by_role("link", name="Juices")
    ).to_be_visible()
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(orders_link).to_be_hidden()

    drawer = open_cart(page)
    expect(drawer).to_be_in_viewport(ratio=0.99)  # slid all the way in, nothing off-screen
    line = f"{product['name']}"
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$25.00")
    drawer.get_by_role("button", name=f"Decrease quantity of {line}").click()
    expect(drawer.get_by_role("group", name=f"Quantity of {line}")).to_contain_text("9")
    expect(page.get_by_test_id("cart-badge")).to_have_text("9")
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$22.50")
    checkout = to_checkout_step(page, "Store Pickup")
    checkout.get_by_label("Full Name").fill("Phone Shopper")
    place = checkout.get_by_role("button", name="Place Order")
    place.scroll_into_view_if_needed()
    expect(place).to_be_in_viewport()
    place.click()
    expect(page.get_by_role("heading", level=1, name="Order Confirmed")).to_be_visible()
    expect(page.locator(".confirmation__summary")).to_contain_text(f"{product['name']} × 9 @ $2.50")
    expect(page.get_by_test_id("cart-badge")).to_have_count(0)
