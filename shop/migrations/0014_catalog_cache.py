"""PLACEHOLDER in the `search` branch only: the real 0014 (the catalog cache, written in
another branch) replaces this file when the branches merge."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("shop", "0013_search_word_price")]

    operations: list[migrations.operations.base.Operation] = []
