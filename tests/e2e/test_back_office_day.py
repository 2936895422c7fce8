"""The back office's day in Chromium: the sales dashboard draws its charts (with a text
equivalent and a CSV of the same period) without a console error, and the pick list prints
one order per page."""

import re

from playwright.sync_api import expect

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import (
    admin_tab,
    admin_token,
    la_today,
    make_customer,
    make_product,
    money,
    place_order,
    unique,
)
from .test_accessibility import assert_no_serious_violations

# Juices are 21+: their orders carry an ID notice.
AGE_RESTRICTED_CATEGORY = "juices"


def watch_console(page):
    """Console errors and uncaught exceptions of `page`, as they happen."""
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


def test_the_dashboard_draws_its_charts_and_saves_the_csv_without_a_console_error(server, new_page):
    token = admin_token(server)
    product = make_product(
        server,
        token,
        name=unique("Dashboard Juice"),
        category=AGE_RESTRICTED_CATEGORY,
        price="12.50",
    )
    _, _, customer = make_customer(server, name="Dashboard Buyer")
    place_order(server, customer, [(product["id"], None, 2)], customer_name="Dashboard Buyer")

    page = new_page()
    problems = watch_console(page)
    sign_in(page, ADMIN_PASSWORD)
    tabs = page.get_by_role("navigation", name="Admin").get_by_role("link")
    expect(tabs.first).to_have_text("Dashboard")
    admin_tab(page, "dashboard")
    expect(page.get_by_role("heading", level=1, name="Dashboard")).to_be_visible()
    today = la_today()
    expect(page.get_by_label("To", exact=True)).to_have_value(today.isoformat())
    expect(page.get_by_label("From", exact=True)).to_have_value(la_today(-29).isoformat())

    by_day = page.get_by_role("figure", name=re.compile("Revenue per day"))
    by_category = page.get_by_role("figure", name=re.compile("Revenue per category"))
    # Drawn: an SVG with at least one bar (today sold something), in each chart.
    for chart in (by_day, by_category):
        expect(chart.locator("svg.recharts-surface")).to_have_count(1)
        expect(chart.locator(".recharts-bar-rectangle path").first).to_be_attached()
        box = chart.locator("svg.recharts-surface").bounding_box()
        assert box["width"] > 200 and box["height"] > 200, box
    # The text equivalents name the same figures.
    expect(by_category.get_by_role("table", name="Revenue per category")).to_contain_text("Juices")
    expect(by_day.get_by_role("table", name="Revenue per day")).to_contain_text(
        f"{today:%b} {today.day}, {today.year}"
    )
    expect(page.get_by_role("region", name="Top products")).to_contain_text(product["name"])
    expect(page.get_by_role("region", name="Top products")).to_contain_text(money(25))
    assert_no_serious_violations(page, "the dashboard")

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download CSV").click()
    download = download_info.value
    start = la_today(-29).isoformat()
    assert download.suggested_filename == f"sales-{start}-{today.isoformat()}.csv"
    with open(download.path(), encoding="utf-8") as csv_file:
        text = csv_file.read()
    assert text.startswith("section,"), text[:200]
    assert product["name"] in text

    page.get_by_role("button", name="Last 7 days").click()
    expect(page.get_by_label("From", exact=True)).to_have_value(la_today(-6).isoformat())
    expect(page).to_have_url(re.compile(rf"from={la_today(-6).isoformat()}"))
    expect(by_day.locator(".recharts-bar-rectangle path").first).to_be_attached()
    assert problems == []


def test_the_print_view_renders_an_order_with_one_order_per_printed_page(server, new_page):
    token = admin_token(server)
    product = make_product(
        server,
        token,
        name=unique("Pick Juice"),
        category=AGE_RESTRICTED_CATEGORY,
        price="9.00",
        types=[("Mango", "11.00", 5)],
    )
    type_id = product["types"][0]["id"]
    _, _, customer = make_customer(server, name="Pick Buyer")
    first = place_order(server, customer, [(product["id"], type_id, 3)], customer_name="Pick A")
    second = place_order(server, customer, [(product["id"], type_id, 1)], customer_name="Pick B")

    page = new_page()
    problems = watch_console(page)
    sign_in(page, ADMIN_PASSWORD)
    admin_tab(page, "orders")
    page.get_by_label("Search orders").fill(f"#{first['id']}")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page).to_have_url(re.compile(r"search=%23" + str(first["id"])))
    expect(page.get_by_role("button", name=re.compile(r"^Pending \d+$"))).to_be_visible()
    assert_no_serious_violations(page, "the filtered order list")
    page.get_by_role("button", name=f"Open order {first['id']}").click()
    page.get_by_role("link", name=f"Print order {first['id']}").click()

    expect(page).to_have_url(re.compile(rf"/orders/print\?id={first['id']}$"))
    sheet = page.get_by_role("article", name=f"Order #{first['id']}")
    expect(sheet).to_be_visible()
    expect(sheet.get_by_role("note")).to_have_text("Bring a valid photo ID (21+)")
    expect(sheet).to_contain_text("Pick A")
    expect(sheet).to_contain_text("Store Pickup")
    row = sheet.get_by_role("row").filter(has_text=product["name"])
    expect(row.get_by_role("cell")).to_have_text(
        ["", product["name"], "Mango", f"#{product['id']:06d}", "3", money(11), money(33)]
    )
    total = money(float(first["total"]))
    expect(sheet.get_by_role("row", name=f"Total {total}", exact=True)).to_be_visible()
    assert_no_serious_violations(page, "the print view")

    # Print opens the browser's print dialog (stubbed: headless Chromium has none to show).
    page.evaluate("() => { window.__prints = 0; window.print = () => { window.__prints += 1; }; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.__prints") == 1

    style = "(node) => getComputedStyle(node).breakAfter"
    assert sheet.evaluate(style) == "auto"
    page.emulate_media(media="print")
    assert sheet.evaluate(style) == "page"
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    page.emulate_media(media="screen")

    # Two orders: two printed pages, one each.
    page.goto(f"/orders/print?id={first['id']},{second['id']}")
    expect(page.get_by_role("article")).to_have_count(2)
    pdf = page.pdf(format="Letter")
    pages = re.findall(rb"/Type\s*/Page(?!s)", pdf)
    assert len(pages) == 2, len(pages)
    assert problems == []
