"""The back office's order list at a million orders (docs/performance.md): an index for
"due today" (delivery_date), and on PostgreSQL a trigram GIN index for the search by
customer name.

Django's `icontains` on PostgreSQL is `UPPER(col::text) LIKE UPPER('%text%')`; a GIN index
over UPPER(customer_name) with gin_trgm_ops serves exactly that expression (as shop's
migration 0003 does for product names). SQLite has no such index: there the same query runs
without it. The email is searched among the users (orders.selectors._filtered), a table
a hundredth the size, so it needs none.
"""

from django.db import migrations, models

INDEXES = [("order_customer_name_trgm", "orders_order", "UPPER(customer_name)")]


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    # Needs a role allowed to create extensions (the database owner on PostgreSQL 13+,
    # pg_trgm being a trusted extension).
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, table, expression in INDEXES:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ({expression} gin_trgm_ops)"
        )


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _, _ in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("orders", "0012_handover_signature_png")]

    operations = [
        migrations.AddIndex(
            model_name="order",
            index=models.Index(fields=["delivery_date"], name="order_delivery_date"),
        ),
        migrations.RunPython(create_indexes, drop_indexes, elidable=False),
    ]
