"""Journey 1: a newcomer signs up with the registration code, is signed in and sees the shop."""

import re
import uuid

from playwright.sync_api import expect

from .conftest import REGISTRATION_CODE


def test_newcomer_signs_up_with_the_code_and_sees_the_shop(new_page):
    tag = uuid.uuid4().hex[:8]
    name, email, password = f"Newcomer {tag}", f"newcomer-{tag}@example.com", f"new-pass-{tag}"
    # The desktop size: the header names the user from 1300 px (docs/architecture.md).
    page = new_page(viewport={"width": 1366, "height": 900})
    page.goto("/login?mode=signup")
    expect(page.get_by_role("heading", name="Enter Password")).to_be_visible()
    page.get_by_label("Full name").fill(name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(password)

    # A wrong code is refused with the server's words, inline and as a toast.
    page.get_by_label("Registration code").fill("NOT-A-CODE")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("alert")).to_have_text("Invalid registration code")
    expect(page).to_have_url(re.compile(r"/login\?mode=signup$"))

    page.get_by_label("Registration code").fill(REGISTRATION_CODE)
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_text(name, exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Logout")).to_be_visible()

    carousel = page.locator('[aria-roledescription="carousel"][aria-label="Featured"]')
    expect(carousel).to_be_visible()
    expect(carousel.get_by_role("img").first).to_be_visible()
    slides = carousel.locator('[aria-roledescription="slide"]')
    total = slides.count()
    assert total >= 2, "the demo has several active hero images"
    expect(carousel.get_by_role("group", name=f"1 of {total}")).to_be_visible()
    carousel.get_by_role("button", name="Next").click()
    expect(carousel.get_by_role("group", name=f"2 of {total}")).to_be_visible()
    expect(carousel.get_by_role("button", name="Go to slide 2")).to_have_attribute(
        "aria-current", "true"
    )

    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    expect(page.locator(".product-grid > li").first).to_be_visible()
    expect(page.get_by_role("button", name="REQUEST RIDE")).to_be_visible()
    expect(page.locator('header [data-page="products"]')).to_have_count(0)  # no admin tabs

    # The session survives a reload, and /login now sends the user home.
    page.goto("/login")
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
