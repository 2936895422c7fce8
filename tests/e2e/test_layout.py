"""Issue 42, items 5 and 9: at a phone's widths and a laptop's, no screen or dialog is wider than
the screen and no figure or word breaks in the middle (the shop front, the cart, the back
office's orders and an order's drawer, the dashboard, the settings); the back office's header
and the orders' filters are never cut from 1024 px up, and fold into a menu below; the orders'
search stays out of the header's product search."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from .conftest import ADMIN_PASSWORD, sign_in
from .fitting import assert_fits, assert_unclipped
from .helpers import (
    add_to_cart,
    admin_tab,
    admin_token,
    make_customer,
    make_product,
    open_cart,
    place_order,
    unique,
)

HEIGHT = 812


def drawer_in(page):
    # Once the drawer has slid in.
    page.wait_for_function(
        "() => { const d = document.querySelector('.drawer');"
        " return d && d.getBoundingClientRect().right <= document.documentElement.clientWidth; }"
    )


@pytest.mark.parametrize("width", [320, 375, 1366])
def test_no_screen_is_wider_than_the_screen_nor_breaks_a_figure_or_word(server, new_page, width):
    token = admin_token(server)
    product = make_product(
        server, token, name=unique("Breakable Figures"), price="14.99", quantity=50
    )
    email, password, customer = make_customer(server, name="Walker Longname")
    order = place_order(
        server, customer, [(product["id"], None, 8)], customer_name="Walker Longname"
    )
    viewport = {"width": width, "height": HEIGHT}

    shopper = sign_in(new_page(viewport=viewport), password)
    expect(shopper.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    assert_fits(shopper, f"the shop front at {width}px")
    add_to_cart(shopper, product, quantity=8)
    assert_fits(shopper, f"a product's page at {width}px")
    drawer = open_cart(shopper)
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$119.92")
    drawer_in(shopper)
    assert_fits(shopper, f"the cart at {width}px")

    owner = sign_in(new_page(viewport=viewport), ADMIN_PASSWORD)
    owner.goto(f"/orders?search={quote(email)}")
    opener = owner.get_by_role("button", name=f"Open order {order['id']}")
    expect(opener).to_be_visible()
    assert_fits(owner, f"the orders list at {width}px")
    opener.click()
    expect(owner.get_by_role("dialog", name=f"Order #{order['id']}")).to_be_visible()
    drawer_in(owner)
    assert_fits(owner, f"an order's drawer at {width}px")
    owner.keyboard.press("Escape")

    owner.goto("/orders")
    expect(owner.get_by_role("heading", level=1, name="All Orders")).to_be_visible()
    expect(owner.get_by_role("button", name=re.compile(r"^Open order")).first).to_be_visible()
    assert_fits(owner, f"every order at {width}px")

    owner.goto("/dashboard")
    expect(owner.get_by_role("region", name="Top products")).to_be_visible()
    assert_fits(owner, f"the dashboard at {width}px")

    owner.goto("/settings")
    expect(owner.get_by_role("heading", level=1, name="Settings")).to_be_visible()
    expect(owner.get_by_role("button", name="Save", exact=True)).to_be_visible()
    assert_fits(owner, f"the settings at {width}px")


def test_the_phone_orders_list_is_cards_with_counts_and_filters_behind_a_button(server, new_page):
    token = admin_token(server)
    product = make_product(server, token, name=unique("Card Item"), price="3.25", quantity=20)
    email, _, customer = make_customer(server, name="Card Customer")
    order = place_order(server, customer, [(product["id"], None, 3)], customer_name="Card Customer")

    owner = sign_in(new_page(viewport={"width": 375, "height": HEIGHT}), ADMIN_PASSWORD)
    owner.goto("/orders")
    first = owner.get_by_role("button", name=re.compile(r"^Open order")).first
    expect(first).to_be_visible()
    # The first orders show on the first screen: the filters wait behind their button.
    assert first.bounding_box()["y"] < HEIGHT
    search = owner.get_by_label("Search orders")
    expect(search).to_be_hidden()
    toggle = owner.get_by_role("button", name=re.compile(r"^Filters"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(search).to_be_visible()
    search.fill(email)
    search.press("Enter")
    row = owner.get_by_role("row").filter(
        has=owner.get_by_role("button", name=f"Open order {order['id']}", exact=True)
    )
    expect(row).to_contain_text("3 items")
    expect(row).to_contain_text("$")
    # A filtered list says so on its button.
    expect(owner.get_by_role("button", name=re.compile(r"^Filters"))).to_contain_text("1")


ROW_WIDTHS = [1024, 1280, 1366, 1600]


@pytest.mark.parametrize("width", ROW_WIDTHS)
def test_the_back_office_header_and_filters_are_never_cut(server, new_page, width):
    owner = sign_in(new_page(viewport={"width": width, "height": 900}), ADMIN_PASSWORD)
    owner.goto("/orders")
    expect(owner.get_by_role("heading", level=1, name="All Orders")).to_be_visible()
    nav = owner.get_by_role("navigation", name="Admin")
    expect(owner.get_by_role("button", name="Open menu")).to_be_hidden()
    assert_unclipped(
        owner,
        ".header__brand, .header__tab, .header__user, .header__logout, .header input",
        f"the header at {width}px",
    )
    assert_unclipped(
        owner, ".order-filters input, .order-filters select", f"the filters at {width}px"
    )
    # Every tab is in the row or under More, once.
    in_row = nav.locator(".header__tabs > ul [data-page]").count()
    more = nav.get_by_role("button", name="More")
    folded = 0
    if more.count():
        more.click()
        folded = nav.locator(".header__more-list [data-page]").count()
        expect(nav.locator(".header__more-list [data-page]").first).to_be_visible()
        assert_unclipped(owner, ".header__more-link", f"the More menu at {width}px")
        owner.keyboard.press("Escape")
    assert in_row >= 4
    assert in_row + folded == owner.evaluate(
        "() => 11 + document.querySelectorAll('[data-page=\"compliance\"]').length"
    )
    assert_fits(owner, f"the back office's header at {width}px")

    # Every tab can be reached, from the row or from More.
    admin_tab(owner, "activity")
    expect(owner).to_have_url(re.compile(r"/activity$"))


def test_below_the_row_the_tabs_fold_into_the_menu(server, new_page):
    owner = sign_in(new_page(viewport={"width": 1000, "height": 800}), ADMIN_PASSWORD)
    owner.goto("/orders")
    nav = owner.get_by_role("navigation", name="Admin")
    expect(nav.locator('[data-page="dashboard"]')).to_be_hidden()
    owner.get_by_role("button", name="Open menu").click()
    expect(nav.locator('[data-page="activity"]')).to_be_visible()
    expect(nav.get_by_role("button", name="More")).to_have_count(0)
    assert_fits(owner, "the open menu at 1000px")


def test_the_orders_search_stays_out_of_the_product_search(server, new_page):
    owner = sign_in(new_page(viewport={"width": 1366, "height": 900}), ADMIN_PASSWORD)
    owner.goto("/orders")
    owner.get_by_label("Search orders").fill("walker")
    owner.get_by_role("button", name="Search", exact=True).click()
    expect(owner).to_have_url(re.compile(r"/orders\?search=walker"))
    product_search = owner.get_by_role("banner").get_by_role("searchbox", name="Search products")
    expect(product_search).to_have_value("")
    # And a product search starts from the product list, leaving the orders' filter behind.
    product_search.fill("balloon")
    expect(owner).to_have_url(re.compile(r"/\?search=balloon$"))
