"""The search's token rows carry each product's price, so a search sorted by price reads no
product row for the products its names' words find (shop/search.py `_sorted_by_price`,
docs/performance.md "Search with a sort or `inStock`").

Not atomic: each step commits at once (shop/search_tables.py `add_price`), so reads,
searches and checkouts go on while the rows already there get their prices, and on
PostgreSQL the new key is built CONCURRENTLY. Code from before this migration reads the new
tables as it read the old ones (by column name), so going back needs nothing undone.
"""

from django.db import migrations


def add_price(apps, schema_editor):
    from shop import search_tables

    search_tables.add_price(schema_editor.connection)


class Migration(migrations.Migration):
    atomic = False
    dependencies = [("shop", "0012_product_unsellable")]

    operations = [migrations.RunPython(add_price, migrations.RunPython.noop, elidable=False)]
