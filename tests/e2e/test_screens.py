"""Every page and dialog of the shop and the back office at 320 px, 375 px and 1366 px, as a
shopper and an admin see them: a screenshot of each under test-results/e2e/screens/ and, on
each screen, no element wider than the viewport (nor a control only reachable by scrolling a
box sideways, nor a dialog whose content is wider than the dialog), the header at most 112 px
tall on a desktop and one pinned row on a phone, no toast over the focused control, a visible
heading or a header control, every category tab reachable, product images never shown larger
than they are, and axe clean (no serious or critical finding) at phone and desktop sizes.

One test per size walks every screen in one browser context, its page reused, and collects
what is wrong instead of stopping: it fails at the end with the whole list."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, ARTIFACTS
from .helpers import (
    admin_tab,
    admin_token,
    make_customer,
    make_product,
    make_ride,
    ok,
    open_cart,
    place_order,
    to_checkout_step,
    unique,
)
from .test_accessibility import SETTLED, serious_violations

SIZES = {
    "desktop": {"width": 1366, "height": 900},
    "phone": {"width": 375, "height": 812},
    "narrow": {"width": 320, "height": 640},
}
# axe at one phone and one desktop size: its findings do not change between 320 and 375 px.
AXE_SIZES = {"desktop", "phone"}
SHOTS = ARTIFACTS / "screens"
DEMO_PRODUCT = "SMOK Nord 5 Kit"
DESKTOP_HEADER_MAX = 112  # px
PHONE_PINNED_MAX = 64  # px: the header's one row

# Elements wider than the viewport, controls pushed out of a box that scrolls sideways (a
# control the user would have to hunt for), and dialogs whose content is wider than they are
# (cut off by the dialog). The category strip has its own check.
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > vw + 1) {
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
  }
  const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ` "${(el.textContent || '').trim().slice(0, 30)}"`;
  const interactive = (el) => el.matches('a, button, input, select, textarea');
  for (const body of document.querySelectorAll('.modal__body, .drawer__body')) {
    if (body.scrollWidth > body.clientWidth + 1) {
      problems.push(`${name(body.closest('[role=dialog]'))}: its content is ${body.scrollWidth}px wide in a ${body.clientWidth}px body`);
    }
  }
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    if (el.closest('.category-tabs, .toast-region')) continue;
    const dialog = el.closest('[role=dialog]');
    if (dialog && dialog !== el) {
      const d = dialog.getBoundingClientRect();
      if (r.right > d.right + 1 || r.left < d.left - 1) {
        problems.push(`${name(el)} sticks out of its dialog (${Math.round(r.left)}..${Math.round(r.right)} of ${Math.round(d.left)}..${Math.round(d.right)})`);
      }
    }
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

# What stays pinned at the top of the window once the page is scrolled: the bottom edge of
# the lowest sticky or fixed box there (a dialog's overlay aside).
PINNED_BOTTOM = """() => {
  let bottom = 0;
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (!['sticky', 'fixed'].includes(style.position) || el.closest('.overlay, .toast-region')) continue;
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.top <= 1 && r.bottom > 0) bottom = Math.max(bottom, r.bottom);
  }
  return Math.round(bottom);
}"""

# What a toast must not cover: the focused element, and every heading the user can see (its
# centre is the heading's own, or the toast's when the toast is over it).
COVERED = """() => {
  const region = document.querySelector('.toast-region');
  const toasts = [...document.querySelectorAll('.toast')].map((t) => t.getBoundingClientRect());
  const hit = (r) => toasts.some((t) => t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom);
  const out = [];
  const focused = document.activeElement;
  if (focused && focused !== document.body && !region.contains(focused) && hit(focused.getBoundingClientRect())) {
    out.push(`the focused ${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') || focused.textContent || focused.name || '').trim().slice(0, 40)}"`);
  }
  for (const h of document.querySelectorAll('h1, h2, h3')) {
    const r = h.getBoundingClientRect();
    if (r.width < 1 || r.bottom <= 0 || r.top >= innerHeight) continue;
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const seen = at && (h.contains(at) || region.contains(at));
    if (seen && hit(r)) out.push(`the heading "${h.textContent.trim().slice(0, 40)}"`);
  }
  return out;
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
        self.desktop = size == "desktop"

    def settle(self):
        page = self.page
        expect(page.get_by_role("status").filter(has_text=re.compile("Loading"))).to_have_count(0)
        expect(page.locator(".toast")).to_have_count(0)
        page.wait_for_function(SETTLED)
        page.wait_for_function(
            "() => [...document.images].every((img) => img.complete || img.loading === 'lazy')"
        )

    def check(self, name, axe=True):
        """The screen as it is: screenshot, widths, images, header height, axe."""
        self.settle()
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{self.size}-{name}.png"))
        for problem in self.page.evaluate(OVERFLOW):
            self.problems.append(f"{name}: {problem}")
        for problem in self.page.evaluate(UPSCALED, "main img, [role=dialog] img"):
            self.problems.append(f"{name}: image upscaled, {problem}")
        header = self.page.locator("header.header")
        if self.desktop and header.count():
            height = header.bounding_box()["height"]
            if height > DESKTOP_HEADER_MAX:
                self.problems.append(f"{name}: the header is {height:.0f}px tall")
        if axe and self.size in AXE_SIZES:
            report = serious_violations(self.page)
            if report:
                self.problems.append(f"{name}: axe found\n{report}")

    def one_pinned_row(self, name):
        """Scrolled down, what stays pinned at the top is the header's one row on a phone and
        at most 112 px on a desktop."""
        page = self.page
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_function("() => window.scrollY > 100")
        bottom = page.evaluate(PINNED_BOTTOM)
        limit = DESKTOP_HEADER_MAX if self.desktop else PHONE_PINNED_MAX
        if bottom > limit:
            self.problems.append(
                f"{name}: {bottom}px stay pinned at the top once scrolled (at most {limit})"
            )
        page.evaluate("window.scrollTo(0, 0)")

    def toast_clear(self, name, text):
        """A toast saying `text` shows: it covers neither the focused control, nor a visible
        heading, nor a header control; then it goes."""
        page = self.page
        toast = page.locator(".toast").filter(has_text=text).first
        expect(toast).to_be_visible()
        page.wait_for_function(SETTLED)
        page.screenshot(path=str(SHOTS / f"{self.size}-{name}-toast.png"))
        for what in page.evaluate(COVERED):
            self.problems.append(f"{name}: the toast {text!r} covers {what}")
        toast_box = toast.bounding_box()
        for control in page.locator(
            "header.header :is(a, button, input, .header__user):visible"
        ).all():
            box = control.bounding_box()
            if toast_box and box and box["width"] and boxes_overlap(toast_box, box):
                label = control.get_attribute("aria-label") or control.inner_text().strip()
                self.problems.append(f"{name}: a toast covers the header's {label!r}")
        expect(page.locator(".toast")).to_have_count(0, timeout=5_000)

    def open_menu(self):
        if not self.desktop:
            self.page.get_by_role("button", name="Open menu").click()

    def categories_reachable(self):
        """Every category tab can be brought into view (arrows, wheel or wrapping), whole and
        clear of the arrows."""
        page = self.page
        self.open_menu()
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
                    try:
                        more.last.click(timeout=2000)
                    except PlaywrightTimeout:
                        # The arrow hides once the strip has scrolled to its end; look again.
                        continue
                    page.wait_for_function(SETTLED)
                else:
                    strip.hover()
                    page.mouse.wheel(0, 200)
                    page.wait_for_timeout(100)
            if not self._tab_shown(strip, tab):
                self.problems.append(f"categories: the {name!r} tab cannot be brought into view")
        if not self.desktop:
            page.keyboard.press("Escape")

    def _tab_shown(self, strip, tab):
        box = tab.bounding_box()
        scroller = strip.locator(".category-tabs__scroller").bounding_box()
        vw = self.page.viewport_size["width"]
        shown = bool(
            box
            and box["x"] >= max(0, scroller["x"]) - 1
            and box["x"] + box["width"] <= min(vw, scroller["x"] + scroller["width"]) + 1
        )
        arrows = strip.evaluate(
            """(nav) => [...nav.querySelectorAll('.category-tabs__arrow')]
                .filter((a) => getComputedStyle(a).visibility !== 'hidden')
                .map((a) => { const r = a.getBoundingClientRect();
                              return { x: r.x, y: r.y, width: r.width, height: r.height }; })"""
        )
        if shown and any(boxes_overlap(box, arrow) for arrow in arrows):
            return False
        return shown


def demo_product(server, token):
    """The demo product, its first type restocked: each size's walk buys it twice, through the
    API and in the browser, and the demo holds only 4 of it."""
    search = DEMO_PRODUCT.replace(" ", "+")
    found = ok(call(server, "GET", f"/api/products?search={search}", token=token))
    product = next(p for p in found["products"] if p["name"] == DEMO_PRODUCT)
    path = f"/api/products/{product['id']}/types/{product['types'][0]['id']}"
    admin = admin_token(server)
    ok(call(server, "PUT", path, {"quantity": 20}, token=admin, headers={"If-Match": "*"}))
    return ok(call(server, "GET", f"/api/products/{product['id']}", token=token))


def shopper_screens(screens, server, password, product, last_one):
    """The shopper's pages and dialogs, the toasts of adding, refusing and placing an order."""
    page = screens.page
    page.goto("/login")
    expect(page.get_by_role("button", name="Enter")).to_be_visible()
    screens.check("login")
    page.get_by_label("Password").first.fill(password)
    page.get_by_role("button", name="Enter").click()

    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    expect(page.locator(".product-grid > li").first).to_be_visible()
    screens.check("home")
    screens.one_pinned_row("home")
    screens.categories_reachable()

    page.goto(f"/product/{product['id']}")
    expect(page.get_by_role("heading", level=1, name=DEMO_PRODUCT)).to_be_visible()
    screens.check("product")
    page.get_by_role("button", name=re.compile(r"^Black\b")).click()
    page.get_by_role("button", name="Add to Cart").click()
    screens.toast_clear("product", "to cart")

    # The last unit of a product goes into the cart, then to somebody else: a refusal.
    page.goto(f"/product/{last_one['id']}")
    expect(page.get_by_role("heading", level=1, name=last_one["name"])).to_be_visible()
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.locator(".toast")).to_have_count(0, timeout=5_000)
    _, _, rival = make_customer(server, name="Quicker Shopper")
    place_order(server, rival, [(last_one["id"], None, 1)], "Quicker Shopper")

    drawer = open_cart(page)
    screens.check("cart")
    to_checkout_step(page, "Store Pickup")
    screens.check("checkout")
    page.get_by_role("dialog").get_by_label("Full Name").fill("Screen Shopper")
    page.get_by_role("button", name="Place Order").click()
    # A refusal is said once, in the form (at its field or at the top), never in a toast
    # over the form.
    expect(page.get_by_role("dialog").get_by_role("alert").first).to_be_visible()
    expect(page.locator(".toast")).to_have_count(0)
    screens.check("checkout-refusal")
    page.get_by_role("button", name="Back").first.click()
    expect(page.get_by_role("dialog", name="Delivery Options")).to_be_visible()
    screens.check("delivery")
    page.get_by_role("button", name="Back").first.click()
    drawer = page.get_by_role("dialog", name="Shopping Cart")
    drawer.get_by_role("button", name=f"Remove {last_one['name']}").click()
    screens.toast_clear("cart-remove", "removed")

    to_checkout_step(page, "Store Pickup")
    page.get_by_role("dialog").get_by_label("Full Name").fill("Screen Shopper")
    page.get_by_role("button", name="Place Order").click()
    expect(page.get_by_role("heading", level=1, name="Order Confirmed")).to_be_visible()
    # The confirmation itself says it: no toast over the order's summary.
    expect(page.locator(".toast")).to_have_count(0)
    screens.check("order-confirmed")

    for path, name in (("/orders", "orders"), ("/rides", "rides"), ("/account", "account")):
        page.goto(path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        screens.check(name)


def admin_page(screens, tab, heading):
    page = screens.page
    screens.open_menu()
    admin_tab(page, tab)
    expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()
    if page.get_by_role("navigation", name="Categories").count():
        screens.problems.append(f"admin-{tab}: the customer's category chips show")


def dialog_check(screens, name, opener, close="Cancel"):
    """Open a dialog with `opener` (a locator), check it, close it."""
    page = screens.page
    opener.click()
    dialog = page.get_by_role("dialog").last
    expect(dialog).to_be_visible()
    screens.check(name)
    dialog.get_by_role("button", name=close).last.click()
    expect(page.get_by_role("dialog")).to_have_count(0)


def admin_screens(screens, product, order):
    """The back office: every tab, its dialogs and the print view."""
    page = screens.page
    screens.open_menu()
    page.get_by_role("button", name="Logout").click()
    expect(page.get_by_role("button", name="Enter")).to_be_visible()
    page.get_by_label("Password").first.fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Enter").click()
    expect(page.get_by_role("button", name="Add Product")).to_be_visible()
    screens.check("admin-products")
    dialog_check(screens, "admin-product-add", page.get_by_role("button", name="Add Product"))

    page.goto(f"/product/{product['id']}")
    expect(page.get_by_role("heading", level=1, name=DEMO_PRODUCT)).to_be_visible()
    screens.check("admin-product")
    products_tab = page.locator('header [data-page="products"]')  # in the closed menu on a phone
    expect(products_tab).to_have_attribute("aria-current", "page")
    dialog_check(screens, "admin-product-edit", page.get_by_role("button", name="Edit"))
    dialog_check(screens, "admin-confirm-delete", page.get_by_role("button", name="Delete"))

    admin_page(screens, "dashboard", "Dashboard")
    screens.check("admin-dashboard")
    admin_page(screens, "orders", "All Orders")
    screens.check("admin-orders")
    admin_page(screens, "rides", "Ride Management")
    screens.check("admin-rides")
    dialog_check(
        screens,
        "admin-ride",
        page.get_by_role("button", name=re.compile(r"^Ride request #")).first,
        close="Close",
    )
    admin_page(screens, "hero", "Hero Images")
    screens.check("admin-hero")
    dialog_check(screens, "admin-hero-add", page.get_by_role("button", name="Add Hero Image"))
    admin_page(screens, "users", "User Management")
    screens.check("admin-users")
    if not screens.desktop:
        users = page.get_by_role("button", name=re.compile("^Change password for"))
        expect(users.first).to_be_in_viewport()
    dialog_check(
        screens,
        "admin-change-password",
        page.get_by_role("button", name=re.compile("^Change password for")).first,
    )
    admin_page(screens, "settings", "Settings")
    screens.check("admin-settings")
    screens.one_pinned_row("admin-settings")

    page.goto(f"/orders/print?id={order['id']}")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    screens.check("admin-print")


@pytest.mark.parametrize("size", list(SIZES))
def test_every_screen(server, new_page, size):
    email, password, token = make_customer(server, name="Screen Shopper")
    product = demo_product(server, token)
    order = place_order(
        server, token, [(product["id"], product["types"][0]["id"], 1)], "Screen Shopper"
    )
    make_ride(server, token, "Screen Shopper")
    last_one = make_product(server, admin_token(server), name=unique("Last One"), quantity=1)

    screens = Screens(new_page(viewport=SIZES[size], motion="no-preference"), size)
    shopper_screens(screens, server, password, product, last_one)
    admin_screens(screens, product, order)
    assert not screens.problems, "\n".join(screens.problems)
