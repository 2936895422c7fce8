"""Journey (issue 42, item 8): errors name fields as the form labels them, once, beside the
field: the Settings page's refusals in its labels' words (not again above Save), and the
dashboard refusing a From after the To before it asks the server."""

import re

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import admin_tab, admin_token, ok

FEE_RANGE = "Local delivery fee must be an amount from $0 to $99,999.99."
HOURS_ORDER = "Deliveries from must be earlier than Deliveries until."


def test_settings_errors_are_in_the_form_s_words_once(server, new_page):
    before = ok(call(server, "GET", "/api/shop/settings", token=admin_token(server)), 200)
    owner = sign_in(new_page(), ADMIN_PASSWORD)
    admin_tab(owner, "settings")
    expect(owner.get_by_role("heading", level=1, name="Settings")).to_be_visible()

    fee = owner.get_by_label("Local delivery fee")
    fee.fill("100000")
    owner.get_by_role("button", name="Save", exact=True).click()

    expect(fee).to_have_accessible_description(FEE_RANGE)
    expect(owner.get_by_text(FEE_RANGE)).to_have_count(1)
    expect(owner.get_by_text("fees.delivery")).to_have_count(0)

    fee.fill(str(before["fees"]["delivery"]))
    owner.get_by_label("Deliveries from").fill("21:00")
    owner.get_by_role("button", name="Save", exact=True).click()

    expect(owner.get_by_label("Deliveries from")).to_have_accessible_description(
        re.compile(re.escape(HOURS_ORDER))
    )
    expect(owner.get_by_text(HOURS_ORDER)).to_have_count(1)
    # Nothing was stored.
    after = ok(call(server, "GET", "/api/shop/settings", token=admin_token(server)), 200)
    assert after["deliveryHours"] == before["deliveryHours"]


def test_the_dashboard_refuses_a_from_after_the_to_in_the_form(server, new_page):
    owner = sign_in(new_page(), ADMIN_PASSWORD)
    asked = []
    owner.on(
        "request",
        lambda request: asked.append(request.url) if "/api/reports/sales" in request.url else None,
    )
    owner.goto("/dashboard?from=2026-01-01&to=2026-01-31")
    expect(owner.get_by_role("heading", level=1, name="Dashboard")).to_be_visible()
    expect(owner.get_by_label("From")).to_have_value("2026-01-01")
    owner.wait_for_load_state("networkidle")
    before = len(asked)

    owner.get_by_label("From").fill("2026-02-15")

    expect(owner.get_by_label("From")).to_have_accessible_description(
        "From must be on or before To."
    )
    expect(owner.get_by_text("Failed to load the sales report")).to_have_count(0)
    expect(owner.get_by_role("button", name="Try again")).to_have_count(0)
    assert len(asked) == before, asked
