"""Indexes for the list's orders now that what can be sold comes first (shop.selectors.SORTS):
each of migration 0010's orders, and the newest first of the whole list and of a category,
led by `sellable`, so a page still reads its dozen rows from an index instead of sorting the
catalog. Written per database as 0010 is (its docstring says why)."""

from django.db import migrations

INDEXES = {
    "postgresql": [
        ("product_sellable_newest_all", '"sellable" DESC, "created_at" DESC, "id" DESC'),
        (
            "product_sellable_category_newest",
            '"category_id", "sellable" DESC, "created_at" DESC, "id" DESC',
        ),
        ("product_sellable_price_asc", '"sellable" DESC, "price" ASC NULLS LAST, "id" DESC'),
        ("product_sellable_price_desc", '"sellable" DESC, "price" DESC NULLS LAST, "id" DESC'),
        ("product_sellable_name_lower", '"sellable" DESC, LOWER("name"), "id" DESC'),
    ],
    "sqlite": [
        ("product_sellable_newest_all", '"sellable" DESC, "created_at" DESC, "id" DESC'),
        (
            "product_sellable_category_newest",
            '"category_id", "sellable" DESC, "created_at" DESC, "id" DESC',
        ),
        ("product_sellable_price_asc", '"sellable" DESC, "price", "id" DESC'),
        ("product_sellable_price_desc", '"sellable", "price", "id"'),
        ("product_sellable_name_lower", '"sellable" DESC, LOWER("name"), "id" DESC'),
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
        ("shop", "0021_image_widths"),
    ]

    operations = [migrations.RunPython(create, drop, elidable=False)]
