"""Journey 7: a customer cannot open the admin screens; a signed-out visitor is sent to sign in."""

import re

from playwright.sync_api import expect

from .conftest import sign_in
from .helpers import make_customer

SIGNED_OUT_ROUTES = [
    "/",
    "/orders",
    "/rides",
    "/hero",
    "/users",
    "/product/1",
    "/order-confirmation",
    "/?category=juices",
    "/no-such-page",
]


def test_customer_sees_access_denied_on_admin_screens(server, new_page):
    _, password, _ = make_customer(server)
    page = sign_in(new_page(), password)
    for path in ("/users", "/hero"):
        page.goto(path)
        expect(page.get_by_role("heading", name="Access Denied")).to_be_visible()
        expect(page.get_by_text("You need admin privileges to access this page")).to_be_visible()
    expect(page.get_by_role("heading", name="User Management")).to_have_count(0)


def test_signed_out_visitor_of_any_route_lands_on_login(new_page):
    page = new_page()
    for path in SIGNED_OUT_ROUTES:
        page.goto(path)
        expect(page).to_have_url(re.compile(r"/login$"))
        expect(page.get_by_role("heading", name="Enter Password")).to_be_visible()
        expect(page.get_by_role("button", name="Enter")).to_be_visible()
