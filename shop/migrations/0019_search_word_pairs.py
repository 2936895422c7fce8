"""Neighbouring pairs of a name's words ("geek bar") join the recorded words, so a search
typed together ("geekbar") finds its products on PostgreSQL (shop/search.py typo_words)."""

import re
from itertools import pairwise

from django.db import migrations

BATCH = 5000


def fill(apps, schema_editor):
    # shop/search.py `recorded_words` as it is today (a migration keeps its own copy).
    word = re.compile(r"\w+")
    Product = apps.get_model("shop", "Product")
    SearchWord = apps.get_model("shop", "SearchWord")
    found = set()
    for name in Product.objects.values_list("name", flat=True).iterator(chunk_size=BATCH):
        words = word.findall(name.lower())
        found.update(
            f"{first} {second}"
            for first, second in pairwise(words)
            if not first.isdecimal() and not second.isdecimal()
        )
    SearchWord.objects.bulk_create(
        [SearchWord(word=w) for w in sorted(found)], batch_size=BATCH, ignore_conflicts=True
    )


class Migration(migrations.Migration):
    dependencies = [("shop", "0018_stock_reason_order_adjusted")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop, elidable=False)]
