"""Drops the two covering indexes the sales report read before it read the rollups
(orders.0014): nothing reads them now. A date range of orders is read from `order_newest`,
an order's lines from the foreign key's index, and each checkout writes two index entries
fewer. The previous release's code does not name them, so it runs on either schema."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("orders", "0016_orderline_recorded"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="order", name="order_sales"),
        migrations.RemoveIndex(model_name="orderline", name="order_line_sales"),
    ]
