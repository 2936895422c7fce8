"""Journey 4: two shoppers in two browsers race for the last unit; exactly one order is placed
and the other shopper is told, in the checkout's words, that the stock ran out."""

import re

from playwright.sync_api import expect

from .conftest import sign_in
from .helpers import (
    add_to_cart,
    admin_token,
    get_product,
    is_checkout,
    make_customer,
    make_product,
    open_cart,
    to_checkout_step,
    unique,
)


def test_two_shoppers_race_for_the_last_unit(server, new_page):
    token = admin_token(server)
    product = make_product(server, token, name=unique("Last Unit"), price="15.00", quantity=1)
    pages = []
    for who in ("Alex Racer", "Blair Racer"):
        _, password, _ = make_customer(server, name=who)
        page = sign_in(new_page(), password)
        add_to_cart(page, product)
        expect(page.get_by_test_id("cart-badge")).to_have_text("1")
        open_cart(page)
        to_checkout_step(page, "Store Pickup").get_by_label("Full Name").fill(who)
        pages.append(page)

    first, second = pages
    # Both presses go out before either answer is back.
    with (
        first.expect_response(is_checkout) as first_answer,
        second.expect_response(is_checkout) as second_answer,
    ):
        first.get_by_role("button", name="Place Order").click()
        second.get_by_role("button", name="Place Order").click()
    statuses = {
        page: answer.value.status
        for page, answer in ((first, first_answer), (second, second_answer))
    }
    assert sorted(statuses.values()) == [201, 409], statuses
    winner = next(page for page, status in statuses.items() if status == 201)
    loser = next(page for page, status in statuses.items() if status == 409)

    expect(
        loser.get_by_text(f"Only 0 items available in stock for {product['name']}")
    ).to_be_visible()
    expect(loser.get_by_role("dialog", name="Checkout")).to_be_visible()
    expect(loser.get_by_role("button", name="Place Order")).to_be_enabled()
    expect(loser.get_by_test_id("cart-badge")).to_have_text("1")  # the cart is kept for review

    expect(winner).to_have_url(re.compile(r"/order-confirmation$"))
    expect(winner.get_by_role("heading", level=1, name="Order Confirmed")).to_be_visible()
    expect(winner.locator(".confirmation__summary")).to_contain_text(
        f"{product['name']} × 1 @ $15.00"
    )

    assert get_product(server, token, product["id"])["quantity"] == 0
    loser.goto(f"/product/{product['id']}")
    expect(loser.get_by_text("Out of Stock", exact=True)).to_be_visible()
    expect(loser.get_by_role("button", name="Add to Cart")).to_be_disabled()
