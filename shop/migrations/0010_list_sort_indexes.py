"""Indexes for the list's price and name orders (shop.selectors.SORTS), so that a sorted page
reads its dozen rows from an index instead of sorting the whole catalog (docs/performance.md,
"Search": the sorts grew 3x to 26x a list page at 100,000 products).

Written per database: PostgreSQL needs the place of products without a price (last both
ways); SQLite takes no NULLS LAST in an index, but walks (price, id DESC) forwards for
`price_asc` and (price, id) backwards for `price_desc`, nulls last both times.
"""

from django.db import migrations

INDEXES = {
    "postgresql": [
        ("product_price_asc", '"price" ASC NULLS LAST, "id" DESC'),
        ("product_price_desc", '"price" DESC NULLS LAST, "id" DESC'),
        ("product_name_lower", 'LOWER("name"), "id" DESC'),
    ],
    "sqlite": [
        ("product_price_asc", '"price", "id" DESC'),
        ("product_price_desc", '"price", "id"'),
        ("product_name_lower", 'LOWER("name"), "id" DESC'),
    ],
}


def create(apps, schema_editor):
    for name, columns in INDEXES.get(schema_editor.connection.vendor, []):
        schema_editor.execute(f'CREATE INDEX "{name}" ON "shop_product" ({columns})')


def drop(apps, schema_editor):
    for name, _ in INDEXES.get(schema_editor.connection.vendor, []):
        schema_editor.execute(f'DROP INDEX IF EXISTS "{name}"')


class Migration(migrations.Migration):
    dependencies = [
        ("shop", "0009_search_words"),
    ]

    operations = [migrations.RunPython(create, drop, elidable=False)]
