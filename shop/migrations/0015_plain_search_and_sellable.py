"""The search and the `sellable` flag without triggers (shop/search.py, shop/stock.py
`sellable_refresh`).

- Dropped: the search's token tables, their triggers and functions (migrations 0009 and
  0013), the triggers and functions that kept `sellable` (0011), and the index of the
  products that cannot be sold (0012), which only the token search read.
- `sellable` becomes a field Django knows. The column and its partial index stay as 0011
  made them (the triggers kept the column equal to the rule up to this migration, in the
  same transaction as the drops): only Django's state learns them. Adding the field again
  through Django would rebuild the table on SQLite, losing migration 0010's indexes.
"""

from django.db import migrations, models

TRIGGERS = {
    "postgresql": [
        "DROP TRIGGER IF EXISTS product_type_sellable ON shop_producttype",
        "DROP TRIGGER IF EXISTS product_sellable_row ON shop_product",
        "DROP TRIGGER IF EXISTS shop_search_product_write ON shop_product",
        "DROP TRIGGER IF EXISTS shop_search_product_name ON shop_product",
        "DROP TRIGGER IF EXISTS shop_search_product_truncate ON shop_product",
        "DROP FUNCTION IF EXISTS shop_product_type_sellable()",
        "DROP FUNCTION IF EXISTS shop_product_sellable_row()",
        "DROP FUNCTION IF EXISTS shop_search_product_truncated()",
        "DROP FUNCTION IF EXISTS shop_search_product_changed()",
        "DROP FUNCTION IF EXISTS shop_search_add(shop_product)",
        "DROP FUNCTION IF EXISTS shop_search_tokens(text)",
    ],
    "sqlite": [
        f"DROP TRIGGER IF EXISTS {name}"
        for name in (
            "product_sellable_insert",
            "product_sellable_update",
            "product_type_sellable_insert",
            "product_type_sellable_update",
            "product_type_sellable_delete",
            "shop_search_product_insert",
            "shop_search_product_delete",
            "shop_search_product_name",
            "shop_search_product_text",
            "shop_search_word_insert",
        )
    ],
}
TABLES = ["shop_search_word", "shop_search_token", "shop_search_state", "shop_search_text"]


def drop_triggers_and_tables(apps, schema_editor):
    for statement in TRIGGERS.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement, params=None)
    for table in TABLES:
        schema_editor.execute(f'DROP TABLE IF EXISTS "{table}"', params=None)
    schema_editor.execute('DROP INDEX IF EXISTS "product_unsellable"', params=None)


class Migration(migrations.Migration):
    dependencies = [("shop", "0014_catalog_cache")]

    operations = [
        migrations.RunPython(drop_triggers_and_tables, migrations.RunPython.noop, elidable=False),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name="product",
                    name="sellable",
                    field=models.BooleanField(default=False, editable=False),
                ),
                migrations.AddIndex(
                    model_name="product",
                    index=models.Index(
                        condition=models.Q(("sellable", True)),
                        fields=["-created_at", "-id"],
                        name="product_sellable_newest",
                    ),
                ),
            ]
        ),
    ]
