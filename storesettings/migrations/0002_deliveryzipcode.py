# The delivery ZIP codes' model moves from orders to storesettings, which owns the delivery
# area; the table and its rows stay where they are (orders/migrations/0008 drops the model
# from orders' state only).

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("storesettings", "0001_initial"),
        ("orders", "0007_sales_index_product_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="DeliveryZipCode",
                    fields=[
                        (
                            "zip_code",
                            models.CharField(
                                max_length=5,
                                primary_key=True,
                                serialize=False,
                                validators=[
                                    django.core.validators.RegexValidator(
                                        "^\\d{5}$", "Please enter a valid 5-digit ZIP code"
                                    )
                                ],
                                verbose_name="ZIP code",
                            ),
                        ),
                        (
                            "place",
                            models.CharField(
                                blank=True, help_text="e.g. Garden Grove", max_length=80
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "delivery ZIP code",
                        "ordering": ["zip_code"],
                        "db_table": "orders_deliveryzipcode",
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
