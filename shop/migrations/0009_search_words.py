"""Made the search's token tables and their triggers; migration 0015 drops them from the
databases that have them. Kept, doing nothing, so the migration graph stays whole."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("shop", "0008_catalog_listener")]

    operations: list[migrations.operations.base.Operation] = []
