"""The products that cannot be sold now, by id: a search's `inStock=1` drops the token rows of
those (shop/search.py `_holders_sql`) without reading a product row per match. A shop sells
most of what it lists, so this index is small where the index of the sellable ones holds
nearly the whole catalog: at 100,000 products PostgreSQL hashed the 94,000 entries of that
one (15 ms) for a search that found 6,000 (docs/performance.md, "Search")."""

from django.db import migrations

INDEX = 'CREATE INDEX "product_unsellable" ON "shop_product" ("id") WHERE NOT "sellable"'


class Migration(migrations.Migration):
    dependencies = [("shop", "0011_product_sellable")]

    operations = [
        migrations.RunSQL(INDEX, 'DROP INDEX IF EXISTS "product_unsellable"', elidable=False)
    ]
