"""The shop front's finish (issue 27): a product without a price never reaches the cart, on a
phone and a laptop; the hero's words are live text the arrows never cover at 320 px; product
pictures open in a dark full-screen viewer that Escape closes. One context per screen size."""

import re

from playwright.sync_api import expect

from .conftest import sign_in
from .helpers import admin_token, make_customer, make_product, unique

PHONE = {"width": 375, "height": 740}
NARROWEST = {"width": 320, "height": 640}
LAPTOP = {"width": 1366, "height": 768}


def _overlap(a, b):
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def _no_price_product_stays_out_of_the_cart(page, product):
    page.goto(f"/?search={product['name']}")
    card = page.locator(".product-grid > li").filter(has_text=product["name"])
    expect(card).to_contain_text("Price not set")
    expect(card).not_to_contain_text("$0.00")
    card.get_by_role("link").click()
    expect(page.get_by_role("heading", level=1, name=product["name"])).to_be_visible()
    expect(page.locator(".product__price")).to_have_text("Price not set")
    add = page.get_by_role("button", name="Add to Cart")
    expect(add).to_be_disabled()
    expect(add).to_have_accessible_description(re.compile("No price yet"))
    expect(page.get_by_text("$0.00")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('cart')") is None


def _hero_text_is_live_and_clear_of_the_arrows(page):
    carousel = page.locator('[aria-roledescription="carousel"][aria-label="Featured"]')
    slide = carousel.locator(".carousel__slide:not([hidden])")
    expect(slide).to_have_count(1)
    # The demo's slides all have words; another journey's may not: go to one that has.
    for _ in range(carousel.locator(".carousel__slide").count()):
        if slide.locator("figcaption").count():
            break
        carousel.get_by_role("button", name="Next").click()
    caption = slide.locator("figcaption")
    title = caption.get_by_role("heading", level=2)
    expect(title).to_be_visible()
    assert title.inner_text().strip(), "the title is text, not lettering in the picture"
    box = caption.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= NARROWEST["width"]
    for name in ("Previous", "Next"):
        arrow = carousel.get_by_role("button", name=name)
        if arrow.count():
            assert not _overlap(arrow.bounding_box(), box), f"the {name} arrow covers the text"
    size = title.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 16


def test_phone_no_price_product_and_hero_text_at_320(server, new_page):
    product = make_product(
        server, admin_token(server), name=unique("Unpriced Phone"), price="", quantity=5
    )
    _, password, _ = make_customer(server, name="Front Phone")
    page = sign_in(new_page(viewport=PHONE), password)
    _no_price_product_stays_out_of_the_cart(page, product)

    page.set_viewport_size(NARROWEST)
    page.goto("/")
    _hero_text_is_live_and_clear_of_the_arrows(page)


def test_laptop_no_price_product_and_the_full_screen_viewer(server, new_page):
    product = make_product(
        server, admin_token(server), name=unique("Unpriced Laptop"), price="", quantity=5
    )
    _, password, _ = make_customer(server, name="Front Laptop")
    page = sign_in(new_page(viewport=LAPTOP), password)
    _no_price_product_stays_out_of_the_cart(page, product)

    # A demo product with pictures (the newest products are the journeys' own, without).
    page.goto("/?category=vaporizors")
    page.locator(".product-grid > li a").first.click()
    opener = page.get_by_role("button", name="View image 1 full screen")
    opener.click()
    viewer = page.get_by_role("dialog")
    expect(viewer).to_be_visible()
    assert viewer.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(0, 0, 0)"
    frame = viewer.bounding_box()
    assert (frame["width"], frame["height"]) == (LAPTOP["width"], LAPTOP["height"])
    image = viewer.get_by_role("img")
    # The largest stored file alone, so zoom reaches its pixels (test_shop_finish.py zooms).
    expect(image).to_have_attribute("src", re.compile(r"\.webp$"))
    assert image.get_attribute("srcset") is None
    expect(image).to_have_js_property("complete", True)
    assert "-thumb" not in image.evaluate("el => el.currentSrc")
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    expect(opener).to_be_focused()


def _names_in_grid(page, count):
    cards = page.locator(".product-grid > li .product-card__name")
    expect(cards).to_have_count(count)
    return [name.strip() for name in cards.all_inner_texts()]


def test_sorting_and_the_in_stock_filter_live_in_the_url(server, new_page):
    """The grid's order and "In stock only" on a search of three products of its own: the
    choice goes into the URL, the server orders and filters, and the URL alone gives the same
    grid on a phone."""
    token = admin_token(server)
    word = unique("Sortcheck").replace(" ", "")
    for suffix, price, quantity in (
        ("Alpha", "30.00", 4),
        ("Bravo", "10.00", 0),
        ("Charlie", "20.00", 2),
    ):
        make_product(server, token, name=f"{word} {suffix}", price=price, quantity=quantity)
    _, password, _ = make_customer(server, name="Front Sorter")
    page = sign_in(new_page(viewport=LAPTOP), password)

    page.goto(f"/?search={word}")
    # What can be sold first in every order: Bravo has no units.
    assert _names_in_grid(page, 3) == [f"{word} Charlie", f"{word} Alpha", f"{word} Bravo"]
    page.get_by_label("Sort by").select_option(label="Price: low to high")
    expect(page).to_have_url(re.compile(r"[?&]sort=price_asc"))
    expect(page.locator(".product-grid > li").first).to_contain_text(f"{word} Charlie")
    assert _names_in_grid(page, 3) == [f"{word} Charlie", f"{word} Alpha", f"{word} Bravo"]
    page.get_by_label("Sort by").select_option(label="Price: high to low")
    expect(page).to_have_url(re.compile(r"[?&]sort=price_desc"))
    expect(page.locator(".product-grid > li").first).to_contain_text(f"{word} Alpha")
    assert _names_in_grid(page, 3) == [f"{word} Alpha", f"{word} Charlie", f"{word} Bravo"]
    page.get_by_label("Sort by").select_option(label="Price: low to high")
    expect(page).to_have_url(re.compile(r"[?&]sort=price_asc"))
    page.get_by_label("In stock only").check()
    expect(page).to_have_url(re.compile(r"[?&]inStock=1"))
    expect(page.locator(".product-grid > li")).to_have_count(2)
    assert _names_in_grid(page, 2) == [f"{word} Charlie", f"{word} Alpha"]

    phone = new_page(viewport=PHONE)
    sign_in(phone, password)
    phone.goto(page.url.removeprefix(server))
    assert _names_in_grid(phone, 2) == [f"{word} Charlie", f"{word} Alpha"]
    expect(phone.get_by_label("Sort by")).to_have_value("price_asc")
    expect(phone.get_by_label("In stock only")).to_be_checked()
