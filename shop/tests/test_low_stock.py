"""Low and sold-out products: the admin filter of the product list, the threshold in shop
info, and the daily digest email through the task queue."""

import io
import threading
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.management import call_command
from django.db import connection

from shop.models import LowStockDigest, Product, ProductType
from shop.selectors import low_stock_rows
from tests.factories import make_product

SHOP_TIME = ZoneInfo("America/Los_Angeles")

pytestmark = pytest.mark.django_db


@pytest.fixture
def stock():
    """At the default threshold of 3."""
    plenty = make_product(name="Plenty", quantity=20, category="disposables")
    three = make_product(name="Three Left", quantity=3, category="disposables")
    none = make_product(name="None Left", quantity=0, category="disposables")
    # types of 5 units
    typed_low = make_product(name="Typed Low", quantity=0, types=2, category="disposables")
    ProductType.objects.filter(pk=typed_low.types.order_by("id").first().pk).update(quantity=1)
    typed_out = make_product(name="Typed Out", quantity=9, types=2, category="disposables")
    typed_out.types.update(quantity=0)
    typed_fine = make_product(name="Typed Fine", quantity=0, types=1, category="disposables")
    return {p.name: p.pk for p in (plenty, three, none, typed_low, typed_out, typed_fine)}


def listed(client, query):
    response = client.get(f"/api/products?limit=100&{query}")
    assert response.status_code == 200, response.json()
    return {p["name"] for p in response.json()["products"]}


def test_admins_filter_low_and_sold_out_products(admin_client_api, stock):
    assert listed(admin_client_api, "stock=low") == {"Three Left", "Typed Low"}
    assert listed(admin_client_api, "stock=out") == {"None Left", "Typed Out"}
    assert len(listed(admin_client_api, "")) == 6


def test_the_threshold_is_a_setting_and_in_shop_info(admin_client_api, api_client, stock, settings):
    assert api_client.get("/api/shop/info").json()["lowStockThreshold"] == 3
    settings.LOW_STOCK_THRESHOLD = 5

    assert listed(admin_client_api, "stock=low") == {"Three Left", "Typed Low", "Typed Fine"}
    assert api_client.get("/api/shop/info").json()["lowStockThreshold"] == 5


def test_the_filter_combines_with_category_and_search(admin_client_api, stock):
    make_product(name="Three Party Hats", quantity=2, category="party-supplies")

    assert listed(admin_client_api, "stock=low&category=party-supplies") == {"Three Party Hats"}
    assert listed(admin_client_api, "stock=low&search=three") == {
        "Three Left",
        "Three Party Hats",
    }


def test_customers_cannot_filter_by_stock(customer_client, stock):
    response = customer_client.get("/api/products?stock=low")

    assert response.status_code == 403
    assert response.json()["message"] == "Only admins can filter products by stock."


def test_a_bad_stock_value_is_400(admin_client_api):
    response = admin_client_api.get("/api/products?stock=lots")

    assert response.status_code == 400
    assert response.json()["message"] == "stock must be low or out."


def test_the_filtered_list_costs_a_fixed_number_of_queries(
    admin_client_api, stock, django_assert_max_num_queries
):
    # Not cached yet: token user, catalog version, count, page, types, images
    with django_assert_max_num_queries(6):
        admin_client_api.get("/api/products?stock=low")


def test_the_digest_mails_the_shop_through_the_task_queue(
    stock, settings, mailoutbox, capsys, django_capture_on_commit_callbacks
):
    settings.SHOP_EMAIL = "owner@shop.test"

    with django_capture_on_commit_callbacks(execute=True):
        call_command("low_stock_digest")

    # Items, not products: a product with types counts each of its types.
    assert "3 sold out, 2 low" in capsys.readouterr().out
    (digest,) = mailoutbox
    assert digest.to == ["owner@shop.test"]
    assert digest.subject == "Low stock: 3 sold out, 2 low"
    sold_out, low = digest.body.split("Low (")
    assert "None Left" in sold_out and "Typed Out - Type 1" in sold_out
    assert "Three Left" in low and "Typed Low - Type 0" in low
    assert "Plenty" not in digest.body and "Typed Fine" not in digest.body


def test_no_digest_when_nothing_is_low(mailoutbox, capsys, django_capture_on_commit_callbacks):
    make_product(name="Plenty", quantity=20)

    with django_capture_on_commit_callbacks(execute=True):
        call_command("low_stock_digest")

    assert mailoutbox == []
    assert "no digest sent" in capsys.readouterr().out


def test_the_digest_goes_out_once_a_day_however_often_it_runs(
    stock, mailoutbox, capsys, django_capture_on_commit_callbacks
):
    with time_machine.travel(datetime(2026, 3, 2, 7, 0, tzinfo=SHOP_TIME), tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            call_command("low_stock_digest")
        with django_capture_on_commit_callbacks(execute=True):
            call_command("low_stock_digest")

    assert len(mailoutbox) == 1
    assert "The low-stock digest of 2026-03-02 was queued already" in capsys.readouterr().out

    # Just after midnight in the shop's time zone it is the next day's digest.
    with (
        time_machine.travel(datetime(2026, 3, 3, 0, 5, tzinfo=SHOP_TIME), tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        call_command("low_stock_digest")

    assert len(mailoutbox) == 2
    assert "3 sold out, 2 low" in capsys.readouterr().out


def test_a_day_with_nothing_low_stays_open_for_a_later_run(
    mailoutbox, capsys, django_capture_on_commit_callbacks
):
    product = make_product(name="Plenty", quantity=20)
    with time_machine.travel(datetime(2026, 3, 2, 7, 0, tzinfo=SHOP_TIME), tick=False):
        call_command("low_stock_digest")
        Product.objects.filter(pk=product.pk).update(quantity=1)
        with django_capture_on_commit_callbacks(execute=True):
            call_command("low_stock_digest")

    assert [m.subject for m in mailoutbox] == ["Low stock: 0 sold out, 1 low"]


@pytest.mark.postgres("two runs at once, each on its own connection")
@pytest.mark.django_db(transaction=True)
def test_two_servers_running_it_at_once_queue_one_digest(mailoutbox):
    make_product(name="One Left", quantity=1)
    start = threading.Barrier(2)
    outputs, errors = [], []

    def run():
        out = io.StringIO()
        try:
            start.wait(timeout=30)
            call_command("low_stock_digest", stdout=out)
        except Exception as exc:
            errors.append(exc)
        finally:
            outputs.append(out.getvalue())
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert len(mailoutbox) == 1
    assert LowStockDigest.objects.count() == 1
    assert sum("queued already" in out for out in outputs) == 1


def test_a_type_made_unavailable_on_purpose_is_not_low(admin_client_api, stock):
    """Its 0 units are a choice, not a shortage: no low mark, no digest row."""
    retired = make_product(name="Retired Flavour", quantity=0, types=2, category="disposables")
    ProductType.objects.filter(pk=retired.types.order_by("id").first().pk).update(
        quantity=0, availability=False
    )

    assert "Retired Flavour" not in listed(admin_client_api, "stock=low")
    assert all(row[1] != "Retired Flavour" for row in low_stock_rows(3))
