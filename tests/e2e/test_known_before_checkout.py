"""Journey (issue 42, items 3 and 11): what is known before checkout is said when the drawer
opens (a customer holding the most pending orders reads the refusal at once, in view), and a
pickup order carries the phone the checkout asked for to the back office's Today card."""

import re

from playwright.sync_api import expect

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import (
    add_to_cart,
    admin_token,
    make_customer,
    make_product,
    open_cart,
    place_order,
    shop_info,
    submit_order,
    to_checkout_step,
    unique,
)


def in_view(page, locator):
    """The element lies inside the window (not scrolled out of a drawer)."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box


def test_the_pending_orders_refusal_is_visible_when_the_drawer_opens(server, new_page):
    product = make_product(
        server, admin_token(server), name=unique("Pending Lamp"), price="5.00", quantity=20
    )
    _, password, token = make_customer(server)
    most = shop_info(server)["maxPendingOrders"]
    for _ in range(most):
        place_order(server, token, [(product["id"], None, 1)])
    page = sign_in(new_page(), password)
    add_to_cart(page, product)

    drawer = open_cart(page)

    said = drawer.get_by_role("alert")
    expect(said).to_have_text(re.compile(rf"You already have {most} orders waiting"))
    in_view(page, said)
    drawer.get_by_role("button", name="Checkout", exact=True).click()
    expect(said).to_be_focused()
    expect(page.get_by_role("dialog", name="Delivery Options")).to_have_count(0)


def test_a_pickup_checkout_with_a_phone_reaches_the_today_card(server, new_page):
    product = make_product(
        server,
        admin_token(server),
        name=unique("Pickup Balloons"),
        price="12.00",
        quantity=10,
        category="party-supplies",
    )
    _, password, _ = make_customer(server, name="Pia Pickup")
    page = sign_in(new_page(), password)
    add_to_cart(page, product)
    open_cart(page)
    drawer = to_checkout_step(page, "Store Pickup")
    drawer.get_by_label("Full Name").fill("Pia Pickup")
    drawer.get_by_label("Phone Number (optional)").fill("714-555-0142")

    order = submit_order(page)["order"]

    assert order["phoneNumber"] == "(714) 555-0142"
    back_office = sign_in(new_page(), ADMIN_PASSWORD)
    back_office.goto("/orders?due=today")
    card = back_office.get_by_role("article", name=f"Order #{order['id']}")
    expect(card.get_by_role("link", name="(714) 555-0142")).to_have_attribute(
        "href", "tel:7145550142"
    )
