"""API set-up for the journeys: fresh customers, products with known stock, orders. Each journey
makes its own data under unique names, so the journeys never depend on one another."""

import io
import json
import re
import uuid
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from PIL import Image, ImageDraw
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.liveserver import call, login

from .conftest import ADMIN_PASSWORD, REGISTRATION_CODE, sign_in


def unique(prefix):
    return f"{prefix} {uuid.uuid4().hex[:8]}"


def ok(answer, *expected):
    status, body, _ = answer
    if status not in (expected or (200, 201, 204)):
        raise AssertionError(f"set-up call answered {status}: {body[:300]!r}")
    return json.loads(body) if body else None


ADULT_BIRTH = "1990-05-17"


def admin_token(server):
    return login(server, ADMIN_PASSWORD)


def make_customer(server, name="E2E Shopper"):
    """A new customer: (email, password, token). Passwords identify users, so each is unique."""
    tag = uuid.uuid4().hex[:10]
    # The password shares nothing with the email: the sign-up rules refuse similar ones.
    email, password = f"e2e-{tag}@example.com", f"kiwi-{uuid.uuid4().hex[:12]}-lamp"
    answer = ok(
        call(
            server,
            "POST",
            "/api/auth/register",
            {
                "email": email,
                "password": password,
                "name": name,
                "registrationCode": REGISTRATION_CODE,
            },
        )
    )
    # An adult with a date of birth on file, as the unit tests' customers: the 21+ age check
    # (orders/age.py) is met unless a test clears it on purpose.
    ok(call(server, "PATCH", "/api/auth/me", {"dateOfBirth": ADULT_BIRTH}, token=answer["token"]))
    return email, password, answer["token"]


def _multipart(fields):
    boundary = uuid.uuid4().hex
    parts = []
    for key, value in fields.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


# Party supplies are neither 21+ nor barred from shipping: a journey about something else
# needs no age box and may ship. Journeys about those rules pass a category that has them.
DEFAULT_CATEGORY = "party-supplies"
# Likewise the first-run compliance rules (as tests/factories.py make_product): a product of
# a nicotine category is made unflavoured and on the Unflavored Tobacco List, so only a
# journey that passes `regulatory` meets them.
NICOTINE_CATEGORIES = {"disposables", "juices", "pouches"}
SELLABLE_NICOTINE = {"flavoured": False, "utlEntry": "Browser Suite - Tobacco"}


def make_product(
    server,
    token,
    *,
    name,
    category=DEFAULT_CATEGORY,
    price="10.00",
    quantity=10,
    types=(),
    regulatory=None,
):
    """A product (no image) with types [(name, price or None, quantity)]; returns its JSON.
    `regulatory`: its own attributes (API names) over those NICOTINE_CATEGORIES get."""
    own = {**(SELLABLE_NICOTINE if category in NICOTINE_CATEGORIES else {}), **(regulatory or {})}
    body, content_type = _multipart(
        {
            "name": name,
            "description": "Made by the browser suite.",
            "price": price,
            "availability": "true",
            "category": category,
            "quantity": str(quantity),
            "regulatory": json.dumps(own),
        }
    )
    product = ok(
        call(server, "POST", "/api/products", raw=body, content_type=content_type, token=token), 201
    )
    for type_name, type_price, type_quantity in types:
        ok(
            call(
                server,
                "POST",
                f"/api/products/{product['id']}/types",
                {
                    "name": type_name,
                    "availability": True,
                    "price": type_price,
                    "quantity": type_quantity,
                },
                token=token,
            ),
            201,
        )
    return ok(call(server, "GET", f"/api/products/{product['id']}", token=token), 200)


def get_product(server, token, product_id):
    return ok(call(server, "GET", f"/api/products/{product_id}", token=token), 200)


def place_order(server, token, items, customer_name="E2E Customer"):
    """A pickup order for [(productId, productTypeId, quantity)]; returns the order."""
    answer = ok(
        call(
            server,
            "POST",
            "/api/orders/checkout",
            {
                "cartItems": [
                    {"productId": p, "productTypeId": t, "quantity": q} for p, t, q in items
                ],
                "customerName": customer_name,
                "deliveryOption": "pickup",
                "deliveryAddress": "",
                "phoneNumber": "",
                "deliveryDate": "",
                "deliveryTime": "",
                "specialInstructions": "",
                # Callers may buy 21+ products: the shopper confirms their age.
                "ageConfirmed": True,
            },
            token=token,
        ),
        201,
    )
    return answer["order"]


def escaped(text):
    return re.compile(re.escape(text))


# --- more set-up and expectations shared by the journeys -------------------------------------

LA = "America/Los_Angeles"


def shop_info(server):
    return ok(call(server, "GET", "/api/shop/info"), 200)


def ride_pricing(server):
    return ok(call(server, "GET", "/api/rides/settings/pricing"), 200)["ride_pricing_description"]


def make_ride(server, token, name):
    """A pending ride request linked to the token's user; returns the ride."""
    answer = ok(
        call(
            server,
            "POST",
            "/api/rides",
            {
                "name": name,
                "phone": "(714) 555-0199",
                "address": "1 Pickup Way, Garden Grove, CA",
                "dropoffAddress": "2 Drop-off Rd, Santa Ana, CA",
                "pickupDate": la_today(1).isoformat(),
                "pickupTime": "10:30",
                "itemDescription": "One armchair.",
            },
            token=token,
        ),
        201,
    )
    return answer["ride"]


def png_file(name, colour=(30, 120, 200), size=(320, 240)):
    """A real PNG drawn with Pillow, as a Playwright file payload for set_input_files."""
    image = Image.new("RGB", size, colour)
    ImageDraw.Draw(image).ellipse(
        [20, 20, size[0] - 20, size[1] - 20], outline=(255, 255, 255), width=8
    )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return {"name": name, "mimeType": "image/png", "buffer": out.getvalue()}


def la_today(days=0):
    return datetime.now(ZoneInfo(LA)).date() + timedelta(days=days)


def la_datetime(iso):
    """An ISO instant as the app shows it, in Los Angeles time: 'Mon, Jan 5, 2026 at 12:04 AM'."""
    moment = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone(ZoneInfo(LA))
    hour = moment.hour % 12 or 12
    return f"{day_words(moment)} at {hour}:{moment:%M} {'AM' if moment.hour < 12 else 'PM'}"


def day_words(day):
    """A calendar day as the app writes it: 'Tue, Nov 24, 2026'."""
    return f"{day:%a}, {day:%b} {day.day}, {day.year}"


def money(amount):
    return f"${amount:,.2f}"


# --- shopper steps in the browser ------------------------------------------------------------


def is_checkout(response):
    return response.url.endswith("/api/orders/checkout") and response.request.method == "POST"


def admin_tab(page, name):
    """An admin navigation tab by its page id (products, orders, rides, hero, users), from the
    header's row or, when it did not fit there, from under More."""
    nav = page.get_by_role("navigation", name="Admin")
    tab = nav.locator(f'[data-page="{name}"]')
    more = nav.get_by_role("button", name="More")
    # The header measures which tabs fit after it renders, and again when a web font arrives
    # and widens the labels: a tab seen in the row may fold under More a moment later.
    page.evaluate("document.fonts.ready.then(() => true)")
    for attempt in range(3):
        expect(tab.or_(more).first).to_be_visible()
        if not tab.is_visible():
            more.click()
        try:
            tab.click(timeout=3_000)
            return
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise


def shopper_with(server, new_page, price, category="juices", name="Order Item", page=None):
    """A shopper signed in (on `page`, or a new one) and a product of their own, 10 in stock."""
    product = make_product(
        server,
        admin_token(server),
        name=unique(name),
        price=price,
        quantity=10,
        category=category,
    )
    _, password, _ = make_customer(server)
    return sign_in(page or new_page(), password), product


def submit_order(page, status=201):
    """Press 'Place Order'; the server's answer (JSON), once it has the expected status."""
    with page.expect_response(is_checkout) as answer:
        page.get_by_role("button", name="Place Order").click()
    assert answer.value.status == status, answer.value.text()
    return answer.value.json()


def cart_button(page):
    return page.get_by_role("button", name=re.compile(r"^Cart, \d+ items?$"))


def add_to_cart(page, product, quantity=1, type_name=None):
    """From the product page: pick the type, type the quantity, press 'Add to Cart'."""
    page.goto(f"/product/{product['id']}")
    expect(page.get_by_role("heading", level=1, name=product["name"])).to_be_visible()
    if type_name:
        page.get_by_role("button", name=re.compile(rf"^{re.escape(type_name)}\b")).click()
    page.get_by_label("Quantity").fill(str(quantity))
    page.get_by_role("button", name="Add to Cart").click()
    label = f"{product['name']} - {type_name}" if type_name else product["name"]
    expect(page.get_by_text(f"Added {quantity} × {label} to cart")).to_be_visible()


def open_cart(page):
    cart_button(page).click()
    drawer = page.get_by_role("dialog", name="Shopping Cart")
    expect(drawer).to_be_visible()
    return drawer


def to_checkout_step(page, option_label, confirm_age=True):
    """From the open cart drawer through 'Delivery Options' to the 'Checkout' step (ticking
    the 21+ box when the form asks, unless the journey is about that box)."""
    page.get_by_role("dialog").get_by_role("button", name="Checkout", exact=True).click()
    expect(page.get_by_role("dialog", name="Delivery Options")).to_be_visible()
    page.get_by_role("radio", name=option_label).check()
    page.get_by_role("button", name="Continue").click()
    drawer = page.get_by_role("dialog", name="Checkout")
    expect(drawer).to_be_visible()
    expect(drawer.get_by_text(f"Delivery option: {option_label}")).to_be_visible()
    # Most demo categories are 21+: the shopper confirms their age when the form asks.
    age = drawer.get_by_label("I am 21 or older")
    if confirm_age and age.count():
        age.check()
    return drawer


def draw_signature(page, form, label="Recipient's signature"):
    """A stroke across the hand-over form's signature pad, drawn with the pointer (a finger on
    a phone, a mouse here: the pad listens to pointer events either way)."""
    pad = form.get_by_role("img", name=f"{label}: not signed yet")
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + 30)
    page.mouse.down()
    for step in range(1, 8):
        page.mouse.move(box["x"] + 20 + step * 30, box["y"] + 30 + (step % 3) * 25)
    page.mouse.up()
    expect(form.get_by_role("img", name=f"{label}: signed")).to_be_visible()
    return box
