"""The stock ledger: every change of a stock figure is a move with its reason and the balance
after it, read through GET /api/products/{id}/stock-moves, and `manage.py stock_audit`
proves the moves add up to every figure."""

import io
import re
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command, execute_from_command_line
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from shop.models import Product, ProductType, StockMove
from shop.tests.test_admin import change_form, hidden, list_row
from tests.factories import checkout_body, line

pytestmark = pytest.mark.django_db

PRODUCTS = "/api/products"


def moves_url(product_id):
    return f"{PRODUCTS}/{product_id}/stock-moves"


def create(admin_client_api, **fields):
    body = {
        "name": "Lamp",
        "category": "party-supplies",
        "price": "10.00",
        "quantity": 10,
        **fields,
    }
    response = admin_client_api.post(PRODUCTS, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json(), response.headers["ETag"]


def ledger(client, product_id, **params):
    response = client.get(moves_url(product_id), params)
    assert response.status_code == 200, response.json()
    return response.json()


def rows(client, product_id):
    """(reason, delta, balanceAfter, orderId, type name) of every move, oldest first."""
    moves = ledger(client, product_id, limit=100)["moves"]
    return [
        (m["reason"], m["delta"], m["balanceAfter"], m["orderId"], m["productTypeName"])
        for m in reversed(moves)
    ]


def audit():
    out = io.StringIO()
    call_command("stock_audit", stdout=out)
    return out.getvalue()


def buy(client, *lines):
    response = client.post("/api/orders/checkout", checkout_body(*lines), format="json")
    assert response.status_code == 201, response.json()
    return response.json()["order"]["id"]


def test_a_new_product_and_its_types_open_their_ledger(admin_client_api, admin_user):
    product, _ = create(
        admin_client_api,
        types=[{"name": "Mint", "quantity": 4}, {"name": "Ice", "quantity": 0}],
    )

    page = ledger(admin_client_api, product["id"])

    assert rows(admin_client_api, product["id"]) == [
        ("created", 10, 10, None, ""),
        ("created", 4, 4, None, "Mint"),
    ]  # a figure that starts at 0 has no move
    newest = page["moves"][0]
    assert newest["reasonLabel"] == "Added to the catalog"
    assert newest["actorEmail"] == admin_user.email
    assert newest["productTypeId"] == ProductType.objects.get(name="Mint").pk
    assert set(newest) == {
        "id",
        "at",
        "productTypeId",
        "productTypeName",
        "delta",
        "balanceAfter",
        "reason",
        "reasonLabel",
        "orderId",
        "actorEmail",
        "note",
    }
    assert page["pagination"] == {
        "page": 1,
        "limit": 50,
        "totalItems": 2,
        "totalPages": 1,
        "hasNextPage": False,
    }
    assert "Stock ledger OK: all 3 stock figures match their moves." in audit()


def test_checkout_and_cancel_are_sales_and_returns_with_the_order_number(
    admin_client_api, customer_client, customer
):
    product, _ = create(admin_client_api)
    pod, _ = create(admin_client_api, name="Pod", types=[{"name": "Mint", "quantity": 6}])
    lamp = Product.objects.get(pk=product["id"])
    mint = ProductType.objects.get(name="Mint")
    first = buy(customer_client, line(lamp, 3))
    second = buy(customer_client, line(lamp, 2), line(mint.product, 1, mint))

    cancel = admin_client_api.put(f"/api/orders/{first}/cancel")

    assert cancel.status_code == 200
    assert rows(admin_client_api, lamp.pk) == [
        ("created", 10, 10, None, ""),
        ("sale", -3, 7, first, ""),
        ("sale", -2, 5, second, ""),
        ("cancel", 3, 8, first, ""),
    ]
    assert rows(admin_client_api, pod["id"]) == [
        ("created", 10, 10, None, ""),
        ("created", 6, 6, None, "Mint"),
        ("sale", -1, 5, second, "Mint"),
    ]
    moves = ledger(admin_client_api, lamp.pk)["moves"]
    assert moves[0]["actorEmail"] == "ada@example.com"  # the admin who cancelled
    assert moves[1]["actorEmail"] == customer.email  # the shopper who bought
    assert moves[0]["reasonLabel"] == "Order cancelled"
    lamp.refresh_from_db()
    mint.refresh_from_db()
    assert (lamp.quantity, mint.quantity) == (8, 5)
    assert "all 3 stock figures match" in audit()


def test_a_refused_checkout_writes_no_move(admin_client_api, customer_client):
    product, _ = create(admin_client_api, quantity=2)
    lamp = Product.objects.get(pk=product["id"])

    response = customer_client.post(
        "/api/orders/checkout", checkout_body(line(lamp, 3)), format="json"
    )

    assert response.status_code == 409
    assert rows(admin_client_api, lamp.pk) == [("created", 2, 2, None, "")]


def test_an_expired_hold_puts_the_units_back_as_such(
    admin_client_api, customer_client, django_capture_on_commit_callbacks
):
    start = timezone.now()
    with time_machine.travel(start, tick=False) as clock:
        product, _ = create(admin_client_api)
        lamp = Product.objects.get(pk=product["id"])
        order = buy(customer_client, line(lamp, 4))
        clock.move_to(start + timedelta(hours=49))
        with django_capture_on_commit_callbacks(execute=True):
            call_command("expire_pending_orders", stdout=io.StringIO())

    assert rows(admin_client_api, lamp.pk)[-1] == ("hold_expired", 4, 10, order, "")
    newest = ledger(admin_client_api, lamp.pk)["moves"][0]
    assert newest["reasonLabel"] == "Hold expired" and newest["actorEmail"] is None


def test_admin_edits_through_the_api_are_recorded_with_who(admin_client_api, admin_user):
    product, etag = create(admin_client_api, types=[{"name": "Mint", "quantity": 4}])
    pid = product["id"]
    mint = ProductType.objects.get(name="Mint")

    response = admin_client_api.put(
        f"{PRODUCTS}/{pid}", {"quantity": 25}, format="json", HTTP_IF_MATCH=etag
    )
    assert response.status_code == 200
    etag = response.headers["ETag"]
    response = admin_client_api.put(
        f"{PRODUCTS}/{pid}/types/{mint.pk}", {"quantity": 1}, format="json", HTTP_IF_MATCH=etag
    )
    assert response.status_code == 200
    etag = response.headers["ETag"]
    # A write that leaves the figures as they are writes no move.
    response = admin_client_api.put(
        f"{PRODUCTS}/{pid}", {"name": "Desk lamp"}, format="json", HTTP_IF_MATCH=etag
    )
    assert response.status_code == 200

    assert rows(admin_client_api, pid)[-2:] == [
        ("admin_edit", 15, 25, None, ""),
        ("admin_edit", -3, 1, None, "Mint"),
    ]
    newest = ledger(admin_client_api, pid)["moves"][0]
    assert newest["actorEmail"] == admin_user.email and newest["reasonLabel"] == "Admin edit"
    assert "all 2 stock figures match" in audit()


def test_a_type_added_and_deleted_through_the_api(admin_client_api):
    product, etag = create(admin_client_api, quantity=0)
    pid = product["id"]
    response = admin_client_api.post(
        f"{PRODUCTS}/{pid}/types", {"name": "Berry", "quantity": 7}, format="json"
    )
    assert response.status_code == 201
    berry = response.json()["id"]

    etag = admin_client_api.get(f"{PRODUCTS}/{pid}").headers["ETag"]
    response = admin_client_api.delete(f"{PRODUCTS}/{pid}/types/{berry}", HTTP_IF_MATCH=etag)

    assert response.status_code == 204
    assert rows(admin_client_api, pid) == [
        ("created", 7, 7, None, "Berry"),
        ("deleted", -7, 0, None, "Berry"),
    ]


def test_a_deleted_product_keeps_its_ledger(admin_client_api):
    product, etag = create(admin_client_api, types=[{"name": "Mint", "quantity": 4}])

    response = admin_client_api.delete(f"{PRODUCTS}/{product['id']}", HTTP_IF_MATCH=etag)

    assert response.status_code == 204
    kept = StockMove.objects.filter(product_id=product["id"]).order_by("id")
    assert [(m.reason, m.delta, m.balance_after, m.type_name) for m in kept] == [
        ("created", 10, 10, ""),
        ("created", 4, 4, "Mint"),
        ("deleted", -10, 0, ""),
        ("deleted", -4, 0, "Mint"),
    ]
    assert admin_client_api.get(moves_url(product["id"])).json() == {
        "message": "Product not found",
        "code": "not_found",
    }
    assert "all 0 stock figures match" in audit()


def test_admin_edits_in_the_django_admin_are_recorded_with_who(
    admin_client_api, admin_browser, admin_user
):
    product, _ = create(admin_client_api, types=[{"name": "Mint", "quantity": 4}])
    lamp = Product.objects.get(pk=product["id"])
    mint = ProductType.objects.get(name="Mint")
    url = f"/admin/shop/product/{lamp.pk}/change/"
    page = admin_browser.get(url)
    assert f"/admin/shop/stockmove/?product__id__exact={lamp.pk}" in page.content.decode()

    response = admin_browser.post(
        url,
        change_form(
            page,
            lamp,
            quantity="3",
            **{
                "types-TOTAL_FORMS": "1",
                "types-INITIAL_FORMS": "1",
                "types-0-id": str(mint.pk),
                "types-0-product": str(lamp.pk),
                "types-0-name": "Mint",
                "types-0-price": "",
                "types-0-availability": "on",
                "types-0-quantity": "9",
                "types-0-quantity_at_open": hidden(page, "types-0-quantity_at_open"),
            },
        ),
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    assert rows(admin_client_api, lamp.pk)[-2:] == [
        ("admin_edit", -7, 3, None, ""),
        ("admin_edit", 5, 9, None, "Mint"),
    ]
    assert {m["actorEmail"] for m in ledger(admin_client_api, lamp.pk)["moves"]} == {
        admin_user.email
    }
    assert "all 2 stock figures match" in audit()


def test_the_django_admin_list_stock_box_is_an_admin_edit(admin_client_api, admin_browser):
    product, _ = create(admin_client_api)
    lamp = Product.objects.get(pk=product["id"])
    page = admin_browser.get("/admin/shop/product/")

    response = admin_browser.post(
        "/admin/shop/product/", list_row(page, lamp, **{"form-0-quantity": "12"})
    )

    assert response.status_code == 302
    assert rows(admin_client_api, lamp.pk)[-1] == ("admin_edit", 2, 12, None, "")
    assert ledger(admin_client_api, lamp.pk)["moves"][0]["actorEmail"] == "ada@example.com"


def test_the_django_admin_ledger_is_read_only_and_filtered_by_reason(
    admin_client_api, admin_browser
):
    product, _ = create(admin_client_api, name="Filtered Lamp")
    move = StockMove.objects.get(product_id=product["id"])

    listed = admin_browser.get("/admin/shop/stockmove/?reason__exact=created")
    by_product = admin_browser.get(f"/admin/shop/stockmove/?product__id__exact={product['id']}")
    other_reason = admin_browser.get("/admin/shop/stockmove/?reason__exact=sale")

    assert listed.status_code == 200 and "Filtered Lamp" in listed.content.decode()
    assert by_product.status_code == 200 and "Filtered Lamp" in by_product.content.decode()
    assert "Filtered Lamp" not in other_reason.content.decode()
    assert admin_browser.get("/admin/shop/stockmove/add/").status_code == 403
    detail = admin_browser.get(f"/admin/shop/stockmove/{move.pk}/change/")
    assert detail.status_code == 200 and 'name="_save"' not in detail.content.decode()
    assert admin_browser.post(f"/admin/shop/stockmove/{move.pk}/delete/").status_code == 403
    assert StockMove.objects.filter(pk=move.pk).exists()


def test_an_import_is_recorded_as_such(admin_client_api, tmp_path):
    path = tmp_path / "products.csv"
    path.write_text(
        "name,category,price,quantity,types\n"
        "Frosty Mango,disposables,12.50,4,\n"
        "Lava Flow,juices,21.99,0,3 mg|21.99|5\n"
    )

    call_command("import_products", str(path), "--commit", stdout=io.StringIO())

    mango = Product.objects.get(name="Frosty Mango")
    lava = Product.objects.get(name="Lava Flow")
    assert rows(admin_client_api, mango.pk) == [("import", 4, 4, None, "")]
    assert rows(admin_client_api, lava.pk) == [("import", 5, 5, None, "3 mg")]
    (move,) = ledger(admin_client_api, mango.pk)["moves"]
    assert move["note"] == "import_products products.csv" and move["actorEmail"] is None
    assert "all 3 stock figures match" in audit()


def test_bulk_products_open_their_ledger():
    call_command("bulk_products", "3", "--types", "2", "--images", "0", stdout=io.StringIO())

    assert StockMove.objects.filter(reason="import", note="manage.py bulk_products").exists()
    assert "all 9 stock figures match" in audit()


def test_the_audit_names_a_tampered_figure_and_fails(admin_client_api):
    product, _ = create(admin_client_api, name="Tampered Lamp", types=[{"name": "Mint"}])
    create(admin_client_api, name="Honest Lamp")
    mint = ProductType.objects.get(name="Mint")
    Product.objects.filter(pk=product["id"]).update(quantity=7)
    ProductType.objects.filter(pk=mint.pk).update(quantity=2)

    out = io.StringIO()
    with pytest.raises(CommandError, match="2 of 3 stock figures do not match the stock ledger"):
        call_command("stock_audit", stdout=out)

    lines = out.getvalue().splitlines()
    assert lines == [
        f"MISMATCH product #{product['id']} Tampered Lamp: stock is 7, the moves add up to 10, "
        "the last move's balance is 10",
        f"MISMATCH type #{mint.pk} Tampered Lamp - Mint (product #{product['id']}): stock is 2, "
        "the moves add up to 0, the last move's balance is none",
    ]


def test_the_audit_exits_non_zero_from_the_command_line(admin_client_api, capsys):
    product, _ = create(admin_client_api)
    Product.objects.filter(pk=product["id"]).update(quantity=3)

    with pytest.raises(SystemExit) as exit_status:
        execute_from_command_line(["manage.py", "stock_audit"])

    assert exit_status.value.code == 1
    assert "do not match the stock ledger" in capsys.readouterr().err


def test_moves_are_paged_newest_first_in_a_constant_number_of_queries(
    admin_client_api, customer_client, settings
):
    settings.MAX_PENDING_ORDERS = 10
    product, _ = create(admin_client_api, quantity=50)
    lamp = Product.objects.get(pk=product["id"])
    orders = [buy(customer_client, line(lamp, 1)) for _ in range(4)]

    with CaptureQueriesContext(connection) as small:
        first = ledger(admin_client_api, lamp.pk, limit=2)
    with CaptureQueriesContext(connection) as large:
        ledger(admin_client_api, lamp.pk, limit=100)
    second = ledger(admin_client_api, lamp.pk, limit=2, page=2)

    assert [m["orderId"] for m in first["moves"] + second["moves"]] == orders[::-1]
    assert [m["balanceAfter"] for m in first["moves"]] == [46, 47]
    assert first["pagination"]["totalItems"] == 5 and first["pagination"]["hasNextPage"]
    assert len(large) == len(small)


def test_who_may_read_the_ledger(admin_client_api, customer_client, api_client):
    product, _ = create(admin_client_api)

    assert customer_client.get(moves_url(product["id"])).status_code == 403
    assert api_client.get(moves_url(product["id"])).status_code == 401
    missing = admin_client_api.get(moves_url(product["id"] + 1000))
    assert missing.status_code == 404 and missing.json() == {
        "message": "Product not found",
        "code": "not_found",
    }
    assert admin_client_api.get(moves_url(product["id"]), {"page": "0"}).status_code == 400


def test_the_opening_balance_migration_writes_one_move_per_figure():
    from importlib import import_module

    from django.apps import apps

    migration = import_module("shop.migrations.0007_stock_ledger")
    lamp = Product.objects.create(name="Old Lamp", category_id="juices", quantity=6)
    ProductType.objects.create(product=lamp, name="Mint", quantity=2)
    ProductType.objects.create(product=lamp, name="Ice", quantity=0)

    migration.opening_balances(apps, None)

    moves = StockMove.objects.order_by("id")
    assert [(m.reason, m.delta, m.balance_after, m.type_name) for m in moves] == [
        ("opening", 6, 6, ""),
        ("opening", 2, 2, "Mint"),
    ]
    assert re.search(r"all 3 stock figures match", audit())


def test_correct_records_the_difference_once_the_figure_is_counted(admin_client_api):
    product, _ = create(admin_client_api, name="Counted Lamp")
    Product.objects.filter(pk=product["id"]).update(quantity=6)

    out = io.StringIO()
    call_command("stock_audit", "--correct", stdout=out)

    assert "Recorded a correction move for 1 of 1 stock figures." in out.getvalue()
    newest = ledger(admin_client_api, product["id"])["moves"][0]
    assert (newest["reason"], newest["delta"], newest["balanceAfter"]) == ("correction", -4, 6)
    assert newest["reasonLabel"] == "Audit correction"
    assert newest["note"] == "manage.py stock_audit --correct"
    assert "all 1 stock figures match" in audit()
