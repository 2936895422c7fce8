"""Journey 6, editing against a version: an admin edits a product while someone else changes its
stock; the save is refused (412), the form says what changed and shows the new stock, keeps the
admin's own edit, and the second save goes through."""

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import _multipart, admin_token, get_product, make_product, ok, unique


def test_a_stale_save_is_refused_and_the_admin_is_told_what_changed(server, new_page):
    token = admin_token(server)
    product = make_product(server, token, name=unique("Stale Edit"), price="10.00", quantity=9)
    page = sign_in(new_page(), ADMIN_PASSWORD)
    page.goto(f"{server}/product/{product['id']}")
    page.get_by_role("button", name="Edit").click()
    form = page.get_by_role("dialog", name="Edit Product")
    expect(form.get_by_label("Quantity in stock")).to_have_value("9")
    form.get_by_label("Price", exact=True).fill("12.75")

    # Meanwhile another admin sets the stock to 6, against the current version.
    _, _, headers = call(server, "GET", f"/api/products/{product['id']}", token=token)
    body, content_type = _multipart({"quantity": "6"})
    ok(
        call(
            server,
            "PUT",
            f"/api/products/{product['id']}",
            raw=body,
            content_type=content_type,
            token=token,
            headers={"If-Match": headers["ETag"]},
        ),
        200,
    )

    form.get_by_role("button", name="Update Product").click()
    expect(form.get_by_role("alert")).to_have_text(
        "Stock changed from 9 to 6 while you were editing. Review and save again."
    )
    expect(form.get_by_label("Quantity in stock")).to_have_value("6")
    expect(form.get_by_label("Price", exact=True)).to_have_value("12.75")
    assert get_product(server, token, product["id"])["price"] == 10

    form.get_by_role("button", name="Update Product").click()
    expect(page.get_by_text("Product updated successfully")).to_be_visible()
    saved = get_product(server, token, product["id"])
    assert (saved["quantity"], saved["price"]) == (6, 12.75)
