"""The back office's orders table: a bulk complete from the selection, and the table, the
print view, the dashboard and the users page on a phone's width."""

import re
from urllib.parse import quote

from playwright.sync_api import expect

from tests.liveserver import call

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import admin_token, make_customer, make_product, ok, place_order, unique

# Every element's box against the page's width: what sticks out, and the page's own width.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  // Screen-reader-only text sits in a clipped 1px box: nothing of it shows.
  const clipped = (node) => {
    for (let at = node; at && at !== document.body; at = at.parentElement) {
      if (getComputedStyle(at).clip !== 'auto') return true;
    }
    return false;
  };
  for (const node of document.querySelectorAll('body *')) {
    const box = node.getBoundingClientRect();
    if (box.width <= 1 || getComputedStyle(node).visibility === 'hidden' || clipped(node)) continue;
    if (box.right > width + 1 || box.left < -1) {
      wide.push(`${node.tagName.toLowerCase()}.${node.className} ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
  }
  return { width, scroll: document.documentElement.scrollWidth, wide: wide.slice(0, 8) };
}"""


def fits(page, what):
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"], (what, found)
    assert found["wide"] == [], (what, found)


def orders_of(server, token, search):
    return ok(call(server, "GET", f"/api/orders?search={quote(search)}&limit=10", token=token))[
        "orders"
    ]


def test_bulk_complete_of_three_orders_from_the_table(server, new_page):
    token = admin_token(server)
    product = make_product(server, token, name=unique("Bulk Lamp"), price="4.00", quantity=9)
    email, _, customer = make_customer(server, name="Bulk Buyer")
    ids = [
        place_order(server, customer, [(product["id"], None, 1)], customer_name="Bulk Buyer")["id"]
        for _ in range(3)
    ]

    page = sign_in(new_page(), ADMIN_PASSWORD)
    page.goto(f"/orders?search={quote(email)}")
    table = page.get_by_role("table", name="Orders")
    expect(table.get_by_role("row")).to_have_count(4)  # the header and the three orders
    page.get_by_role("checkbox", name="Select all orders on this page").check()
    bar = page.get_by_role("region", name="Selected orders")
    expect(bar).to_contain_text("3 orders selected")
    bar.get_by_role("button", name="Complete", exact=True).click()

    dialog = page.get_by_role("dialog", name="Complete Orders")
    listed = ", ".join(f"#{i}" for i in sorted(ids, reverse=True))
    expect(dialog).to_contain_text(f"Complete 3 orders ({listed})?")
    expect(dialog).to_contain_text("An email goes out to each customer.")
    dialog.get_by_role("button", name="Complete 3 orders").click()

    expect(page.get_by_text("3 orders completed.")).to_be_visible()
    for order_id in ids:
        row = table.get_by_role("row").filter(
            has=page.get_by_role("button", name=f"Open order {order_id}", exact=True)
        )
        expect(row.locator(".admin-status")).to_have_text("Completed")
    expect(bar).to_be_hidden()
    assert {o["id"]: o["status"] for o in orders_of(server, token, email)} == dict.fromkeys(
        ids, "completed"
    )


def test_the_table_print_view_dashboard_and_users_fit_a_phone(server, new_page):
    token = admin_token(server)
    product = make_product(
        server, token, name=unique("Extraordinarily Long Product Name"), price="12.50", quantity=9
    )
    email, _, customer = make_customer(server, name="Narrow Screen Customer With A Long Name")
    first = place_order(server, customer, [(product["id"], None, 2)])
    second = place_order(server, customer, [(product["id"], None, 1)])

    page = sign_in(new_page(viewport={"width": 375, "height": 800}), ADMIN_PASSWORD)
    for width in (375, 320):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(f"/orders?search={quote(email)}")
        expect(page.get_by_role("button", name=f"Open order {first['id']}")).to_be_visible()
        expect(page.get_by_role("checkbox", name="Select all orders on this page")).to_be_visible()
        page.get_by_role("checkbox", name=f"Select order {first['id']}").check()
        fits(page, f"the orders table with its bulk bar at {width}px")

        page.get_by_role("button", name=f"Open order {first['id']}").click()
        expect(page.get_by_role("dialog", name=f"Order #{first['id']}")).to_be_visible()
        # Once the drawer has slid in.
        page.wait_for_function(
            "() => document.querySelector('.drawer').getBoundingClientRect().right"
            " <= document.documentElement.clientWidth"
        )
        fits(page, f"an order's details at {width}px")
        page.keyboard.press("Escape")

        page.goto(f"/orders/print?id={first['id']},{second['id']}")
        sheet = page.get_by_role("article", name=f"Order #{first['id']}")
        # Qty, price and subtotal are on the screen, not past its edge.
        for cell, text in (("qty", "2"), ("price", "$12.50"), ("subtotal", "$25.00")):
            found = sheet.locator(f".print-order__{cell}").first
            expect(found).to_have_text(text)
            box = found.bounding_box()
            assert box["x"] + box["width"] <= width, (cell, box)
        fits(page, f"the print view at {width}px")

        page.goto("/dashboard")
        expect(page.get_by_role("region", name="Top products")).to_be_visible()
        expect(page.get_by_role("figure", name=re.compile("Revenue per day"))).to_be_visible()
        fits(page, f"the dashboard at {width}px")

        page.goto("/users")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        expect(page.get_by_role("button", name=re.compile("Change password")).first).to_be_visible()
        fits(page, f"the users page at {width}px")

    # On paper the pick list is still a table with its header row.
    page.goto(f"/orders/print?id={first['id']}")
    page.emulate_media(media="print")
    row = page.locator(".print-order__items tbody tr").first
    assert row.evaluate("(node) => getComputedStyle(node).display") == "table-row"
    assert (
        page.locator(".print-order__items thead").evaluate(
            "(node) => getComputedStyle(node).position"
        )
        == "static"
    )
