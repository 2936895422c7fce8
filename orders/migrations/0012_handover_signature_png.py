import base64
import binascii

from django.db import migrations, models

PREFIX = "data:image/png;base64,"


def signatures_to_png(apps, schema_editor):
    # The text signature was a PNG data URL checked on the way in: its bytes move as they are.
    Order = apps.get_model("orders", "Order")
    for order in Order.objects.exclude(handover_signature="").only("pk", "handover_signature"):
        text = order.handover_signature
        if not text.startswith(PREFIX):
            continue
        try:
            image = base64.b64decode(text[len(PREFIX) :], validate=True)
        except (binascii.Error, ValueError):
            continue
        Order.objects.filter(pk=order.pk).update(handover_signature_png=image)


def signatures_to_text(apps, schema_editor):
    Order = apps.get_model("orders", "Order")
    for order in Order.objects.exclude(handover_signature_png=None).only(
        "pk", "handover_signature_png"
    ):
        text = PREFIX + base64.b64encode(bytes(order.handover_signature_png)).decode()
        Order.objects.filter(pk=order.pk).update(handover_signature=text)


class Migration(migrations.Migration):
    dependencies = [("orders", "0011_compliance")]

    operations = [
        migrations.AddField(
            model_name="order",
            name="handover_home_address",
            field=models.CharField(blank=True, max_length=500),
        ),
        migrations.AddField(
            model_name="order",
            name="handover_signature_png",
            field=models.BinaryField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(signatures_to_png, signatures_to_text),
        migrations.RemoveField(model_name="order", name="handover_signature"),
    ]
