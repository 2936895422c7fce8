"""The N2O log (Penal Code 381e): an order a `record` rule covered, handed over with the
buyer's ID, home address and signature, is one row per covered line, with a link to the
signature that staff can open; lines the rule did not cover, orders never handed over and
other days are not in it."""

import csv
import io
from datetime import datetime

import pytest
import time_machine

from common.shoptime import SHOP_TIME_ZONE
from tests.factories import (
    checkout_body,
    line,
    make_product,
    order_with_lines,
    post_checkout,
    record_rule,
    signature_png_bytes,
    signature_url,
)

pytestmark = pytest.mark.django_db

LA = SHOP_TIME_ZONE
LOG = "/api/compliance/n2o-log"
SIGNATURE = signature_url(signature_png_bytes())
HANDOVER = {
    "outcome": "delivered",
    "idType": "California driver license",
    "birthYear": 1990,
    "recipientName": "Casey Customer",
    "homeAddress": "400 W Chapman Ave, Orange, CA 92866",
    "signature": SIGNATURE,
}
REQUIRES = ["idType", "birthYear", "signature", "homeAddress"]


@pytest.fixture
def logged(client_for, customer, staff_user):
    staff_user.name = "Sam Staff"
    staff_user.save()
    chargers = make_product(name="Chargers 24-pack", price="15.00", category="cream-chargers")
    lighter = make_product(name="Lighter", price="3.00")
    order = order_with_lines(
        customer,
        (chargers, 2, {"n2o": True}),
        (lighter, 1, {}),
        option="pickup",
        rules=[record_rule(chargers, requires=REQUIRES)],
    )
    other_day = order_with_lines(
        customer,
        (chargers, 1, {"n2o": True}),
        option="pickup",
        rules=[record_rule(chargers, requires=REQUIRES)],
    )
    # Placed under the rule but never handed over: no sale yet, no row.
    order_with_lines(
        customer, (chargers, 3, {"n2o": True}), option="pickup", rules=[record_rule(chargers)]
    )
    for placed, when in (
        (order, datetime(2026, 11, 20, 18, 45, tzinfo=LA)),
        (other_day, datetime(2026, 11, 18, 12, 0, tzinfo=LA)),
    ):
        with time_machine.travel(when, tick=False):
            answer = client_for(staff_user).post(
                f"/api/orders/{placed.pk}/handover", HANDOVER, format="json"
            )
        assert answer.status_code == 200, answer.json()
    with time_machine.travel(datetime(2026, 11, 21, 9, 0, tzinfo=LA), tick=False):
        yield {"staff": client_for(staff_user), "order": order.pk, "customer": customer}


def test_the_hand_over_is_a_row_of_the_log(logged):
    answer = logged["staff"].get(f"{LOG}?from=2026-11-19&to=2026-11-20")

    assert answer.status_code == 200, answer.json()
    assert answer.json() == {
        "from": "2026-11-19",
        "to": "2026-11-20",
        "rows": [
            {
                "handedOverAt": "2026-11-20T18:45:00-08:00",
                "orderId": logged["order"],
                "buyerName": "Casey Customer",
                "homeAddress": "400 W Chapman Ave, Orange, CA 92866",
                "idType": "California driver license",
                "birthYear": 1990,
                "product": "Chargers 24-pack",
                "type": "",
                "quantity": 2,
                "handedOverBy": "Sam Staff",
                "signatureUrl": f"/api/orders/{logged['order']}/signature",
            }
        ],
    }


def test_the_signature_link_opens_the_image_for_staff(logged, client_for):
    (row,) = logged["staff"].get(f"{LOG}?from=2026-11-20&to=2026-11-20").json()["rows"]

    image = logged["staff"].get(row["signatureUrl"])
    assert image.status_code == 200
    assert image["Content-Type"] == "image/png"
    assert client_for(logged["customer"]).get(row["signatureUrl"]).status_code == 403


def test_the_default_is_the_last_31_days(logged):
    rows = logged["staff"].get(LOG).json()["rows"]

    assert [row["handedOverAt"][:10] for row in rows] == ["2026-11-18", "2026-11-20"]


def test_the_csv_has_the_same_rows(logged):
    answer = logged["staff"].get(f"{LOG}.csv?from=2026-11-01&to=2026-11-30")

    assert answer.status_code == 200
    assert answer["Content-Disposition"] == (
        'attachment; filename="n2o-log-2026-11-01-2026-11-30.csv"'
    )
    header, *rows = csv.reader(io.StringIO(b"".join(answer.streaming_content).decode()))
    assert header[:6] == [
        "Date and time",
        "Order",
        "Buyer",
        "Home address",
        "ID type",
        "Birth year",
    ]
    assert [(row[1], row[3], row[8]) for row in rows][-1] == (
        str(logged["order"]),
        "400 W Chapman Ave, Orange, CA 92866",
        "2",
    )
    assert len(rows) == 2


def test_from_after_to_is_a_400(logged):
    answer = logged["staff"].get(f"{LOG}?from=2026-11-20&to=2026-11-19")

    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["from"]


def test_a_counter_sale_through_checkout_is_logged_under_the_first_run_rule(
    client_for, customer, staff_user
):
    chargers = make_product(name="Cream Chargers 24", price="15.00", category="cream-chargers")
    with time_machine.travel(datetime(2026, 11, 20, 10, 0, tzinfo=LA), tick=False):
        placed = post_checkout(
            client_for(customer), checkout_body(line(chargers, 2), ageConfirmed=True)
        )["order"]
        staff = client_for(staff_user)
        required = placed["checks"]["requiredFields"]
        assert {"idType", "birthYear", "signature", "homeAddress"} <= set(required)
        body = {**HANDOVER, "recipientName": "Casey Customer"}
        answer = staff.post(f"/api/orders/{placed['id']}/handover", body, format="json")
        assert answer.status_code == 200, answer.json()

        rows = staff.get(f"{LOG}?from=2026-11-20&to=2026-11-20").json()["rows"]

    assert [(r["orderId"], r["product"], r["quantity"], r["homeAddress"]) for r in rows] == [
        (placed["id"], "Cream Chargers 24", 2, "400 W Chapman Ave, Orange, CA 92866")
    ]


def test_a_sale_stays_in_the_log_once_its_product_is_deleted(
    client_for, customer, staff_user, admin_user
):
    chargers = make_product(name="Cream Chargers 24", price="15.00", category="cream-chargers")
    with time_machine.travel(datetime(2026, 11, 20, 10, 0, tzinfo=LA), tick=False):
        staff = client_for(staff_user)
        placed = post_checkout(
            client_for(customer), checkout_body(line(chargers, 3), ageConfirmed=True)
        )["order"]
        answer = staff.post(f"/api/orders/{placed['id']}/handover", HANDOVER, format="json")
        assert answer.status_code == 200, answer.json()
        assert client_for(admin_user).delete(f"/api/products/{chargers.pk}").status_code == 204

        rows = staff.get(f"{LOG}?from=2026-11-20&to=2026-11-20").json()["rows"]
        csv_answer = staff.get(f"{LOG}.csv?from=2026-11-20&to=2026-11-20")

    assert [
        (r["orderId"], r["product"], r["quantity"], r["buyerName"], r["handedOverAt"]) for r in rows
    ] == [(placed["id"], "Cream Chargers 24", 3, "Casey Customer", "2026-11-20T10:00:00-08:00")]
    _header, *csv_rows = csv.reader(io.StringIO(b"".join(csv_answer.streaming_content).decode()))
    assert [(row[1], row[2], row[6], row[8]) for row in csv_rows] == [
        (str(placed["id"]), "Casey Customer", "Cream Chargers 24", "3")
    ]
