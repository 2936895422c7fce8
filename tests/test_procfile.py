"""`make run`'s processes: honcho starts gunicorn and the worker from the Procfile, an order
placed there has its emails printed on the console by the worker, Ctrl-C stops both."""

import json
import os
import signal
import subprocess
import time

import pytest

from tests.liveserver import (
    BIN,
    ROOT,
    call,
    free_port,
    login,
    prepare_database,
    server_env,
    wait_until_up,
)

pytestmark = pytest.mark.sqlite_only


def test_procfile_serves_the_shop_and_the_worker_sends_the_emails(tmp_path):
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        MEDIA_ROOT=tmp_path / "media",
        EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend",
        AUTH_THROTTLE_RATE="none",
        HOST="127.0.0.1",
        GUNICORN_WORKERS=1,
    )
    prepare_database(env)
    port = free_port()
    output = tmp_path / "honcho.log"
    with output.open("w") as log:
        honcho = subprocess.Popen(
            [str(BIN / "honcho"), "start", "--no-colour", "-f", "Procfile", "-p", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, honcho)
        token = login(base, "shopper-demo-1357")
        products = json.loads(call(base, "GET", "/api/products", token=token)[1])["products"]
        product = next(
            p for p in products if p["price"] is not None and p["quantity"] > 0 and not p["types"]
        )
        body = {
            "cartItems": [{"productId": product["id"], "quantity": 1}],
            "customerName": "Shopper",
            "deliveryOption": "pickup",
            # Most demo categories are 21+.
            "ageConfirmed": True,
        }
        status, answer, _ = call(base, "POST", "/api/orders/checkout", body, token=token)
        assert status == 201
        order_id = json.loads(answer)["order"]["id"]

        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            text = output.read_text()
            if f"Subject: New order #{order_id}" in text and f"Order #{order_id} confirmed" in text:
                break
            time.sleep(0.3)
        lines = output.read_text().splitlines()
        assert any(
            " worker.1 | " in line and f"Subject: Order #{order_id} confirmed" in line
            for line in lines
        )
        assert any(" worker.1 | " in line and f"New order #{order_id}" in line for line in lines)
    finally:
        os.killpg(honcho.pid, signal.SIGINT)  # what Ctrl-C in the terminal sends
        try:
            honcho.wait(timeout=30)
        except subprocess.TimeoutExpired:
            # Ctrl-C did not stop them: no server or worker may outlive the test.
            os.killpg(honcho.pid, signal.SIGKILL)
            honcho.wait()
            raise

    text = output.read_text()
    assert "web.1 stopped" in text and "worker.1 stopped" in text
