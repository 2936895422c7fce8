"""Journey 6, catalog half: an admin creates a product with two types and uploaded images, finds
it in the grid, edits it and removes an image; completes one order, cancels another and sees
the cancelled units back in stock on the product page."""

import re

from playwright.sync_api import expect

from .conftest import ADMIN_PASSWORD, sign_in
from .helpers import (
    admin_tab,
    admin_token,
    get_product,
    make_customer,
    make_product,
    place_order,
    png_file,
    unique,
)


def test_admin_creates_edits_and_trims_the_images_of_a_product(server, new_page):
    name = unique("Admin Made")
    page = sign_in(new_page(), ADMIN_PASSWORD)
    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    expect(page.get_by_role("button", name="Add to Cart")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Cart"))).to_have_count(0)
    page.get_by_role("button", name="Add Product").click()
    form = page.get_by_role("dialog", name="Add Product")
    expect(form.get_by_role("textbox", name="Name", exact=True)).to_be_focused()

    form.get_by_role("button", name="Create Product").click()
    expect(form.get_by_role("alert")).to_have_text("Product name is required.")
    form.get_by_role("textbox", name="Name", exact=True).fill(name)
    form.get_by_label("Description").fill("Two sizes, two pictures.")
    form.get_by_label("Price", exact=True).fill("18.50")
    form.get_by_label("Quantity in stock").fill("0")
    form.get_by_label("Category").select_option(label="Hemp")
    form.get_by_label("Add images").set_input_files(
        [png_file("front.png", (200, 60, 60)), png_file("back.png", (60, 160, 90))]
    )
    expect(form.get_by_role("img", name="New image front.png")).to_be_visible()
    expect(form.get_by_text("(2 of 5)")).to_be_visible()
    form.get_by_role("button", name="Add Type").click()
    form.get_by_role("button", name="Add Type").click()
    form.get_by_role("button", name="Create Product").click()
    expect(form.get_by_role("alert").first).to_have_text("Please enter name for the product type")
    for n, (type_name, price, quantity) in enumerate(
        (("Half ounce", "", "4"), ("Ounce", "30", "2")), start=1
    ):
        row = form.get_by_role("group", name=f"Type {n}")
        row.get_by_label("Name").fill(type_name)
        row.get_by_label("Price").fill(price)
        row.get_by_label("Quantity").fill(quantity)
    form.get_by_role("button", name="Create Product").click()
    expect(page.get_by_text("Product created successfully")).to_be_visible()
    expect(form).to_be_hidden()

    page.get_by_role("searchbox", name="Search products").fill(name)
    expect(page.get_by_text(f"Results for “{name}”")).to_be_visible()
    expect(page.locator(".product-grid > li")).to_have_count(1)
    card = page.get_by_role("link", name=re.compile(f"^{name}"))
    expect(card).to_contain_text("$18.50")
    expect(card).to_contain_text("Hemp")
    expect(card.locator("img")).to_have_js_property("complete", True)
    expect(card.locator("img")).not_to_have_js_property("naturalWidth", 0)
    card.click()

    expect(page.get_by_role("heading", level=1, name=name)).to_be_visible()
    product_id = int(page.url.rsplit("/", 1)[1])
    slides = page.locator('.product__gallery [aria-roledescription="slide"]')
    expect(slides).to_have_count(2)
    expect(page.get_by_role("button", name="Go to slide 2")).to_be_visible()
    expect(page.get_by_role("button", name="Add to Cart")).to_have_count(0)
    types = page.locator(".product__admin-types")
    expect(types).to_contain_text("Half ounce: $18.50, 4 units")
    expect(types).to_contain_text("Ounce: $30.00, 2 units")
    page.get_by_role("button", name="View image 1 full screen").click()
    viewer = page.get_by_role("dialog", name=name)
    expect(viewer.get_by_role("img", name=f"{name}, image 1 of 2")).to_be_visible()
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()

    page.get_by_role("button", name="Edit", exact=True).click()
    form = page.get_by_role("dialog", name="Edit Product")
    expect(form.get_by_role("textbox", name="Name", exact=True)).to_have_value(name)
    expect(form.get_by_role("img", name=re.compile("^Current image"))).to_have_count(2)
    form.get_by_label("Price", exact=True).fill("21.00")
    form.get_by_role("button", name="Remove current image 1").click()
    expect(form.get_by_role("img", name=re.compile("^Current image"))).to_have_count(1)
    form.get_by_role("button", name="Update Product").click()
    expect(page.get_by_text("Product updated successfully")).to_be_visible()
    expect(form).to_be_hidden()
    expect(page.locator(".product__price")).to_have_text("$21.00")
    expect(slides).to_have_count(1)
    expect(page.get_by_role("button", name="Go to slide 1")).to_have_count(0)
    expect(page.get_by_role("img", name=f"{name}, image 1 of 1")).to_be_visible()
    expect(page.locator(".product__admin-types")).to_contain_text("Half ounce: $21.00, 4 units")
    assert len(get_product(server, admin_token(server), product_id)["images"]) == 1

    page.get_by_role("link", name="← Back to Hemp").click()
    page.get_by_role("searchbox", name="Search products").fill(name)
    expect(page).to_have_url(re.compile(r"/\?category=hemp&search="))
    expect(page.locator(".product-grid > li")).to_have_count(1)
    expect(page.get_by_role("link", name=re.compile(f"^{name}"))).to_contain_text("$21.00")


def test_admin_completes_one_order_cancels_another_and_stock_returns(server, new_page):
    token = admin_token(server)
    product = make_product(server, token, name=unique("Stocked"), price="7.00", quantity=5)
    _, _, customer = make_customer(server, name="Order Maker")
    to_complete = place_order(
        server, customer, [(product["id"], None, 2)], customer_name="Complete Me"
    )
    to_cancel = place_order(server, customer, [(product["id"], None, 2)], customer_name="Cancel Me")

    page = sign_in(new_page(), ADMIN_PASSWORD)
    page.goto(f"/product/{product['id']}")
    details = page.locator(".product__details")
    expect(details).to_contain_text("Stock1 units")

    admin_tab(page, "orders")
    expect(page.get_by_role("heading", level=1, name="All Orders")).to_be_visible()
    expect(page.get_by_text(re.compile(r"^\d+ orders in total$"))).to_be_visible()
    # A row of the table opens the order's details, with its actions.
    page.get_by_role("button", name=f"Open order {to_complete['id']}").click()
    first = page.get_by_role("article", name=f"Order #{to_complete['id']}")
    expect(first).to_contain_text("Complete Me")
    expect(first).to_contain_text(f"{product['name']} × 2")
    expect(first).to_contain_text("Pending")

    first.get_by_role("button", name=f"Complete order {to_complete['id']}").click()
    dialog = page.get_by_role("dialog", name="Complete Order")
    expect(dialog).to_contain_text(
        f"Mark order #{to_complete['id']} as completed? Inventory will be updated. "
        "An email goes out to the customer."
    )
    dialog.get_by_role("button", name="Complete", exact=True).click()
    expect(page.get_by_text("Order completed. Inventory updated.")).to_be_visible()
    expect(first.locator(".admin-status")).to_have_text("Completed")
    expect(first.get_by_role("button")).to_have_count(0)
    page.keyboard.press("Escape")

    page.get_by_role("button", name=f"Open order {to_cancel['id']}").click()
    second = page.get_by_role("article", name=f"Order #{to_cancel['id']}")
    second.get_by_role("button", name=f"Cancel order {to_cancel['id']}").click()
    dialog = page.get_by_role("dialog", name="Cancel Order")
    expect(dialog).to_contain_text(f"Cancel order #{to_cancel['id']}? Its items go back to stock.")
    dialog.get_by_role("button", name="Cancel Order").click()
    expect(second.locator(".admin-status")).to_have_text("Cancelled")
    expect(second.get_by_role("button")).to_have_count(0)

    page.goto(f"/product/{product['id']}")
    expect(details).to_contain_text("Stock3 units")  # the two cancelled units are back
    expect(page.get_by_text("In Stock", exact=True)).to_be_visible()
    assert get_product(server, token, product["id"])["quantity"] == 3
