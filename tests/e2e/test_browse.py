"""Journey 2: a shopper signs in with a password alone, filters, searches, scrolls to the end of
the list, opens a product, picks a type and fills the cart up to the stock limit."""

import re
import uuid

from playwright.sync_api import expect

from .conftest import CUSTOMER_PASSWORD, sign_in
from .helpers import admin_token, cart_button, make_product, open_cart

CATEGORY, CATEGORY_NAME = "glass-pipe", "Glass/Pipe"
PAGE_SIZE = 12


def test_shopper_browses_to_the_end_and_fills_the_cart_to_the_stock_limit(server, new_page):
    # A search term of its own, in one category, with one page and a bit: the scroll is short.
    term = f"zq{uuid.uuid4().hex[:6]}"
    token = admin_token(server)
    for n in range(PAGE_SIZE + 1):
        make_product(
            server, token, name=f"{term} Leaf {n:02d}", category=CATEGORY, price="9.50", quantity=3
        )
    chosen = make_product(
        server,
        token,
        name=f"{term} Deluxe",
        category=CATEGORY,
        price="12.00",
        quantity=9,
        types=[("Small", None, 4), ("Large", "15.00", 5)],
    )
    make_product(
        server, token, name=f"{term} Elsewhere", category="juices"
    )  # same term, other category

    page = sign_in(
        new_page(), CUSTOMER_PASSWORD
    )  # the sign-in form asks for nothing but a password
    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()

    page.get_by_role("navigation", name="Categories").get_by_role(
        "link", name=CATEGORY_NAME, exact=True
    ).click()
    expect(page).to_have_url(re.compile(rf"/\?category={CATEGORY}$"))
    expect(page.get_by_role("heading", level=1, name=CATEGORY_NAME)).to_be_visible()

    page.get_by_role("searchbox", name="Search products").fill(term)
    expect(page).to_have_url(re.compile(rf"/\?category={CATEGORY}&search={term}$"))
    expect(page.get_by_text(f"Results for “{term}”")).to_be_visible()
    expect(page.get_by_role("heading", level=1, name=CATEGORY_NAME)).to_be_visible()
    cards = page.locator(".product-grid > li")
    expect(cards).to_have_count(PAGE_SIZE)
    expect(page.get_by_text("No more available products")).to_have_count(0)
    expect(page.get_by_role("heading", name=f"{term} Elsewhere")).to_have_count(0)

    page.mouse.move(640, 450)
    page.mouse.wheel(0, 6000)  # past 75% of the page: the next page loads
    expect(cards).to_have_count(PAGE_SIZE + 2)
    end = page.get_by_text("No more available products")
    end.scroll_into_view_if_needed()
    expect(end).to_be_visible()
    expect(cards.filter(has_text=term)).to_have_count(PAGE_SIZE + 2)

    card = page.get_by_role("link", name=re.compile(rf"^{term} Deluxe"))
    expect(card).to_contain_text("$12.00")
    card.click()
    expect(page).to_have_url(re.compile(rf"/product/{chosen['id']}$"))
    expect(page.get_by_role("heading", level=1, name=chosen["name"])).to_be_visible()
    expect(page.get_by_text("In Stock", exact=True)).to_be_visible()
    expect(page.get_by_text(f"#{chosen['id']:06d}")).to_be_visible()
    types = page.get_by_role("group", name="Choose Type")
    expect(types.get_by_role("button", name=re.compile("^Small"))).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.get_by_text("4 available")).to_be_visible()

    types.get_by_role("button", name=re.compile("^Large")).click()
    expect(types.get_by_role("button", name=re.compile("^Large"))).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator(".product__price")).to_have_text("$15.00")
    expect(page.get_by_text("5 available")).to_be_visible()
    quantity = page.get_by_label("Quantity")
    quantity.fill("")
    expect(page.get_by_role("button", name="Add to Cart")).to_be_disabled()
    quantity.press_sequentially("x2")  # digits only
    expect(quantity).to_have_value("2")
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.get_by_text(f"Added 2 × {chosen['name']} - Large to cart")).to_be_visible()
    expect(page.get_by_test_id("cart-badge")).to_have_text("2")
    expect(cart_button(page)).to_have_accessible_name("Cart, 2 items")

    drawer = open_cart(page)
    line_name = f"{chosen['name']} - Large"
    plus = drawer.get_by_role("button", name=f"Increase quantity of {line_name}")
    minus = drawer.get_by_role("button", name=f"Decrease quantity of {line_name}")
    amount = drawer.get_by_role("group", name=f"Quantity of {line_name}")
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$30.00")
    minus.click()
    expect(amount).to_contain_text("1")
    expect(minus).to_be_disabled()
    for shown in ("2", "3", "4", "5"):
        plus.click()
        expect(amount).to_contain_text(shown)
    expect(page.get_by_test_id("cart-badge")).to_have_text("5")
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$75.00")

    plus.click()  # one more than the type has
    expect(
        page.get_by_text(f"Only 5 items available in stock for {chosen['name']} - Large")
    ).to_be_visible()
    expect(amount).to_contain_text("5")
    expect(page.get_by_test_id("cart-badge")).to_have_text("5")
