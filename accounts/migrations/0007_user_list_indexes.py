"""The Users page at tens of thousands of accounts (docs/performance.md): an index for its
newest-first keyset pages, and on PostgreSQL trigram GIN indexes for its search by name or
email.

Django's `icontains` on PostgreSQL is `UPPER(col::text) LIKE UPPER('%text%')`; a GIN index
over UPPER(col) with gin_trgm_ops serves exactly that expression (as orders' migration 0013
does for the customer's name). SQLite has no such index: there the same query runs without
it.
"""

from django.db import migrations, models

INDEXES = [
    ("user_name_trgm", "accounts_user", "UPPER(name)"),
    ("user_email_trgm", "accounts_user", "UPPER(email)"),
]


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
    dependencies = [("accounts", "0006_user_date_of_birth")]

    operations = [
        migrations.AddIndex(
            model_name="user",
            index=models.Index(fields=["-created_at", "-id"], name="user_newest"),
        ),
        migrations.RunPython(create_indexes, drop_indexes, elidable=False),
    ]
