# The delivery ZIP codes' model now lives in storesettings (its 0002), on the same table.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("orders", "0007_sales_index_product_name"),
        ("storesettings", "0002_deliveryzipcode"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="DeliveryZipCode")],
            database_operations=[],
        ),
    ]
