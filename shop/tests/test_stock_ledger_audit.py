"""The ledger screen's reads: GET /api/products/{id}/stock-moves gives one figure's moves
(`type`: a type's id or `own`) and `manage.py stock_audit`'s verdict on each of the product's
figures (`audit`), under the audit's own rule."""

import pytest

from shop.models import Product, ProductType
from shop.selectors import STOCK_FIGURE_REFUSED
from shop.tests.test_stock_ledger import buy, create, ledger, moves_url
from tests.factories import line

pytestmark = pytest.mark.django_db


@pytest.fixture
def pod(admin_client_api, customer_client):
    product, _ = create(admin_client_api, name="Pod", types=[{"name": "Mint", "quantity": 6}])
    mint = ProductType.objects.get(product_id=product["id"], name="Mint")
    buy(customer_client, line(mint.product, 2, mint))
    return product["id"], mint.pk


def test_every_figure_agrees_after_sales_and_edits(admin_client_api, pod):
    pid, mint = pod

    audit = ledger(admin_client_api, pid)["audit"]

    assert audit == [
        {
            "typeId": None,
            "typeName": "",
            "quantity": 10,
            "movesTotal": 10,
            "lastBalance": 10,
            "agrees": True,
        },
        {
            "typeId": mint,
            "typeName": "Mint",
            "quantity": 4,
            "movesTotal": 4,
            "lastBalance": 4,
            "agrees": True,
        },
    ]


def test_a_figure_changed_behind_the_ledger_does_not_agree(admin_client_api, pod):
    pid, mint = pod
    ProductType.objects.filter(pk=mint).update(quantity=9)  # no move: what the audit catches

    audit = {row["typeId"]: row for row in ledger(admin_client_api, pid)["audit"]}

    assert audit[None]["agrees"] is True
    assert (audit[mint]["quantity"], audit[mint]["movesTotal"], audit[mint]["agrees"]) == (
        9,
        4,
        False,
    )


def test_one_figures_moves(admin_client_api, pod):
    pid, mint = pod

    of_mint = ledger(admin_client_api, pid, type=mint)["moves"]
    own = ledger(admin_client_api, pid, type="own")["moves"]

    assert [(m["reason"], m["delta"], m["balanceAfter"]) for m in of_mint] == [
        ("sale", -2, 4),
        ("created", 6, 6),
    ]
    assert {m["productTypeId"] for m in of_mint} == {mint}
    assert [(m["reason"], m["productTypeId"]) for m in own] == [("created", None)]
    assert len(ledger(admin_client_api, pid)["audit"]) == 2  # the verdict is every figure's


@pytest.mark.parametrize("bad", ["mint", "-1", "1.5", "9" * 30])
def test_a_bad_type_is_refused_by_name(admin_client_api, pod, bad):
    pid, _ = pod

    answer = admin_client_api.get(moves_url(pid), {"type": bad})

    assert answer.status_code == 400
    assert answer.json()["errors"] == {"type": [STOCK_FIGURE_REFUSED]}


def test_a_product_without_types_has_one_figure(admin_client_api):
    product, _ = create(admin_client_api, quantity=0)
    Product.objects.filter(pk=product["id"]).update(quantity=3)

    (only,) = ledger(admin_client_api, product["id"])["audit"]

    assert (only["typeId"], only["lastBalance"], only["agrees"]) == (None, None, False)
