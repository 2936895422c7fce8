"""A customer erased keeps, for COMPLIANCE_RECORDS_YEARS after each hand-over, the compliance
records the law asks for (an N2O sale's ID, home address and signature; a nicotine delivery's
buyer and address); everything else about them goes as before, and so do records older than
those years, at the erasure or later by `manage.py compliance_monthly`. The export says which
records are kept, why and until when."""

from datetime import datetime

import pytest
import time_machine
from django.core.management import call_command

from accounts.models import User
from common.shoptime import SHOP_TIME_ZONE
from orders.models import Order, OrderStatus
from tests.factories import (
    make_product,
    order_with_lines,
    record_rule,
    signature_png_bytes,
    signature_url,
)

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE
SIGNATURE = signature_url(signature_png_bytes())
N2O_HANDOVER = {
    "outcome": "delivered",
    "idType": "Passport",
    "birthYear": 1990,
    "homeAddress": "1 Home St, Garden Grove, CA 92840",
    "signature": SIGNATURE,
}
ERASED = {
    "customer_name": "Deleted customer",
    "phone_number": "",
    "delivery_address": "",
    "delivery_zip": "",
    "special_instructions": "",
    "handover_id_type": "",
    "handover_birth_year": None,
    "handover_home_address": "",
    "handover_signature_png": None,
}


def hand_over(client_for, staff, order, when, body):
    with time_machine.travel(when, tick=False):
        answer = client_for(staff).post(f"/api/orders/{order.pk}/handover", body, format="json")
    assert answer.status_code == 200, answer.json()


def stored(order, fields=ERASED):
    row = Order.objects.filter(pk=order.pk).values(*fields).get()
    if row.get("handover_signature_png") is not None:
        row["handover_signature_png"] = "(a signature)"
    return row


@pytest.fixture
def history(client_for, customer, staff_user):
    chargers = make_product(name="Chargers", category="cream-chargers")
    vape = make_product(name="Vape", category="disposables")
    lighter = make_product(name="Lighter")
    rule = record_rule(chargers, requires=["idType", "birthYear", "signature", "homeAddress"])
    orders = {
        "n2o": order_with_lines(customer, (chargers, 1, {"n2o": True}), rules=[rule]),
        "vape": order_with_lines(customer, (vape, 2, {"nicotineMg": 20})),
        "plain": order_with_lines(customer, (lighter, 1, {})),
        "old_n2o": order_with_lines(customer, (chargers, 1, {"n2o": True}), rules=[rule]),
        "pending": order_with_lines(customer, (lighter, 1, {})),
    }
    hand_over(client_for, staff_user, orders["old_n2o"], datetime(2021, 3, 1, 12, 0, tzinfo=LA),
              N2O_HANDOVER)  # fmt: skip
    hand_over(client_for, staff_user, orders["n2o"], datetime(2025, 6, 1, 12, 0, tzinfo=LA),
              N2O_HANDOVER)  # fmt: skip
    for name in ("vape", "plain"):
        hand_over(client_for, staff_user, orders[name], datetime(2025, 6, 2, 12, 0, tzinfo=LA),
                  {"outcome": "delivered"})  # fmt: skip
    with time_machine.travel(datetime(2026, 11, 20, 12, 0, tzinfo=LA), tick=False):
        yield orders


def test_the_export_says_which_records_are_kept_why_and_until_when(history, client_for, customer):
    answer = client_for(customer).get("/api/auth/me/export")

    assert answer.status_code == 200
    kept = answer.json()["complianceRecords"]
    assert kept["years"] == 5
    assert "PACT Act" in kept["why"] and "Penal Code 381e" in kept["why"]
    assert "the name signed on screen" in kept["what"]
    assert kept["orders"] == [
        {"orderId": history["n2o"].pk, "keptUntil": "2030-06-01"},
        {"orderId": history["vape"].pk, "keptUntil": "2030-06-02"},
    ]


def test_an_erased_customer_keeps_only_their_records(history, client_for, customer):
    answer = client_for(customer).delete(
        "/api/auth/me", {"password": "casey-secret-1"}, format="json"
    )

    assert answer.status_code == 204
    assert stored(history["n2o"]) == {
        **ERASED,
        "customer_name": "Casey Customer",
        "delivery_address": "12 Main St, Garden Grove, CA",
        "delivery_zip": "92840",
        "handover_id_type": "Passport",
        "handover_birth_year": 1990,
        "handover_home_address": "1 Home St, Garden Grove, CA 92840",
        "handover_signature_png": "(a signature)",
    }
    assert stored(history["vape"]) == {
        **ERASED,
        "customer_name": "Casey Customer",
        "delivery_address": "12 Main St, Garden Grove, CA",
        "delivery_zip": "92840",
    }
    for name in ("plain", "old_n2o", "pending"):
        assert stored(history[name]) == ERASED, name
    assert Order.objects.get(pk=history["pending"].pk).status == OrderStatus.CANCELLED
    person = User.objects.get(pk=customer.pk)
    assert (person.email, person.name, person.phone, person.is_active) == (
        f"deleted-{customer.pk}@deleted.invalid",
        "",
        "",
        False,
    )
    # The kept record is still in the inspector's log.
    admin = User.objects.create_user(email="boss@example.com", password="x-pass-1", role="admin")
    rows = client_for(admin).get("/api/compliance/n2o-log?from=2025-06-01&to=2025-06-01")
    assert [row["buyerName"] for row in rows.json()["rows"]] == ["Casey Customer"]


def test_the_records_go_when_their_years_are_over(history, client_for, customer, capsys):
    client_for(customer).delete("/api/auth/me", {"password": "casey-secret-1"}, format="json")

    with time_machine.travel(datetime(2030, 6, 1, 13, 0, tzinfo=LA), tick=False):
        call_command("compliance_monthly")
        call_command("compliance_monthly")

    assert stored(history["n2o"]) == ERASED
    assert stored(history["vape"])["customer_name"] == "Casey Customer"
    out = capsys.readouterr().out
    assert "Compliance records past 5 years erased: 1 orders." in out
    assert "Compliance records past 5 years erased: 0 orders." in out


def test_the_years_are_a_setting(history, client_for, customer, settings):
    settings.COMPLIANCE_RECORDS_YEARS = 1

    client_for(customer).delete("/api/auth/me", {"password": "casey-secret-1"}, format="json")

    assert stored(history["n2o"]) == ERASED
