"""Shoppers browse, search, open products and check out; admins complete orders.

Run through bench/load.py (which prepares the database and the server); by hand:
    .venv-tools/bin/locust -f bench/locustfile.py --headless -u 50 -r 10 -t 60s --host http://127.0.0.1:8000
with SHOPPER_PASSWORDS (comma-separated) and ADMIN_PASSWORD set.
"""

import itertools
import os
import random
import time
import uuid

from locust import HttpUser, between, events, task

SHOPPER_PASSWORDS = itertools.cycle(
    os.environ.get("SHOPPER_PASSWORDS", "shopper-demo-1357").split(",")
)
ADMIN_PASSWORD = os.environ.get("ADMIN_PASSWORD", "admin-demo-2468")
SEARCH_WORDS = os.environ.get("SEARCH_WORDS", "pod,glass,blue,mint,car,kit").split(",")
TRACE = os.environ.get("LOAD_TRACE")  # a file: one "time,name,status" line per request
_trace_file = open(TRACE, "a", buffering=1) if TRACE else None


@events.request.add_listener
def _trace(
    request_type, name, response_time, response_length, response=None, exception=None, **kwargs
):
    if _trace_file is not None:
        status = getattr(response, "status_code", 0) if response is not None else 0
        _trace_file.write(f"{time.time():.3f},{request_type} {name},{status},{response_time:.1f}\n")


class SignedIn(HttpUser):
    abstract = True
    password = None

    def on_start(self):
        response = self.client.post(
            "/api/auth/login", json={"password": self.password}, name="POST /api/auth/login"
        )
        self.client.headers["Authorization"] = f"Bearer {response.json()['token']}"


class Shopper(SignedIn):
    weight = 9
    wait_time = between(0.2, 1.0)

    def on_start(self):
        self.password = next(SHOPPER_PASSWORDS)
        super().on_start()
        self.seen = []

    def _remember(self, response):
        if response.status_code == 200:
            self.seen = [
                p
                for p in response.json()["products"]
                if p["availability"] and p["price"] is not None
            ]

    @task(5)
    def browse(self):
        page = random.randint(1, 8)
        with self.client.get(
            f"/api/products?page={page}&limit=12", name="GET /api/products", catch_response=True
        ) as r:
            self._remember(r)

    @task(2)
    def search(self):
        word = random.choice(SEARCH_WORDS)
        with self.client.get(
            f"/api/products?search={word}", name="GET /api/products?search", catch_response=True
        ) as r:
            self._remember(r)

    @task(3)
    def open_product(self):
        if self.seen:
            product = random.choice(self.seen)
            self.client.get(f"/api/products/{product['id']}", name="GET /api/products/{id}")

    @task(2)
    def checkout(self):
        if not self.seen:
            return
        product = random.choice(self.seen)
        types = [t for t in product["types"] if t["availability"]]
        chosen = random.choice(types) if types else None
        body = {
            "cartItems": [
                {
                    "productId": product["id"],
                    "productTypeId": chosen and chosen["id"],
                    "quantity": 1,
                }
            ],
            "customerName": "Load Shopper",
            # Categories that cannot be mailed are picked up; most categories are 21+.
            "deliveryOption": random.choice(["pickup", "shipping"])
            if product.get("shippable", True)
            else "pickup",
            "deliveryAddress": "1 Load St, Anaheim",
            "shippingState": "CA",
            "ageConfirmed": True,
            "dateOfBirth": "1990-05-17",  # set once, then the same date again
        }
        with self.client.post(
            "/api/orders/checkout",
            json=body,
            headers={"Idempotency-Key": uuid.uuid4().hex},
            name="POST /api/orders/checkout",
            catch_response=True,
        ) as response:
            # Selling out, or a product made unavailable, is the shop working, not an error.
            if response.status_code == 409:
                response.success()

    @task(1)
    def my_orders(self):
        self.client.get("/api/orders?page=1&limit=6", name="GET /api/orders")


class Admin(SignedIn):
    weight = 1
    wait_time = between(0.5, 1.5)
    password = ADMIN_PASSWORD

    @task
    def settle_orders(self):
        response = self.client.get("/api/orders?page=1&limit=6", name="GET /api/orders")
        if response.status_code != 200:
            return
        for order in response.json()["orders"]:
            if order["status"] == "pending":
                action = "cancel" if order["id"] % 5 == 0 else "complete"
                with self.client.put(
                    f"/api/orders/{order['id']}/{action}",
                    name=f"PUT /api/orders/{{id}}/{action}",
                    catch_response=True,
                ) as r:
                    if r.status_code == 409:  # another admin settled it first
                        r.success()
                break
