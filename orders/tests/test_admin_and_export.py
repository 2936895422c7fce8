"""The Django admin for orders, its actions and CSV export, and `manage.py export_orders`."""

import csv
import io
from datetime import datetime

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderEvent
from tests.factories import (
    line,
    make_product,
    order_with_lines,
    placed_order,
    record_rule,
    stock_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def product():
    return make_product(name="Blue Razz", price="10.00", quantity=20)


def test_changelist_filters_and_search_by_customer(admin_browser, customer_client, product):
    placed_order(customer_client, line(product), customerName="Findable Person")

    url = reverse("admin:orders_order_changelist")
    for query in (
        "?q=Findable",
        "?q=casey@example.com",
        "?status__exact=pending&delivery_option__exact=pickup",
    ):
        response = admin_browser.get(url + query)
        assert response.status_code == 200
        assert b"Findable Person" in response.content
    assert b"Findable Person" not in admin_browser.get(url + "?status__exact=cancelled").content


def test_order_page_shows_lines_and_events(admin_browser, customer_client, product):
    order = placed_order(customer_client, line(product, 2))

    response = admin_browser.get(reverse("admin:orders_order_change", args=[order.pk]))

    assert response.status_code == 200
    assert b"Blue Razz" in response.content and b"casey@example.com" in response.content
    assert b"Pending" in response.content


def test_order_page_shows_which_lines_the_n2o_log_keeps(admin_browser, customer):
    chargers = make_product(name="Chargers 24-pack", price="15.00", category="cream-chargers")
    lighter = make_product(name="Lighter", price="3.00")
    order = order_with_lines(
        customer, (chargers, 1, {"n2o": True}), (lighter, 1, {}), rules=[record_rule(chargers)]
    )

    html = admin_browser.get(reverse("admin:orders_order_change", args=[order.pk])).content
    rows = html.decode().split('class="form-row')[1:]
    chargers_row = next(row for row in rows if "Chargers 24-pack" in row)
    lighter_row = next(row for row in rows if "Lighter" in row)
    assert "Recorded" in html.decode()
    assert 'alt="True"' in chargers_row and 'alt="False"' in lighter_row


def test_admin_actions_go_through_the_services(admin_browser, admin_user, customer_client, product):
    to_cancel = placed_order(customer_client, line(product, 3))
    to_complete = placed_order(customer_client, line(product, 2))
    url = reverse("admin:orders_order_changelist")

    admin_browser.post(url, {"action": "mark_cancelled", "_selected_action": [to_cancel.pk]})
    admin_browser.post(
        url, {"action": "mark_completed", "_selected_action": [to_complete.pk, to_cancel.pk]}
    )

    to_cancel.refresh_from_db()
    to_complete.refresh_from_db()
    assert (to_cancel.status, to_complete.status) == ("cancelled", "completed")
    assert stock_of(product) == 18
    assert OrderEvent.objects.filter(actor=admin_user).count() == 2


def test_an_action_reports_orders_that_were_not_pending_instead_of_failing(
    admin_browser, customer_client, product
):
    done = placed_order(customer_client, line(product, 1))
    pending = placed_order(customer_client, line(product, 4))
    admin_browser.post(
        reverse("admin:orders_order_changelist"),
        {"action": "mark_completed", "_selected_action": [done.pk]},
    )
    url = reverse("admin:orders_order_changelist")

    response = admin_browser.post(
        url, {"action": "mark_cancelled", "_selected_action": [done.pk, pending.pk]}, follow=True
    )

    assert response.status_code == 200
    shown = [str(m) for m in response.context["messages"]]
    assert shown[-2:] == [
        "1 order(s) cancelled.",
        "1 order(s) were not pending and were left as they were.",
    ]
    done.refresh_from_db()
    assert done.status == "completed" and stock_of(product) == 20 - 1


def test_the_order_page_lists_every_status_change_with_who_made_it(
    admin_browser, admin_user, customer_client, product
):
    order = placed_order(customer_client, line(product))
    admin_browser.post(
        reverse("admin:orders_order_changelist"),
        {"action": "mark_cancelled", "_selected_action": [order.pk]},
    )

    page = admin_browser.get(reverse("admin:orders_order_change", args=[order.pk])).content.decode()

    events = page[page.index('id="events-group"') :]
    assert "Pending" in events and "Cancelled" in events and str(admin_user) in events


def test_admin_cannot_add_or_delete_orders(admin_browser, customer_client, product):
    order = placed_order(customer_client, line(product))

    assert admin_browser.get(reverse("admin:orders_order_add")).status_code == 403
    assert (
        admin_browser.get(reverse("admin:orders_order_delete", args=[order.pk])).status_code == 403
    )


def test_admin_exports_selected_orders_as_csv(admin_browser, customer_client, product):
    first = placed_order(customer_client, line(product, 2), customerName="=HYPERLINK(evil)")
    placed_order(customer_client, line(product))

    response = admin_browser.post(
        reverse("admin:orders_order_changelist"),
        {"action": "export_csv", "_selected_action": [first.pk]},
    )

    assert response["Content-Type"].startswith("text/csv")
    body = b"".join(response.streaming_content).decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    assert len(rows) == 1
    # 20.00 of goods and 1.75 of sales tax (8.75%, pickup).
    assert rows[0]["id"] == str(first.pk) and rows[0]["total"] == "21.75"
    assert (rows[0]["discount"], rows[0]["excise_tax"], rows[0]["sales_tax"]) == (
        "0.00",
        "0.00",
        "1.75",
    )
    assert (rows[0]["sales_tax_rate"], rows[0]["tax_place"]) == ("8.75", "Pickup")
    assert rows[0]["items"] == "2 x Blue Razz @ 10.00"
    assert rows[0]["customer_name"] == "'=HYPERLINK(evil)"


def test_export_command_filters_by_date_and_status(customer_client, admin_user, product, capsys):
    old, new, cancelled = (placed_order(customer_client, line(product)) for _ in range(3))
    Order.objects.filter(pk=old.pk).update(
        created_at=datetime(2026, 1, 10, 23, 30, tzinfo=SHOP_TIME_ZONE)
    )
    Order.objects.filter(pk=cancelled.pk).update(status="cancelled")

    out = io.StringIO()
    call_command("export_orders", "--to", "2026-01-10", stdout=out, stderr=io.StringIO())
    assert [r["id"] for r in csv.DictReader(io.StringIO(out.getvalue()))] == [str(old.pk)]

    out = io.StringIO()
    call_command(
        "export_orders",
        "--from",
        "2026-01-11",
        "--status",
        "pending",
        stdout=out,
        stderr=io.StringIO(),
    )
    assert [r["id"] for r in csv.DictReader(io.StringIO(out.getvalue()))] == [str(new.pk)]


def test_export_command_writes_a_file_and_refuses_bad_dates(customer_client, product, tmp_path):
    placed_order(customer_client, line(product))
    target = tmp_path / "orders.csv"

    call_command("export_orders", "--output", str(target), stderr=io.StringIO())

    assert len(list(csv.DictReader(target.open()))) == 1
    with pytest.raises(CommandError):
        call_command("export_orders", "--from", "yesterday")
    with pytest.raises(CommandError):
        call_command("export_orders", "--from", "2026-02-02", "--to", "2026-02-01")
    with pytest.raises(CommandError, match="--to must be a date from 2000-01-01 to 2100-12-31"):
        call_command("export_orders", "--to", "9999-12-31")


def test_export_command_has_help():
    from orders.management.commands.export_orders import Command

    text = Command().create_parser("manage.py", "export_orders").format_help()

    assert "--from" in text and "--to" in text and "--status" in text
