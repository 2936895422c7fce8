"""API set-up for the journeys: fresh customers, products with known stock, orders. Each journey
makes its own data under unique names, so the journeys never depend on one another."""

import json
import re
import uuid

from tests.liveserver import call, login

from .conftest import ADMIN_PASSWORD, REGISTRATION_CODE


def unique(prefix):
    return f"{prefix} {uuid.uuid4().hex[:8]}"


def ok(answer, *expected):
    status, body, _ = answer
    if status not in (expected or (200, 201, 204)):
        raise AssertionError(f"set-up call answered {status}: {body[:300]!r}")
    return json.loads(body) if body else None


def admin_token(server):
    return login(server, ADMIN_PASSWORD)


def make_customer(server, name="E2E Shopper"):
    """A new customer: (email, password, token). Passwords identify users, so each is unique."""
    tag = uuid.uuid4().hex[:10]
    email, password = f"e2e-{tag}@example.com", f"e2e-pass-{tag}"
    answer = ok(call(server, "POST", "/api/auth/register",
                     {"email": email, "password": password, "name": name, "registrationCode": REGISTRATION_CODE}))
    return email, password, answer["token"]


def _multipart(fields):
    boundary = uuid.uuid4().hex
    parts = []
    for key, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode())
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def make_product(server, token, *, name, category="juices", price="10.00", quantity=10, types=()):
    """A product (no image) with types [(name, price or None, quantity)]; returns its JSON."""
    body, content_type = _multipart({
        "name": name, "description": "Made by the browser suite.", "price": price,
        "availability": "true", "category": category, "quantity": str(quantity),
    })
    product = ok(call(server, "POST", "/api/products", raw=body, content_type=content_type, token=token), 201)
    for type_name, type_price, type_quantity in types:
        ok(call(server, "POST", f"/api/products/{product['id']}/types",
                {"name": type_name, "availability": True, "price": type_price, "quantity": type_quantity}, token=token), 201)
    return ok(call(server, "GET", f"/api/products/{product['id']}", token=token), 200)


def get_product(server, token, product_id):
    return ok(call(server, "GET", f"/api/products/{product_id}", token=token), 200)


def place_order(server, token, items, customer_name="E2E Customer"):
    """A pickup order for [(productId, productTypeId, quantity)]; returns the order."""
    answer = ok(call(server, "POST", "/api/orders/checkout", {
        "cartItems": [{"productId": p, "productTypeId": t, "quantity": q} for p, t, q in items],
        "customerName": customer_name, "deliveryOption": "pickup", "deliveryAddress": "", "phoneNumber": "",
        "deliveryDate": "", "deliveryTime": "", "specialInstructions": "",
    }, token=token), 201)
    return answer["order"]


def escaped(text):
    return re.compile(re.escape(text))
