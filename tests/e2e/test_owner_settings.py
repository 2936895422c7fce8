"""Issue 26 journeys: the owner changes a fee in the back office's Settings page and a
shopper's cart drawer shows it at once."""

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import add_to_cart, admin_tab, admin_token, ok, open_cart, shopper_with


def test_an_owner_changes_the_shipping_fee_and_the_shopper_sees_it(server, new_page):
    token = admin_token(server)
    before = ok(call(server, "GET", "/api/shop/settings", token=token), 200)
    try:
        owner = sign_in(new_page(), ADMIN_PASSWORD)
        admin_tab(owner, "settings")
        expect(owner.get_by_role("heading", level=1, name="Settings")).to_be_visible()
        owner.get_by_label("Shipping fee").fill("9.50")
        owner.get_by_role("button", name="Save", exact=True).click()
        expect(owner.get_by_text("Settings saved")).to_be_visible()
        expect(owner.get_by_text("Last saved", exact=False)).to_be_visible()
        # The change log says who changed the fee from what to what.
        expect(owner.get_by_role("row", name="Shipping fee")).to_contain_text("$8.00 → $9.50")

        # A shopper who never saw the old fee, on another browser.
        page, product = shopper_with(server, new_page, "12.50", category="party-supplies")
        add_to_cart(page, product)
        open_cart(page).get_by_role("button", name="Checkout", exact=True).click()
        options = page.get_by_role("dialog", name="Delivery Options")
        expect(options.locator("label", has_text="Standard Shipping")).to_contain_text("$9.50")
    finally:
        # The browser suite shares one server: the next journey meets the shop's own fees.
        ok(call(server, "PATCH", "/api/shop/settings", {"fees": before["fees"]}, token=token))
