"""The catalog's distinct name words that may be typed with a typo (shop.models.SearchWord),
filled from the products there are; shop/search.py looks a search's typos up among them."""

import re

from django.db import migrations, models

BATCH = 5000


def fill(apps, schema_editor):
    # shop/search.py `record_words` as it is today (a migration keeps its own copy).
    word = re.compile(r"\w+")
    Product = apps.get_model("shop", "Product")
    SearchWord = apps.get_model("shop", "SearchWord")
    found = set()
    for name in Product.objects.values_list("name", flat=True).iterator(chunk_size=BATCH):
        found.update(w for w in word.findall(name.lower()) if not w.isdecimal())
    SearchWord.objects.bulk_create(
        [SearchWord(word=w) for w in sorted(found)], batch_size=BATCH, ignore_conflicts=True
    )


class Migration(migrations.Migration):
    dependencies = [("shop", "0015_plain_search_and_sellable")]

    operations = [
        migrations.CreateModel(
            name="SearchWord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("word", models.TextField(unique=True)),
            ],
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=False),
    ]
