"""The monthly delivery-sales report (PACT Act) holds exactly the month's nicotine lines of
local deliveries handed over in that Los Angeles month: not pickups, not another month
(midnight in Los Angeles is the boundary, not UTC's), not lines without nicotine, not orders
never handed over. JSON, CSV and PDF say the same."""

import csv
import io
from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from tests.factories import make_product, order_with_lines

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE
NICOTINE = {"nicotineMg": 50, "utlEntry": "Elfbar - Original"}
REPORT = "/api/compliance/delivery-sales"


def handed_over(client_for, driver, order, when):
    with time_machine.travel(when, tick=False):
        answer = client_for(driver).post(
            f"/api/orders/{order.pk}/handover", {"outcome": "delivered"}, format="json"
        )
    assert answer.status_code == 200, answer.json()


@pytest.fixture
def month(client_for, customer, other_customer, staff_user, make_user):
    staff_user.name = "Dee Driver"
    staff_user.save()
    vape = make_product(name="Elf Bar BC5000", price="20.00", category="disposables")
    pouch = make_product(name="Zyn Cool Mint", price="6.00", category="pouches")
    lighter = make_product(name="Lighter", price="3.00")
    # In October: a delivery with a vape (listed brand), two pouches (no list entry: the
    # product's name) and a lighter (no nicotine: left out), handed over on the 31st at
    # 11:30 PM in Los Angeles, already 1 November in UTC.
    late = order_with_lines(
        customer, (vape, 2, NICOTINE), (pouch, 3, {"nicotineMg": 6}), (lighter, 1, {})
    )
    handed_over(client_for, staff_user, late, datetime(2026, 10, 31, 23, 30, tzinfo=LA))
    # In October too: the first minute of the 1st.
    early = order_with_lines(
        other_customer, (vape, 1, NICOTINE), delivery_address="9 Oak Ave", delivery_zip="92843"
    )
    handed_over(client_for, staff_user, early, datetime(2026, 10, 1, 0, 0, 30, tzinfo=LA))
    # Not October: the last minute of September, the first of November, a pickup, an order
    # still pending, one without nicotine.
    for when in (datetime(2026, 9, 30, 23, 59, tzinfo=LA), datetime(2026, 11, 1, 0, 0, tzinfo=LA)):
        handed_over(client_for, staff_user, order_with_lines(customer, (vape, 1, NICOTINE)), when)
    pickup = order_with_lines(customer, (vape, 4, NICOTINE), option="pickup")
    handed_over(client_for, staff_user, pickup, datetime(2026, 10, 15, 12, 0, tzinfo=LA))
    order_with_lines(customer, (vape, 5, NICOTINE))
    plain = order_with_lines(customer, (lighter, 2, {"nicotineMg": 0}))
    handed_over(client_for, staff_user, plain, datetime(2026, 10, 15, 12, 0, tzinfo=LA))
    admin = make_user(admin=True, name="Owner", email="owner@example.com")
    with time_machine.travel(datetime(2026, 11, 2, 9, 0, tzinfo=LA), tick=False):
        yield {"admin": client_for(admin), "early": early.pk, "late": late.pk}


def test_the_month_holds_exactly_its_nicotine_deliveries(month):
    answer = month["admin"].get(f"{REPORT}?month=2026-10")

    assert answer.status_code == 200, answer.json()
    report = answer.json()
    assert (report["month"], report["from"], report["to"]) == (
        "2026-10",
        "2026-10-01",
        "2026-10-31",
    )
    rows = [
        (
            row["orderId"],
            row["buyerName"],
            row["deliveryAddress"],
            row["brand"],
            row["product"],
            row["quantity"],
            row["deliveredBy"],
        )
        for row in report["rows"]
    ]
    assert rows == [
        (month["early"], "Olive Other", "9 Oak Ave, 92843", "Elfbar", "Elf Bar BC5000", 1,
         "Dee Driver"),
        (month["late"], "Casey Customer", "12 Main St, Garden Grove, CA, 92840", "Elfbar",
         "Elf Bar BC5000", 2, "Dee Driver"),
        (month["late"], "Casey Customer", "12 Main St, Garden Grove, CA, 92840",
         "Zyn Cool Mint", "Zyn Cool Mint", 3, "Dee Driver"),
    ]  # fmt: skip
    assert report["rows"][1]["deliveredAt"] == "2026-10-31T23:30:00-07:00"
    assert report["totals"] == {"orders": 2, "lines": 3, "units": 6}


def test_without_a_month_it_is_last_month(month):
    assert month["admin"].get(REPORT).json()["month"] == "2026-10"


def test_the_csv_streams_the_same_rows(month):
    answer = month["admin"].get(f"{REPORT}.csv?month=2026-10")

    assert answer.status_code == 200
    assert answer.streaming
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert answer["Content-Disposition"] == 'attachment; filename="delivery-sales-2026-10.csv"'
    table = list(csv.reader(io.StringIO(b"".join(answer.streaming_content).decode())))
    assert table[0] == [
        "Date and time",
        "Order",
        "Buyer",
        "Delivery address",
        "Brand",
        "Product",
        "Type",
        "Quantity",
        "Delivered by",
    ]
    assert [(row[1], row[4], row[7]) for row in table[1:]] == [
        (str(month["early"]), "Elfbar", "1"),
        (str(month["late"]), "Elfbar", "2"),
        (str(month["late"]), "Zyn Cool Mint", "3"),
    ]


def test_the_pdf_is_a_table_of_the_rows(month):
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("fpdf")

    answer = month["admin"].get(f"{REPORT}.pdf?month=2026-10")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    text = "".join(
        page.extract_text() for page in pypdf.PdfReader(io.BytesIO(answer.content)).pages
    )
    for expected in ("Corner Shop", "2026-10", "Olive Other", "9 Oak Ave", "Zyn Cool Mint",
                     "Dee Driver", "Totals: 2 orders, 3 lines, 6 units"):  # fmt: skip
        assert expected in text


@pytest.mark.parametrize("value", ["2026-13", "October", "2026-1", "1999-12"])
def test_a_bad_month_is_a_400_naming_it(month, value):
    answer = month["admin"].get(f"{REPORT}?month={value}")

    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["month"]
