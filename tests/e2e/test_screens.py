"""Every main screen on a 1366x900 desktop and a 375x812 phone, as a shopper and an admin see
it: a screenshot of each under test-results/e2e/screens/, and on each screen no element wider
than the viewport (nor a control only reachable by scrolling a box sideways), no toast over a
header control, every category tab reachable, product images never shown larger than they are;
axe at phone size. One browser context per size, its page reused from screen to screen."""

import re

import pytest
from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, ARTIFACTS
from .helpers import (
    admin_tab,
    make_customer,
    make_ride,
    ok,
    open_cart,
    place_order,
    to_checkout_step,
)
from .test_accessibility import SETTLED, assert_no_serious_violations

SIZES = {
    "desktop": {"width": 1366, "height": 900},
    "phone": {"width": 375, "height": 812},
}
SHOTS = ARTIFACTS / "screens"
DEMO_PRODUCT = "Geek Bar Pulse 15000"

# Elements wider than the viewport, or controls pushed out of a box that scrolls sideways
# (a control the user would have to hunt for). The category strip has its own check.
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > vw + 1) {
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
  }
  const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ` "${(el.textContent || '').trim().slice(0, 30)}"`;
  const interactive = (el) => el.matches('a, button, input, select, textarea');
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    if (el.closest('.category-tabs, .toast-region')) continue;
    let box = null;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') { box = p; break; }
    }
    const limit = box ? box.getBoundingClientRect() : { left: 0, right: vw };
    const scrolls = box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
    if (r.right > vw + 1 || r.left < -1) {
      if (!box) problems.push(`${name(el)} is wider than the viewport (${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`);
    }
    if (scrolls && interactive(el) && (r.right > limit.right + 1 || r.left < limit.left - 1)) {
      problems.push(`${name(el)} is hidden sideways in a scrolling box`);
    }
  }
  return [...new Set(problems)].slice(0, 8);
}"""

# Images drawn larger than their pixels (upscaled, so jagged or blurred). The source the
# browser chose from srcset is loaded again on its own to read its real pixel width (an <img>
# with srcset reports a width corrected by the declared density instead).
UPSCALED = """async (selector) => {
  const out = [];
  for (const img of document.querySelectorAll(selector)) {
    const shown = img.getBoundingClientRect().width;
    if (!img.complete || !img.currentSrc || shown < 2) continue;
    const probe = new Image();
    probe.src = img.currentSrc;
    try { await probe.decode(); } catch { continue; }
    if (probe.naturalWidth + 1 < shown) {
      out.push(`${img.currentSrc.split('/').pop()}: ${probe.naturalWidth}px shown at ${Math.round(shown)}px`);
    }
  }
  return out;
}"""


def boxes_overlap(a, b):
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


class Screens:
    """One page at one size; collects what is wrong on each screen instead of stopping."""

    def __init__(self, page, size):
        self.page, self.size, self.problems = page, size, []

    def settle(self):
        page = self.page
        expect(page.get_by_role("status").filter(has_text=re.compile("Loading"))).to_have_count(0)
        expect(page.locator(".toast")).to_have_count(0)
        page.wait_for_function(SETTLED)
        page.wait_for_function(
            "() => [...document.images].every((img) => img.complete || img.loading === 'lazy')"
        )

    def check(self, name):
        self.settle()
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{self.size}-{name}.png"))
        for problem in self.page.evaluate(OVERFLOW):
            self.problems.append(f"{name}: {problem}")
        for problem in self.page.evaluate(UPSCALED, "main img, [role=dialog] img"):
            self.problems.append(f"{name}: image upscaled, {problem}")

    def toast_clear_of_header(self, name):
        """A toast is showing: it must not cover any control of the header."""
        page = self.page
        toast = page.locator(".toast").first
        expect(toast).to_be_visible()
        page.wait_for_function(SETTLED)
        page.screenshot(path=str(SHOTS / f"{self.size}-{name}-toast.png"))
        toast_box = toast.bounding_box()
        controls = page.locator("header.header :is(a, button, input, .header__user):visible").all()
        assert controls, "no header control found"
        for control in controls:
            box = control.bounding_box()
            if box and box["width"] and boxes_overlap(toast_box, box):
                label = control.get_attribute("aria-label") or control.inner_text().strip()
                self.problems.append(f"{name}: a toast covers the header's {label!r}")
        expect(page.locator(".toast")).to_have_count(0, timeout=5_000)

    def categories_reachable(self):
        """Every category tab can be brought into view (arrows, wheel or wrapping)."""
        page = self.page
        if self.size == "phone":
            page.get_by_role("button", name="Open menu").click()
        strip = page.get_by_role("navigation", name="Categories")
        expect(strip).to_be_visible()
        tabs = strip.get_by_role("link")
        names = [t.inner_text().strip() for t in tabs.all()]
        assert len(names) == 14, names
        page.screenshot(path=str(SHOTS / f"{self.size}-categories.png"))
        for index, name in enumerate(names):
            tab = tabs.nth(index)
            for _ in range(12):
                if self._tab_shown(strip, tab):
                    break
                more = strip.get_by_role("button", name=re.compile("more categories", re.I))
                if more.count() and more.last.is_enabled() and more.last.is_visible():
                    more.last.click()
                else:
                    strip.hover()
                    page.mouse.wheel(0, 200)
                page.wait_for_timeout(250)
            if not self._tab_shown(strip, tab):
                self.problems.append(f"categories: the {name!r} tab cannot be brought into view")
        if self.size == "phone":
            page.keyboard.press("Escape")

    def _tab_shown(self, strip, tab):
        box, area = tab.bounding_box(), strip.bounding_box()
        vw = self.page.viewport_size["width"]
        return bool(
            box
            and box["x"] >= max(0, area["x"]) - 1
            and box["x"] + box["width"] <= min(vw, area["x"] + area["width"]) + 1
        )


def demo_product(server, token):
    search = DEMO_PRODUCT.replace(" ", "+")
    found = ok(call(server, "GET", f"/api/products?search={search}", token=token))
    return next(p for p in found["products"] if p["name"] == DEMO_PRODUCT)


@pytest.mark.parametrize("size", list(SIZES))
def test_main_screens(server, new_page, size):
    email, password, token = make_customer(server, name="Screen Shopper")
    product = demo_product(server, token)
    place_order(server, token, [(product["id"], product["types"][0]["id"], 1)], "Screen Shopper")
    make_ride(server, token, "Screen Shopper")

    page = new_page(viewport=SIZES[size])
    screens = Screens(page, size)
    phone = size == "phone"
    page.goto("/login")
    expect(page.get_by_role("button", name="Enter")).to_be_visible()
    screens.check("login")
    page.get_by_label("Password").first.fill(password)
    page.get_by_role("button", name="Enter").click()

    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    expect(page.locator(".product-grid > li").first).to_be_visible()
    screens.check("home")
    screens.categories_reachable()
    if phone:
        assert_no_serious_violations(page, "the home page on a phone")

    page.goto(f"/product/{product['id']}")
    expect(page.get_by_role("heading", level=1, name=DEMO_PRODUCT)).to_be_visible()
    screens.check("product")
    if phone:
        assert_no_serious_violations(page, "the product page on a phone")
    page.get_by_role("button", name=re.compile(r"^Watermelon Ice\b")).click()
    page.get_by_role("button", name="Add to Cart").click()
    screens.toast_clear_of_header("product")

    open_cart(page)
    screens.check("cart")
    if phone:
        assert_no_serious_violations(page, "the cart drawer on a phone")
    to_checkout_step(page, "Store Pickup")
    screens.check("checkout")
    page.get_by_role("button", name="Back").first.click()
    expect(page.get_by_role("dialog", name="Delivery Options")).to_be_visible()
    screens.check("delivery")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)

    page.goto("/orders")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.locator("main article").first).to_be_visible()
    screens.check("orders")
    page.goto("/rides")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    screens.check("rides")
    if phone:
        assert_no_serious_violations(page, "my rides on a phone")

    # The admin, in the same context: sign out, sign in again.
    if phone:
        page.get_by_role("button", name="Open menu").click()
    page.get_by_role("button", name="Logout").click()
    expect(page.get_by_role("button", name="Enter")).to_be_visible()
    page.get_by_label("Password").first.fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Enter").click()
    expect(page.get_by_role("button", name="Add Product")).to_be_visible()
    screens.check("admin-products")
    for tab in ("orders", "rides", "hero", "users"):
        if phone:
            page.get_by_role("button", name="Open menu").click()
        admin_tab(page, tab)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        screens.check(f"admin-{tab}")
    if phone:
        users = page.get_by_role("button", name=re.compile("^Change password for"))
        expect(users.first).to_be_in_viewport()
        assert_no_serious_violations(page, "the admin users page on a phone")
    assert not screens.problems, "\n".join(screens.problems)
