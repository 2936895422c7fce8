"""axe-core on the shop's main screens: no serious or critical violation on the home page, a
product page, the open cart drawer and the admin's products page (test_screens.py runs axe on
every other page and dialog, at phone and desktop sizes)."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import add_to_cart, admin_token, make_customer, make_product, open_cart, unique

BLOCKING = {"serious", "critical"}


SETTLED = """() => document.getAnimations().every(
    (a) => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""


_AXE = []


def serious_violations(page):
    """axe's serious and critical findings on the screen at rest, as lines ('' when none)."""
    # Half-transparent text (a drawer fading in, a toast sliding out) would fail axe's contrast
    # check for the wrong reason: judge the screen at rest.
    expect(page.locator(".toast")).to_have_count(0)
    page.wait_for_function(SETTLED)
    if not _AXE:
        _AXE.append(Axe().axe_script)
    # axe is put in a page once and stays while the app moves between screens.
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(_AXE[0])
    violations = page.evaluate(
        "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)"
    )
    blocking = [v for v in violations if v.get("impact") in BLOCKING]
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n"
        + "\n".join(
            f"    {', '.join(map(str, n['target']))}: {n['html'][:160]}" for n in v["nodes"]
        )
        for v in blocking
    )


def assert_no_serious_violations(page, where):
    report = serious_violations(page)
    if report:
        print(f"axe on {where}:\n{report}")
    assert not report, f"axe found serious/critical violations on {where}:\n{report}"


@pytest.fixture
def product(server):
    return make_product(
        server,
        admin_token(server),
        name=unique("Accessible Item"),
        price="9.99",
        quantity=5,
        types=[("Regular", None, 3), ("Large", "12.49", 2)],
    )


def wait_for_home(page):
    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    expect(page.locator(".product-grid > li").first).to_be_visible()
    expect(page.locator('[aria-roledescription="carousel"][aria-label="Featured"]')).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Loading")).to_have_count(0)


def test_shopper_screens_have_no_serious_accessibility_violations(server, new_page, product):
    _, password, _ = make_customer(server)
    page = sign_in(new_page(), password)
    wait_for_home(page)
    assert_no_serious_violations(page, "the home page")

    add_to_cart(page, product, type_name="Large")
    expect(page.get_by_role("group", name="Choose Type")).to_be_visible()
    expect(page.get_by_test_id("cart-badge")).to_have_text("1")
    assert_no_serious_violations(page, "the product page")

    drawer = open_cart(page)
    expect(drawer.get_by_test_id("cart-subtotal")).to_have_text("$12.49")
    assert_no_serious_violations(page, "the open cart drawer")


def test_admin_products_page_has_no_serious_accessibility_violations(new_page):
    page = sign_in(new_page(), ADMIN_PASSWORD)
    wait_for_home(page)
    expect(page.get_by_role("button", name="Add Product")).to_be_visible()
    expect(
        page.get_by_role("navigation", name="Admin").locator('[data-page="products"]')
    ).to_have_attribute("aria-current", "page")
    assert_no_serious_violations(page, "the admin products page")
