"""The catalog version is a key of Django's cache (shop/versioning.py): the counter rows that
summed to it and the listeners' leases go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("shop", "0013_search_word_price"),
    ]

    operations = [
        migrations.DeleteModel(
            name="CatalogListener",
        ),
        migrations.DeleteModel(
            name="CatalogVersion",
        ),
    ]
