"""Journey 5: a shopper requests a ride; an incomplete form is refused with its warning,
a complete one gets the success dialog, which closes itself (and the form) after 3 s."""

import time

from playwright.sync_api import expect

from .conftest import sign_in
from .helpers import day_words, la_today, make_customer, ride_pricing, unique

AUTO_CLOSE_S = 3  # the success dialog closes itself after 3000 ms


def test_ride_request_warns_then_succeeds_and_the_dialog_closes_itself(server, new_page):
    _, password, _ = make_customer(server)
    page = sign_in(new_page(), password)
    page.get_by_role("button", name="REQUEST RIDE").click()
    modal = page.get_by_role("dialog", name="Request a Ride")
    expect(modal).to_be_visible()
    expect(modal.get_by_label("Full Name")).to_be_focused()
    expect(modal.locator(".ride-pricing__text")).to_have_text(ride_pricing(server))

    name = unique("Rider")
    modal.get_by_label("Full Name").fill(name)
    modal.get_by_label("Phone Number").fill("(714) 555-0142")
    modal.get_by_role("button", name="Submit Request").click()  # five fields still empty
    warning = page.get_by_role("dialog", name="Missing Information")
    expect(warning).to_be_visible()
    expect(warning.get_by_role("alert")).to_have_text(
        "Please fill in all fields before submitting your ride request."
    )
    warning.get_by_role("button", name="OK").click()
    expect(warning).to_be_hidden()
    expect(modal).to_be_visible()
    expect(modal.get_by_label("Full Name")).to_have_value(name)  # nothing typed is lost

    modal.get_by_label("Pickup Address").fill("100 Harbor Blvd, Garden Grove, CA")
    modal.get_by_label("Drop-off Address").fill("200 Main St, Santa Ana, CA")
    modal.get_by_label("Pickup Date").fill(la_today(2).isoformat())
    modal.get_by_label("Pickup Time").fill("09:15")
    modal.get_by_label("Item Description").fill("A bookshelf, flat-packed.")
    modal.get_by_role("button", name="Submit Request").click()

    success = page.get_by_role("dialog", name="Request Submitted!")
    expect(success).to_be_visible()
    shown_at = time.monotonic()
    expect(success).to_contain_text(
        "Your ride request has been submitted successfully. "
        "We will contact you soon to confirm the details."
    )
    # Nobody presses OK: it must still be open after 2 s and gone, with the form, soon after 3 s.
    page.wait_for_timeout(2000)
    expect(success).to_be_visible()
    expect(success).to_be_hidden(timeout=AUTO_CLOSE_S * 1000 + 5000)
    open_for = time.monotonic() - shown_at
    assert AUTO_CLOSE_S - 0.5 <= open_for <= AUTO_CLOSE_S + 5, (
        f"the dialog closed after {open_for:.1f} s"
    )
    expect(modal).to_be_hidden()

    page.get_by_role("navigation", name="Account").get_by_role("link", name="My Rides").click()
    expect(page.get_by_role("heading", level=1, name="My Ride Requests")).to_be_visible()
    card = page.get_by_role("article").filter(has_text="100 Harbor Blvd, Garden Grove, CA")
    expect(card).to_contain_text("Pending")
    expect(card).to_contain_text("200 Main St, Santa Ana, CA")
    expect(card).to_contain_text(f"{day_words(la_today(2))} at 9:15 AM")

    # The form was cleared: opening it again starts afresh, from the saved name (the
    # account's; no phone saved yet).
    page.get_by_role("button", name="REQUEST RIDE").click()
    expect(modal.get_by_label("Full Name")).to_have_value("E2E Shopper")
    expect(modal.get_by_label("Pickup Address")).to_have_value("")
    page.keyboard.press("Escape")
    expect(modal).to_be_hidden()
