"""Journey 3: checkout by store pickup, local delivery and shipping, with every validation
message, the free-delivery threshold, the taxes (figures from the server's quote), the
confirmation page and the order in 'My Orders'."""

import re

from playwright.sync_api import expect

from .helpers import (
    add_to_cart,
    day_words,
    la_datetime,
    la_today,
    money,
    open_cart,
    shop_info,
    shopper_with,
    submit_order,
    to_checkout_step,
)

FREE_FROM = 60  # shipping and delivery are free from a subtotal of $60 (orders/pricing.py)
# First-run rates: 8.75% sales tax (pickup, delivery ZIPs, California), 12.5% excise on juices.


def place_order(page):
    """Press 'Place Order'; the order the server answered, once the confirmation shows."""
    order = submit_order(page)["order"]
    expect(page).to_have_url(re.compile(r"/order-confirmation$"))
    expect(page.get_by_role("heading", level=1, name="Order Confirmed")).to_be_visible()
    expect(page.get_by_test_id("cart-badge")).to_have_count(0)
    return order


def expect_rejected(page, message, field=None):
    """The checkout form refuses with its message and focuses the field at fault."""
    page.get_by_role("button", name="Place Order").click()
    expect(page.get_by_role("alert")).to_have_text(message)
    if field:
        expect(page.get_by_label(field, exact=True)).to_be_focused()
    expect(page).not_to_have_url(re.compile(r"/order-confirmation$"))


def expect_in_my_orders(page, order, product, option_label, total):
    page.get_by_role("navigation", name="Account").get_by_role("link", name="My Orders").click()
    expect(page.get_by_role("heading", level=1, name="My Orders")).to_be_visible()
    expect(page.get_by_text("Showing 1 of 1 order")).to_be_visible()
    card = page.get_by_role("article", name=f"Order #{order['id']}")
    expect(card.locator(".order-card__date")).to_have_text(
        la_datetime(order["createdAt"])
    )  # LA time
    expect(card).to_contain_text(product["name"])
    expect(card).to_contain_text("Pending")
    expect(card).to_contain_text(option_label)
    expect(card.locator(".order-card__total dd")).to_have_text(money(total))


def test_store_pickup_order(server, new_page):
    # Every option takes party supplies, so the step shows each one's fee.
    page, product = shopper_with(server, new_page, "12.50", category="party-supplies")
    shop = shop_info(server)
    drawer = open_cart(page)
    expect(drawer.get_by_text("Your cart is empty")).to_be_visible()
    drawer.get_by_role("button", name="Close").click()
    expect(drawer).to_be_hidden()

    add_to_cart(page, product)
    open_cart(page).get_by_role("button", name="Checkout", exact=True).click()
    options = page.get_by_role("dialog", name="Delivery Options")
    options.get_by_role("button", name="Continue").click()
    expect(options.get_by_role("alert")).to_have_text("Please select a delivery option")
    # Fees for a $12.50 cart: pickup free, the others charged (under the $60 threshold).
    expect(options.locator("label", has_text="Store Pickup")).to_contain_text("FREE")
    expect(options.locator("label", has_text="Standard Shipping")).to_contain_text("$8.00")
    expect(options.locator("label", has_text="Local Delivery")).to_contain_text("$20.00")
    options.get_by_role("button", name="Back").click()
    expect(page.get_by_role("dialog", name="Shopping Cart")).to_be_visible()

    drawer = to_checkout_step(page, "Store Pickup")
    expect(drawer.get_by_label("Delivery Address")).to_have_count(0)
    # The customer's own name is filled in from their account; an empty one is refused.
    expect(drawer.get_by_label("Full Name")).to_have_value("E2E Shopper")
    drawer.get_by_label("Full Name").fill("")
    expect_rejected(page, "Please enter your name for the order", "Full Name")
    drawer.get_by_label("Full Name").fill("Pat Pickup")
    # $12.50 and 8.75% sales tax ($1.09375, half up to the cent).
    expect(drawer.get_by_test_id("checkout-total")).to_have_text("$13.59")
    order = place_order(page)
    assert order["salesTax"] == 1.09 and order["total"] == 13.59

    expect(
        page.get_by_text(f"Thank you, Pat Pickup! Your order number is #{order['id']}.")
    ).to_be_visible()
    expect(page.get_by_role("heading", name="Store Pickup")).to_be_visible()
    expect(
        page.get_by_text(
            f"Your order will be ready for pickup in 30 minutes at {shop['pickupLocation']}."
        )
    ).to_be_visible()
    expect(
        page.get_by_text(
            re.compile(
                rf"Please text {re.escape(shop['pickupPhone'])} with your full name, phone number"
                r"\s+and ETA range, then call when you arrive\."
            )
        )
    ).to_be_visible()
    expect(page.locator(".confirmation__summary")).to_contain_text(
        f"{product['name']} × 1 @ $12.50"
    )
    expect(page.locator(".confirmation__summary .order-card__total dd")).to_have_text("$13.59")
    expect(page.get_by_text("Delivery Fee")).to_have_count(0)
    expect_in_my_orders(page, order, product, "Store Pickup", 13.59)


def test_local_delivery_order_below_the_free_threshold(server, new_page):
    page, product = shopper_with(server, new_page, "25.00")
    add_to_cart(page, product, quantity=2)  # $50: $10 short of free delivery
    open_cart(page).get_by_role("button", name="Checkout", exact=True).click()
    page.get_by_role("button", name="Back").click()

    drawer = to_checkout_step(page, "Local Delivery")
    tomorrow, yesterday = la_today(1).isoformat(), la_today(-1).isoformat()
    rules = shop_info(server)
    # The first bookable day (today, or tomorrow late in the evening) to the last one.
    date_input = drawer.get_by_label("Delivery Date")
    expect(date_input).to_have_attribute("min", rules["deliveryEarliest"][:10])
    expect(date_input).to_have_attribute("max", rules["deliveryLatestDate"])
    # The customer's own name is filled in from their account; an empty one is refused.
    expect(drawer.get_by_label("Full Name")).to_have_value("E2E Shopper")
    drawer.get_by_label("Full Name").fill("")
    expect_rejected(page, "Please enter your name for the order", "Full Name")
    drawer.get_by_label("Full Name").fill("Dana Delivery")
    expect_rejected(page, "Please enter your delivery address", "Delivery Address")
    drawer.get_by_label("Delivery Address").fill("12 Main St, Garden Grove, CA")
    drawer.get_by_label("ZIP Code").fill("92840")
    expect(drawer.get_by_text("We deliver to 92840.")).to_be_visible()
    expect_rejected(page, "Please enter your phone number for delivery", "Phone Number")
    drawer.get_by_label("Phone Number").fill("(714) 555-0123")
    expect_rejected(page, "Please select a delivery date", "Delivery Date")
    drawer.get_by_label("Delivery Date").fill(yesterday)
    expect_rejected(page, "Delivery date cannot be earlier than today", "Delivery Date")
    drawer.get_by_label("Delivery Date").fill(tomorrow)
    expect_rejected(page, "Please select a delivery time", "Delivery Time")
    drawer.get_by_label("Delivery Time").select_option("14:30")

    summary = drawer.get_by_role("group", name="Order summary")
    expect(summary).to_contain_text("Subtotal$50.00")
    expect(summary).to_contain_text("Delivery Fee$20.00")
    # Juices carry the 12.5% excise ($6.25), itself untaxed; sales tax on the goods, not the
    # separately stated fee: 8.75% of $50 = $4.375, half up $4.38.
    expect(summary).to_contain_text("$6.25")
    expect(summary).to_contain_text("Sales tax$4.38")
    expect(drawer.get_by_test_id("checkout-total")).to_have_text("$80.63")
    order = place_order(page)

    assert order["deliveryFee"] == 20 and order["total"] == 80.63
    assert order["exciseTax"] == 6.25 and order["salesTax"] == 4.38
    # Juices are 21+: the shopper ticked the age box, and the order carries the ID check.
    assert order["deliveryZip"] == "92840" and order["idCheckRequired"] is True
    expect(page.get_by_test_id("id-notice")).to_have_text("ID will be checked at delivery (21+)")
    expect(page.get_by_role("heading", name="Local Delivery")).to_be_visible()
    area = shop_info(server)["deliveryArea"]
    expect(
        page.get_by_text(
            f"Your order will be delivered locally in {area} on {day_words(la_today(1))} at 2:30 PM. "
            "We will contact you to confirm the delivery."
        )
    ).to_be_visible()
    expect(page.get_by_text("Delivery address: 12 Main St, Garden Grove, CA")).to_be_visible()
    facts = page.locator(".confirmation__summary .order-card__facts")
    expect(facts).to_contain_text("Subtotal$50.00")
    expect(facts).to_contain_text("Delivery Fee$20.00")
    expect(facts).to_contain_text("Total$80.63")
    expect_in_my_orders(page, order, product, "Local Delivery", 80.63)
    # After leaving the confirmation, My Orders still says when and where, and what happened.
    card = page.get_by_role("article", name=f"Order #{order['id']}")
    booked = f"{day_words(la_today(1))} at 2:30 PM"
    expect(card.locator("dt", has_text="Booked for").locator("+ dd")).to_have_text(booked)
    expect(card.locator("dt", has_text="Delivery address").locator("+ dd")).to_have_text(
        "12 Main St, Garden Grove, CA"
    )
    expect(card.locator("dt", has_text="ZIP").locator("+ dd")).to_have_text("92840")
    expect(card.get_by_test_id("id-notice")).to_have_text("ID will be checked at delivery (21+)")
    history = card.get_by_role("region", name="History")
    expect(history.get_by_role("listitem")).to_have_count(1)
    expect(history.get_by_role("listitem")).to_contain_text("Placed")


def test_shipping_becomes_free_at_the_threshold(server, new_page):
    # Juices may not be shipped; party supplies may.
    page, product = shopper_with(server, new_page, "30.00", category="party-supplies")
    add_to_cart(page, product)
    drawer = open_cart(page)
    drawer.get_by_role("button", name="Checkout", exact=True).click()
    options = page.get_by_role("dialog", name="Delivery Options")
    expect(options.locator("label", has_text="Standard Shipping")).to_contain_text("$8.00")
    options.get_by_role("button", name="Back").click()

    page.get_by_role("button", name=f"Increase quantity of {product['name']}").click()
    expect(page.get_by_test_id("cart-subtotal")).to_have_text(
        money(FREE_FROM)
    )  # exactly the threshold
    page.get_by_role("button", name="Checkout", exact=True).click()
    expect(options.locator("label", has_text="Standard Shipping")).to_contain_text("FREE")
    expect(options.locator("label", has_text="Local Delivery")).to_contain_text("FREE")
    options.get_by_role("button", name="Back").click()

    drawer = to_checkout_step(page, "Standard Shipping")
    expect(drawer.get_by_label("Phone Number")).to_have_count(0)
    # The customer's own name is filled in from their account; an empty one is refused.
    expect(drawer.get_by_label("Full Name")).to_have_value("E2E Shopper")
    drawer.get_by_label("Full Name").fill("")
    expect_rejected(page, "Please enter your name for the order", "Full Name")
    drawer.get_by_label("Full Name").fill("Sam Shipping")
    expect_rejected(page, "Please enter your delivery address", "Delivery Address")
    drawer.get_by_label("Delivery Address").fill("500 Ocean Ave, Long Beach, CA")
    drawer.get_by_label("State (2 letters, like CA)").fill("CA")
    expect(drawer.get_by_text("Shipping Fee")).to_have_count(0)
    # California's rate (first run: the shop's 8.75%): $5.25 on $60.
    expect(drawer.get_by_test_id("checkout-total")).to_have_text("$65.25")
    order = place_order(page)

    assert order["deliveryFee"] == 0 and order["total"] == 65.25
    expect(page.get_by_role("heading", name="Standard Shipping")).to_be_visible()
    expect(
        page.get_by_text("Your order will be shipped and should arrive in 3-5 business days.")
    ).to_be_visible()
    expect(page.get_by_text("Shipping address: 500 Ocean Ave, Long Beach, CA")).to_be_visible()
    expect(page.locator(".confirmation__summary")).to_contain_text(
        f"{product['name']} × 2 @ $30.00"
    )
    expect(page.locator(".confirmation__summary .order-card__total dd")).to_have_text("$65.25")
    expect_in_my_orders(page, order, product, "Standard Shipping", 65.25)
