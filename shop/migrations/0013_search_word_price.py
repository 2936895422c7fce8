"""Gave the search's token rows their products' prices; migration 0015 drops those tables.
Kept, doing nothing, so the migration graph stays whole."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("shop", "0012_product_unsellable")]

    operations: list[migrations.operations.base.Operation] = []
