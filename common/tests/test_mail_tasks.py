"""Emails as background tasks on the real database queue, against real local SMTP servers."""

import pytest
from django_tasks_db.models import DBTaskResult

from common.testing.smtp import AnsweringSMTPServer, StalledSMTPServer
from common.testing.worker import run_worker
from orders.models import Order
from tests.factories import checkout_body, line, make_product

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def queue(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_TIMEOUT = 1
    settings.EMAIL_RETRY_DELAY = 0
    settings.SHOP_EMAIL = "owner@shop.test"
    return settings


@pytest.mark.live
def test_a_checkout_never_waits_on_a_stalled_mail_server(queue, customer_client):
    stalled = StalledSMTPServer().start()
    queue.EMAIL_PORT = stalled.port
    product = make_product(name="Blue Razz", price="10.00", quantity=5)

    response = customer_client.post(
        "/api/orders/checkout", checkout_body(line(product, 2)), format="json"
    )

    # The request never reached for the mail server (a clock would say the same, but not
    # on a busy machine): its emails wait as tasks.
    assert response.status_code == 201
    assert stalled.held == []
    order_id = response.json()["order"]["id"]
    assert DBTaskResult.objects.filter(status="READY").count() == 2

    # The worker meets the stalled server: two attempts time out, each queues its retry.
    run_worker(batch=False, max_tasks=2)
    stalled.stop()
    failed = DBTaskResult.objects.filter(status="FAILED")
    assert failed.count() == 2
    assert all("of 5 failed (SMTPServerDisconnected" in row.traceback for row in failed)
    assert DBTaskResult.objects.filter(status="READY").count() == 2

    # The mail server answers again (same address): the retries deliver both emails.
    answering = AnsweringSMTPServer(port=stalled.port).start()
    try:
        run_worker()
    finally:
        answering.stop()

    assert sorted(m["to"][0] for m in answering.messages) == [
        "casey@example.com",
        "owner@shop.test",
    ]
    confirmation = next(m for m in answering.messages if m["to"] == ["casey@example.com"])
    assert f"Order #{order_id} confirmed" in confirmation["data"]
    assert "2 x Blue Razz" in confirmation["data"]
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() == 2
    assert Order.objects.get(pk=order_id).status == "pending"


def test_a_failing_email_is_retried_with_backoff_then_shown_failed(
    queue, api_client, admin_browser, caplog
):
    from rides.tests.test_submit import submit
    from tests.liveserver import free_port

    queue.EMAIL_PORT = free_port()  # nothing listens there: every attempt is refused
    queue.EMAIL_MAX_ATTEMPTS = 3
    queue.EMAIL_RETRY_DELAY = 0.3
    ride_id = submit(api_client).json()["ride"]["id"]

    run_worker(batch=False, max_tasks=3)

    attempts = sorted(
        DBTaskResult.objects.all(), key=lambda row: row.args_kwargs["kwargs"].get("attempt", 1)
    )
    assert [row.status for row in attempts] == ["FAILED"] * 3
    assert [row.args_kwargs["kwargs"].get("attempt", 1) for row in attempts] == [1, 2, 3]
    assert all(
        row.args_kwargs["args"] == ["rides.notifications.ride_request_email", [ride_id]]
        for row in attempts
    )
    assert attempts[0].exception_class_path == "common.mail.RetryScheduled"
    assert attempts[-1].exception_class_path == "builtins.ConnectionRefusedError"
    # Backoff: 0.3 s after the first failure, then 0.6 s. Measured from each attempt's start
    # (its failure comes later): its finish is recorded after the retry was planned, so on a
    # busy machine it can fall well after the failure the delay counts from.
    assert (attempts[1].started_at - attempts[0].started_at).total_seconds() >= 0.3
    assert (attempts[2].started_at - attempts[1].started_at).total_seconds() >= 0.6

    # The log says which task failed and the error class, never the message text; a planned
    # retry is a warning, only the last attempt's failure an error.
    logged = [r for r in caplog.records if r.name == "django_tasks" and "FAILED" in r.getMessage()]
    assert [r.levelname for r in logged] == ["WARNING", "WARNING", "ERROR"]
    assert all(r.exc_info is None and r.error for r in logged)
    assert [r.error for r in logged] == [
        "RetryScheduled",
        "RetryScheduled",
        "ConnectionRefusedError",
    ]
    mail_log = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "shop.mail"]
    assert mail_log == [
        ("WARNING", "email failed, retry scheduled"),
        ("WARNING", "email failed, retry scheduled"),
        ("ERROR", "email failed"),
    ]

    page = admin_browser.get("/admin/django_tasks_database/dbtaskresult/").content.decode()
    assert page.count("Failed") >= 3
    assert "ConnectionRefusedError" in page
    assert "Attempt 2 of 3 failed" in page


def test_an_order_and_its_emails_are_one_write(queue, customer_client, monkeypatch):
    """The email rows commit with the order or not at all: a queue that cannot take them
    leaves no order behind, and no stock taken, instead of an order nobody hears of."""
    from django.db import OperationalError

    product = make_product(name="Blue Razz", price="10.00", quantity=5)

    def disk_full(*args, **kwargs):
        raise OperationalError("database or disk is full")

    monkeypatch.setattr(DBTaskResult.objects, "create", disk_full)
    response = customer_client.post(
        "/api/orders/checkout", checkout_body(line(product, 2)), format="json"
    )

    assert response.status_code == 503
    assert "unavailable" in response.json()["message"]
    assert Order.objects.count() == 0
    product.refresh_from_db()
    assert product.quantity == 5

    monkeypatch.undo()
    response = customer_client.post(
        "/api/orders/checkout", checkout_body(line(product, 2)), format="json"
    )
    assert response.status_code == 201
    order_id = response.json()["order"]["id"]
    queued = DBTaskResult.objects.order_by("args_kwargs")
    assert [row.args_kwargs["args"] for row in queued] == [
        ["orders.notifications.order_confirmation_email", [order_id]],
        ["orders.notifications.order_shop_alert_email", [order_id]],
    ]


def test_a_change_that_rolls_back_queues_no_email(queue, admin_user):
    from django.db import transaction

    from common.mail import send_email_later

    with pytest.raises(RuntimeError), transaction.atomic():
        send_email_later("orders.status_emails.order_status_email", 1)
        raise RuntimeError("a refusal after the email was due")

    assert DBTaskResult.objects.count() == 0
