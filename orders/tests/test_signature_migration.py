"""0012 moved the hand-over signature from a PNG data URL in a text column to the PNG's
bytes in a binary one, and back when migrated backward: a signature kept before the move is
the same image after it, and text that was never a PNG data URL is dropped, not crashed on."""

import base64
import io

import pytest
from PIL import Image

from tests.factories import signature_png_bytes

BEFORE = ("orders", "0011_compliance")
AFTER = ("orders", "0012_handover_signature_png")
PREFIX = "data:image/png;base64,"

pytestmark = pytest.mark.django_db(transaction=True)


def _order(apps, user, signature):
    # accounts' migrations do not need orders': its table stays as it is now.
    return apps.get_model("orders", "Order").objects.create(
        user_id=user.pk,
        customer_name="Casey Customer",
        delivery_option="pickup",
        status="completed",
        handover_recipient="Casey Customer",
        handover_signature=signature,
    )


def test_a_data_url_signature_becomes_its_png_bytes_and_back(migrate_to, customer):
    png = signature_png_bytes()
    old = migrate_to(BEFORE)
    signed = _order(old, customer, PREFIX + base64.b64encode(png).decode())
    unsigned = _order(old, customer, "")
    garbled = _order(old, customer, PREFIX + "not base64!")
    not_png = _order(old, customer, "a name typed by hand")

    new = migrate_to(AFTER)
    Order = new.get_model("orders", "Order")
    stored = {o.pk: o.handover_signature_png for o in Order.objects.all()}
    assert bytes(stored[signed.pk]) == png
    assert Image.open(io.BytesIO(bytes(stored[signed.pk]))).format == "PNG"
    assert stored[unsigned.pk] is None
    assert stored[garbled.pk] is None
    assert stored[not_png.pk] is None
    assert Order.objects.get(pk=signed.pk).handover_recipient == "Casey Customer"

    back = migrate_to(BEFORE)
    texts = dict(back.get_model("orders", "Order").objects.values_list("pk", "handover_signature"))
    assert texts == {
        signed.pk: PREFIX + base64.b64encode(png).decode(),
        unsigned.pk: "",
        garbled.pk: "",
        not_png.pk: "",
    }
