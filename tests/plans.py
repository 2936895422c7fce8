"""A page's query plan as the database would choose it over a large catalog, for tests that a
page is read from an index in its order instead of sorting the table."""

from django.db import connection, transaction
from django.db.models import QuerySet


def plan_at_scale(queryset: QuerySet) -> str:
    """`queryset`'s plan, PostgreSQL told that scanning the table and sorting rows (whole or
    incrementally) cost the most, as they would at 100,000 products. On a table of a few rows
    it would otherwise pick whatever is cheapest there, which turns on how bloated earlier
    tests left each index. SQLite walks an index that serves the order whatever the size."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                for setting in ("enable_seqscan", "enable_sort", "enable_incremental_sort"):
                    cursor.execute(f"SET LOCAL {setting} = off")
        return queryset.explain()


def sorts(plan: str) -> bool:
    """Whether `plan` sorts rows: a Sort node of PostgreSQL's, a temporary B-tree of SQLite's."""
    return "Sort" in plan or "TEMP B-TREE" in plan
