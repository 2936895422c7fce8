"""The search's tables and the triggers that keep them current (shop/search_tables.py)."""

from django.db import migrations


def install(apps, schema_editor):
    from shop import search_tables

    search_tables.install(schema_editor.connection)


def uninstall(apps, schema_editor):
    from shop import search_tables

    search_tables.uninstall(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("shop", "0008_catalog_listener")]

    operations = [migrations.RunPython(install, uninstall, elidable=False)]
