"""Journey 6, back-office half: an admin moves a ride through its statuses and rewrites the
pricing text customers read; adds, toggles, reorders and deletes hero images; and changes a
user's password, which signs that user's open session out."""

import re

from playwright.sync_api import expect

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import admin_tab, admin_token, call, make_customer, make_ride, ok, png_file, unique


def test_admin_changes_a_ride_status_and_the_pricing_text(server, new_page):
    _, password, customer_token = make_customer(server, name="Ride Customer")
    rider = unique("Rider")
    ride = make_ride(server, customer_token, rider)
    pricing = f"Flat {unique('$25')} for anything that fits in a van."

    admin = sign_in(new_page(), ADMIN_PASSWORD)
    admin_tab(admin, "rides")
    expect(admin.get_by_role("heading", level=1, name="Ride Management")).to_be_visible()
    admin.get_by_role("button", name=f"Ride request #{ride['id']} from {rider}, Pending").click()
    details = admin.get_by_role("dialog", name=f"Ride Request #{ride['id']}")
    expect(details).to_contain_text("1 Pickup Way, Garden Grove, CA")
    expect(details.get_by_role("button", name="Mark Pending")).to_have_count(
        0
    )  # not the current one
    details.get_by_role("button", name="Mark In Progress").click()
    expect(details.locator(".admin-details-row", has_text="Status")).to_contain_text("In Progress")
    expect(details.get_by_role("button", name="Mark Pending")).to_be_visible()
    expect(details.get_by_role("button", name="Mark In Progress")).to_have_count(0)
    details.get_by_role("button", name="Close", exact=True).first.click()
    expect(details).to_be_hidden()
    expect(
        admin.get_by_role("button", name=f"Ride request #{ride['id']} from {rider}, In Progress")
    ).to_be_visible()
    admin.get_by_label("Status", exact=True).select_option(label="In Progress")
    expect(
        admin.get_by_role("button", name=f"Ride request #{ride['id']} from {rider}, In Progress")
    ).to_be_visible()
    expect(
        admin.get_by_role("list", name="Ride requests").get_by_text("Pending", exact=True)
    ).to_have_count(0)

    editor = admin.get_by_label("Shown to customers when they request a ride")
    expect(editor).to_be_enabled()
    editor.fill(pricing)
    admin.get_by_role("button", name="Save Pricing").click()
    expect(admin.get_by_role("button", name="Save Pricing")).to_be_enabled()
    admin.reload()
    expect(admin.get_by_label("Shown to customers when they request a ride")).to_have_value(pricing)

    shopper = sign_in(new_page(), password)
    shopper.get_by_role("button", name="REQUEST RIDE").click()
    expect(
        shopper.get_by_role("dialog", name="Request a Ride").locator(".ride-pricing__text")
    ).to_have_text(pricing)
    shopper.keyboard.press("Escape")
    shopper.get_by_role("navigation", name="Account").get_by_role("link", name="My Rides").click()
    expect(shopper.get_by_role("article", name=f"Ride #{ride['id']}")).to_contain_text(
        "In Progress"
    )


def test_admin_adds_toggles_reorders_and_deletes_hero_images(server, new_page):
    first, second = unique("Hero One"), unique("Hero Two")
    page = sign_in(new_page(), ADMIN_PASSWORD)
    admin_tab(page, "hero")
    expect(page.get_by_role("heading", level=1, name="Hero Images")).to_be_visible()
    cards = page.get_by_role("list", name="Hero images in display order").get_by_role("listitem")
    expect(cards.first).to_be_visible()
    before = cards.count()

    for n, title in enumerate((first, second)):
        page.get_by_role("button", name="Add Hero Image").click()
        form = page.get_by_role("dialog", name="Add Hero Image")
        expect(form.get_by_label("Display order")).to_have_value(str(before + n + 1))
        form.get_by_label("Title").fill(title)
        form.get_by_label("Alt text").fill(f"{title} banner")
        if n == 0:  # no image yet: refused with its message
            form.get_by_role("button", name="Add Image").click()
            expect(form.get_by_role("alert")).to_have_text(
                "Please provide an image URL or upload an image file"
            )
        form.get_by_label("Or upload an image").set_input_files(
            png_file(f"hero-{n}.png", (40 + 120 * n, 90, 160), (1200, 400))
        )
        expect(form.get_by_role("img", name="Preview")).to_be_visible()
        form.get_by_role("button", name="Add Image").click()
        expect(form).to_be_hidden()
        expect(page.get_by_text("Hero image added").last).to_be_visible()
    expect(cards).to_have_count(before + 2)
    expect(cards.nth(before)).to_contain_text(f"Position {before + 1}")
    expect(cards.nth(before)).to_contain_text(first)
    expect(cards.nth(before + 1)).to_contain_text(second)
    expect(cards.nth(before).get_by_role("img", name=f"{first} banner")).to_have_js_property(
        "complete", True
    )

    page.get_by_role("button", name=f"Deactivate {first}").click()
    card = cards.filter(has_text=first)
    expect(card.get_by_text("Inactive", exact=True)).to_be_visible()
    expect(card.get_by_role("button", name=f"Activate {first}")).to_have_attribute(
        "aria-pressed", "false"
    )

    page.get_by_role("button", name=f"Move {second} up").click()
    expect(cards.nth(before)).to_contain_text(second)
    expect(cards.nth(before)).to_contain_text(f"Position {before + 1}")
    expect(cards.nth(before + 1)).to_contain_text(first)
    expect(page.get_by_role("button", name=f"Move {first} down")).to_be_disabled()
    stored = ok(call(server, "GET", "/api/hero/images", token=admin_token(server)), 200)
    assert [h["title"] for h in stored][-2:] == [second, first]

    # Customers see the active one in the carousel, never the inactive one.
    shopper = sign_in(new_page(), make_customer(server)[1])
    carousel = shopper.locator('[aria-roledescription="carousel"][aria-label="Featured"]')
    expect(carousel.get_by_role("button", name=f"Go to slide {before + 1}")).to_be_visible()
    expect(carousel.locator(f'img[alt="{second} banner"]')).to_have_count(1)
    expect(carousel.locator(f'img[alt="{first} banner"]')).to_have_count(0)
    shopper.close()

    for title in (first, second):
        page.get_by_role("button", name=f"Delete {title}").click()
        confirm = page.get_by_role("dialog", name="Delete Hero Image")
        expect(confirm).to_contain_text(
            f'Delete "{title}" from the homepage? This cannot be undone.'
        )
        confirm.get_by_role("button", name="Delete", exact=True).click()
        expect(confirm).to_be_hidden()
        expect(cards.filter(has_text=title)).to_have_count(0)
        # Its toast sits at the bottom right, where the next card's Delete button now is.
        expect(page.locator(".toast")).to_have_count(0)
    expect(cards).to_have_count(before)


def test_password_change_signs_the_users_open_session_out(server, new_page):
    email, old_password, _ = make_customer(server, name="Password Owner")
    new_password = f"{old_password}-new"
    victim = sign_in(new_page(), old_password)
    expect(victim.get_by_role("heading", level=1, name="All Products")).to_be_visible()

    admin = sign_in(new_page(), ADMIN_PASSWORD)
    admin_tab(admin, "users")
    expect(admin.get_by_role("heading", level=1, name="User Management")).to_be_visible()
    row = admin.get_by_role("row").filter(has_text=email)
    expect(row).to_contain_text("Password Owner")
    expect(row.get_by_role("combobox", name=f"Role for {email}")).to_have_value("customer")
    row.get_by_role("button", name=f"Change password for {email}").click()
    modal = admin.get_by_role("dialog", name="Change Password")
    expect(modal).to_contain_text(f"For Password Owner ({email})")
    expect(modal.get_by_label("New password")).to_be_focused()
    modal.get_by_label("New password").fill("short")
    # The server's rules said under the field, once; Update waits until they pass.
    expect(modal.get_by_label("New password")).to_have_accessible_description(
        re.compile("Password must be at least 6 characters long")
    )
    expect(modal.get_by_role("button", name="Update Password")).to_be_disabled()
    modal.get_by_label("New password").fill(new_password)
    modal.get_by_role("button", name="Update Password").click()
    expect(admin.get_by_text(f"Password updated for {email}")).to_be_visible()
    expect(modal).to_be_hidden()

    # The old page has not noticed yet; its next API call is refused and it lands on /login.
    expect(victim.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    victim.get_by_role("navigation", name="Account").get_by_role("link", name="My Orders").click()
    expect(victim).to_have_url(re.compile(r"/login$"))
    expect(victim.get_by_role("heading", name="Enter Password")).to_be_visible()
    expect(
        victim.get_by_text("Your password was changed. Please sign in with the new one.")
    ).to_be_visible()

    victim.get_by_label("Password").first.fill(old_password)
    victim.get_by_role("button", name="Enter").click()
    expect(victim.get_by_role("alert")).to_have_text("Invalid password")
    victim.get_by_label("Password").first.fill(new_password)
    victim.get_by_role("button", name="Enter").click()
    expect(victim.get_by_role("heading", level=1, name="All Products")).to_be_visible()
