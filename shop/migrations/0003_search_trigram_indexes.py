"""Trigram GIN indexes for the product search on PostgreSQL.

Django's `icontains` on PostgreSQL is `UPPER(col::text) LIKE UPPER('%word%')`; a GIN index
over UPPER(col) with gin_trgm_ops serves exactly that expression, so a search stays fast at
100,000 products. SQLite has no such index: there the migration does nothing (a plain
case-insensitive LIKE is fast enough at the sizes SQLite serves).
"""

from django.db import migrations

INDEXES = [
    ("product_name_trgm", "UPPER(name)"),
    ("product_description_trgm", "UPPER(description)"),
]


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    # Needs a role allowed to create extensions (the database owner on PostgreSQL 13+,
    # pg_trgm being a trusted extension).
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, expression in INDEXES:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON shop_product USING gin ({expression} gin_trgm_ops)"
        )


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _ in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("shop", "0002_categories")]

    operations = [migrations.RunPython(create_indexes, drop_indexes, elidable=False)]
