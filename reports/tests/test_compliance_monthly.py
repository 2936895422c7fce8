"""`manage.py compliance_monthly`: on or after the 1st the admins hear once that last month's
delivery-sales report is ready (links to its PDF and CSV), however often it runs."""

from datetime import datetime

import pytest
import time_machine
from django.core.management import call_command

from common.shoptime import SHOP_TIME_ZONE
from reports.models import DeliverySalesNotice
from tests.factories import make_product, order_with_lines

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE


def run(capture):
    with capture(execute=True):
        call_command("compliance_monthly")


def test_the_admins_hear_once_that_last_months_report_is_ready(
    client_for, customer, staff_user, admin_user, make_user, settings, mailoutbox, capsys,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    settings.CSRF_TRUSTED_ORIGINS = ["https://shop.example.com"]
    make_user(admin=True, name="Second Owner", email="second@example.com")
    make_user(role="staff", email="not-an-admin@example.com")
    vape = make_product(name="Vape", category="disposables")
    order = order_with_lines(customer, (vape, 2, {"nicotineMg": 20}))
    with time_machine.travel(datetime(2026, 10, 20, 15, 0, tzinfo=LA), tick=False):
        answer = client_for(staff_user).post(
            f"/api/orders/{order.pk}/handover", {"outcome": "delivered"}, format="json"
        )
        assert answer.status_code == 200, answer.json()

    # Just after midnight on the 1st in Los Angeles (08:00 UTC): October's report.
    with time_machine.travel(datetime(2026, 11, 1, 0, 5, tzinfo=LA), tick=False):
        run(django_capture_on_commit_callbacks)
        run(django_capture_on_commit_callbacks)
    with time_machine.travel(datetime(2026, 11, 9, 7, 0, tzinfo=LA), tick=False):
        run(django_capture_on_commit_callbacks)

    (email,) = mailoutbox
    assert email.to == ["ada@example.com", "second@example.com"]
    assert email.subject == "Delivery-sales report of October 2026 is ready"
    assert "1 line with nicotine in 1 local delivery, 2 units." in email.body
    assert "https://shop.example.com/api/compliance/delivery-sales.pdf?month=2026-10" in email.body
    assert "https://shop.example.com/api/compliance/delivery-sales.csv?month=2026-10" in email.body
    out = capsys.readouterr().out
    assert out.count("Delivery-sales report of 2026-10 ready: email to the admins queued.") == 1
    assert out.count("not sent again") == 2
    assert list(DeliverySalesNotice.objects.values_list("month", flat=True)) == [
        datetime(2026, 10, 1).date()
    ]


def test_a_new_month_is_announced_again(
    admin_user, mailoutbox, capsys, django_capture_on_commit_callbacks
):
    with time_machine.travel(datetime(2026, 11, 30, 23, 59, tzinfo=LA), tick=False):
        run(django_capture_on_commit_callbacks)
    with time_machine.travel(datetime(2026, 12, 1, 0, 1, tzinfo=LA), tick=False):
        run(django_capture_on_commit_callbacks)

    assert [email.subject for email in mailoutbox] == [
        "Delivery-sales report of October 2026 is ready",
        "Delivery-sales report of November 2026 is ready",
    ]
    assert "0 lines with nicotine in 0 local deliveries, 0 units." in mailoutbox[1].body
