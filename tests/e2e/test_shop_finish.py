"""What two walks through the screens still found (issue 42), in Chromium: the hero's arrows
take a finger's tap at 375 px; a footer with the shop's details and policies on every
shop-front page; the stock ledger screen with a sale, a cancel and an edit; the image viewer
zooming to the largest file, whose size labels are the files' real widths; a closed account
absent from the Users page and refused by the API."""

import json
import re

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import admin_token, make_customer, make_product, ok, place_order, unique

PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1366, "height": 768}


def test_the_hero_arrows_change_the_slide_by_tap_at_375(server, browser):
    _, password, _ = make_customer(server, name="Hero Tapper")
    # A phone: touch events, so tap() is a finger's, not a mouse click.
    context = browser.new_context(
        base_url=server, viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    try:
        page = sign_in(context.new_page(), password)
        page.goto("/")
        carousel = page.locator('[aria-roledescription="carousel"][aria-label="Featured"]')
        slides = carousel.locator(".carousel__slide")
        expect(slides.first).to_be_attached()
        count = slides.count()
        assert count > 1, "the demo hero has several slides"
        shown = carousel.locator(".carousel__slide:not([hidden])")
        expect(shown).to_have_attribute("aria-label", f"1 of {count}")

        next_arrow = carousel.get_by_role("button", name="Next")
        box = next_arrow.bounding_box()
        # What a finger at the arrow's centre reaches is the arrow, not the dots' strip.
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label')",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert hit == "Next"
        next_arrow.tap()
        expect(shown).to_have_attribute("aria-label", f"2 of {count}")
        carousel.get_by_role("button", name="Previous").tap()
        expect(shown).to_have_attribute("aria-label", f"1 of {count}")

        # The grid's controls above the fold of a small phone, under the hero, not below it.
        page.set_viewport_size({"width": 375, "height": 667})
        page.goto("/")
        expect(carousel).to_be_visible()
        for control in (page.get_by_label("Sort by"), page.get_by_label("In stock only")):
            expect(control).to_be_visible()
            box = control.bounding_box()
            assert box["y"] + box["height"] <= 667, box
    finally:
        context.close()


def _footer_is_there(page, info):
    footer = page.get_by_role("contentinfo")
    expect(footer).to_be_visible()
    expect(footer).to_contain_text(info["pickupLocation"])
    expect(footer).to_contain_text(info["pickupPhone"])
    expect(footer).to_contain_text("Delivery hours")
    links = footer.get_by_role("navigation", name="Policies").get_by_role("link")
    expect(links).to_have_count(3)


def test_the_footer_on_every_shop_front_page(server, new_page):
    info = ok(call(server, "GET", "/api/shop/info"))
    product = make_product(server, admin_token(server), name=unique("Footer Lamp"))
    _, password, _ = make_customer(server, name="Footer Reader")

    page = new_page(viewport=LAPTOP)
    page.goto("/login")
    expect(page.locator(".auth__shop")).to_have_text(info["name"])
    _footer_is_there(page, info)

    sign_in(page, password)
    for path in ("/", f"/product/{product['id']}", "/orders", "/rides", "/account"):
        page.goto(path)
        _footer_is_there(page, info)
    page.get_by_role("contentinfo").get_by_role("link", name="Age policy (21+)").click()
    expect(page).to_have_url(re.compile(r"/policies/age$"))
    expect(page.get_by_role("heading", level=1, name="Age policy (21+)")).to_be_visible()
    expect(page.get_by_text(info["policies"][2]["paragraphs"][0])).to_be_visible()
    _footer_is_there(page, info)

    phone = new_page(viewport=PHONE)
    phone.goto("/policies/privacy")  # open before signing in
    expect(phone.get_by_role("heading", level=1, name="Privacy policy")).to_be_visible()
    _footer_is_there(phone, info)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_stock_ledger_screen_with_a_sale_a_cancel_and_an_edit(server, new_page):
    token = admin_token(server)
    product = make_product(server, token, name=unique("Ledger Lamp"), quantity=10)
    pid = product["id"]
    _, _, customer = make_customer(server, name="Ledger Buyer")
    sold = place_order(server, customer, [(pid, None, 3)])
    cancelled = place_order(server, customer, [(pid, None, 2)])
    ok(call(server, "PUT", f"/api/orders/{cancelled['id']}/cancel", token=token))
    _, _, headers = call(server, "GET", f"/api/products/{pid}", token=token)
    etag = headers["ETag"]
    ok(
        call(
            server,
            "PUT",
            f"/api/products/{pid}",
            {"quantity": 12},
            token=token,
            headers={"If-Match": etag},
        )
    )

    page = sign_in(new_page(viewport=LAPTOP), ADMIN_PASSWORD)
    page.goto(f"/product/{pid}")
    page.get_by_role("button", name="Edit", exact=True).click()
    page.get_by_role("dialog").get_by_role("link", name="Stock ledger").click()
    expect(page).to_have_url(re.compile(rf"/products/{pid}/stock$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Stock ledger: {product['name']}")
    expect(page.get_by_role("status").filter(has_text="stock figure")).to_have_text(
        "Every stock figure adds up to its moves"
    )

    rows = page.locator(".stock-ledger__table tbody tr")
    expect(rows).to_have_count(5)

    def cells(n):
        return [cell.strip() for cell in rows.nth(n).locator("td").all_inner_texts()]

    # Newest first: the edit (5 + 2 back + 5 more = 12), the cancel, two sales, the opening.
    edit, cancel, second_sale, first_sale, created = (cells(n) for n in range(5))
    assert (edit[2], edit[3], edit[4], edit[5]) == ("Admin edit", "—", "+5", "12")
    assert (cancel[2], cancel[3], cancel[4], cancel[5]) == (
        "Order cancelled",
        f"Order #{cancelled['id']}",
        "+2",
        "7",
    )
    assert (second_sale[2], second_sale[3], second_sale[4], second_sale[5]) == (
        "Sale",
        f"Order #{cancelled['id']}",
        "−2",
        "5",
    )
    assert (first_sale[2], first_sale[3], first_sale[4], first_sale[5]) == (
        "Sale",
        f"Order #{sold['id']}",
        "−3",
        "7",
    )
    assert (created[2], created[4], created[5]) == ("Added to the catalog", "+10", "10")
    rows.nth(1).get_by_role("link", name=f"Order #{cancelled['id']}").click()
    expect(page).to_have_url(re.compile(rf"/orders\?search={cancelled['id']}$"))


def test_the_viewer_zooms_to_the_largest_file_with_truthful_size_labels(server, new_page):
    _, password, _ = make_customer(server, name="Viewer Zoomer")
    page = sign_in(new_page(viewport=LAPTOP), password)
    # A demo product with pictures (the newest products are the journeys' own, without).
    page.goto("/?category=vaporizors")
    page.locator(".product-grid > li a").first.click()
    pid = re.search(r"/product/(\d+)", page.url).group(1)
    product = json.loads(
        page.evaluate(
            "async (id) => JSON.stringify(await (await fetch(`/api/products/${id}`, "
            "{headers: {Authorization: `Bearer ${localStorage.getItem('token')}`}})).json())",
            pid,
        )
    )
    assert product["imageWidths"][0], "the server knows the picture's width"

    # Every srcset label is its file's real width.
    gallery = page.locator(".product__image").first
    expect(gallery).to_have_js_property("complete", True)
    srcset = gallery.get_attribute("srcset") or ""
    labelled = [part.strip().rsplit(" ", 1) for part in srcset.split(",") if part.strip()]
    for url, label in labelled:
        real = page.evaluate(
            "(src) => new Promise((done) => { const i = new Image(); i.onload = () => done(i.naturalWidth); i.src = src; })",
            url,
        )
        assert label == f"{real}w", (url, label, real)

    page.get_by_role("button", name="View image 1 full screen").click()
    viewer = page.get_by_role("dialog")
    image = viewer.get_by_role("img")
    expect(image).to_have_js_property("complete", True)
    natural = image.evaluate("el => el.naturalWidth")
    assert natural == product["imageWidths"][0], "the viewer shows the largest file"
    nav = viewer.get_by_role("button", name="Next image")
    if nav.count():
        # A dark disc: the arrow reads over a white product shot.
        assert (
            nav.evaluate("el => getComputedStyle(el).backgroundColor") == "rgba(17, 24, 39, 0.72)"
        )
    zoom_in = viewer.get_by_role("button", name="Zoom in")
    for _ in range(12):
        if zoom_in.is_disabled():
            break
        zoom_in.click()
        page.wait_for_timeout(50)
    expect(zoom_in).to_be_disabled()
    shown = image.evaluate("el => el.getBoundingClientRect().width")
    assert abs(shown - natural) <= 2, (shown, natural)


def test_a_closed_account_is_absent_from_users_and_refused_by_the_api(server, new_page):
    email, password, token = make_customer(server, name="Soon Closed")
    me = ok(call(server, "GET", "/api/auth/me", token=token))
    ok(call(server, "DELETE", "/api/auth/me", {"password": password}, token=token), 204)
    closed = f"deleted-{me['id']}@deleted.invalid"

    admin = admin_token(server)
    status, body, _ = call(
        server,
        "PUT",
        f"/api/auth/users/{me['id']}/password",
        {"newPassword": "a-fresh-secret-9183"},
        token=admin,
    )
    assert status == 409
    assert json.loads(body)["message"] == "This account was closed: it can no longer be changed."

    page = sign_in(new_page(viewport=LAPTOP), ADMIN_PASSWORD)
    page.goto("/users")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_role("button", name="Change Password").first).to_be_visible()
    expect(page.get_by_text(closed)).to_have_count(0)
    expect(page.get_by_text(email)).to_have_count(0)
    page.goto("/activity")
    person = page.get_by_label("Person")
    expect(person).to_be_visible()
    assert closed not in person.inner_text()
