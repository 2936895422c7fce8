"""`make run`'s processes: honcho starts gunicorn and the worker from the Procfile, an order
placed there has its emails printed on the console by the worker, a killed worker is started
again while the web server keeps answering, Ctrl-C stops both."""

import json
import os
import signal
import subprocess
import time
from contextlib import contextmanager

import pytest

from tests.liveserver import (
    BIN,
    ROOT,
    call,
    free_port,
    login,
    prepare_database,
    server_env,
    sold_at_the_counter,
    wait_until_up,
)

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]


@contextmanager
def procfile(tmp_path):
    """`make run`'s arrangement: honcho on the Procfile; yields the base URL and honcho's
    output file. Leaving it sends Ctrl-C and checks that both processes stopped."""
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
        yield base, output
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


def place_order(base):
    token = login(base, "shopper-demo-1357")
    products = json.loads(call(base, "GET", "/api/products", token=token)[1])["products"]
    product = next(
        p
        for p in sold_at_the_counter(base, products)
        if p["price"] is not None and p["quantity"] > 0 and not p["types"]
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
    return json.loads(answer)["order"]["id"]


def wait_for_emails(output, order_id):
    """The worker's lines of honcho's output once both emails of the order are printed."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        text = output.read_text()
        if f"Subject: New order #{order_id}" in text and f"Order #{order_id} confirmed" in text:
            break
        time.sleep(0.3)
    return [line for line in output.read_text().splitlines() if " worker.1 | " in line]


def worker_pids(output):
    """The worker processes the supervisor started, in order (its JSON log lines)."""
    pids = []
    for line in output.read_text().splitlines():
        if " worker.1 | " in line and "worker process started" in line:
            pids.append(json.loads(line.split(" worker.1 | ", 1)[1])["pid"])
    return pids


def test_procfile_serves_the_shop_and_the_worker_sends_the_emails(tmp_path):
    with procfile(tmp_path) as (base, output):
        order_id = place_order(base)
        lines = wait_for_emails(output, order_id)
        assert any(f"Subject: Order #{order_id} confirmed" in line for line in lines)
        assert any(f"New order #{order_id}" in line for line in lines)


def test_a_killed_worker_comes_back_and_the_web_server_never_stops(tmp_path):
    with procfile(tmp_path) as (base, output):
        deadline = time.monotonic() + 30
        while not worker_pids(output) and time.monotonic() < deadline:
            time.sleep(0.2)
        [first] = worker_pids(output)
        os.kill(first, signal.SIGKILL)

        # The shop answers all along while the worker is started again.
        deadline = time.monotonic() + 30
        while len(worker_pids(output)) < 2:
            assert time.monotonic() < deadline, "the worker was not started again"
            assert call(base, "GET", "/healthz")[0] == 200
            assert call(base, "GET", "/api/shop/info")[0] == 200
            time.sleep(0.2)
        assert worker_pids(output)[1] != first
        assert "web.1 stopped" not in output.read_text()

        order_id = place_order(base)
        lines = wait_for_emails(output, order_id)
        assert any(f"Subject: Order #{order_id} confirmed" in line for line in lines)
        assert any("worker process stopped, starting it again" in line for line in lines)
