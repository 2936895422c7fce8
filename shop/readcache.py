"""Rendered catalog answers that do not depend on who asks (product pages, products,
categories), reused while the version they were built at is current.

Each gunicorn process keeps its own copy, bounded in bytes, keyed by the catalog or product
version that a request reads from the database first. A write moves the version in its own
transaction, so the next request on any process or server reads the new version and builds
a fresh answer; old entries are never read again and age out. The version is read before
the data, so an entry is never older than its key. Every byte an entry keeps counts against
MAX_BYTES, its key's query strings included (common/lru.py), and a query value that names
nothing (a made-up category, a page past the end) makes no entry (shop/api.py): a flood of
invented values cannot grow a process past the bound. docs/performance.md has the figures
against a shared cache (Redis or the database), which would add a round trip per request
to save work that is already this cheap.
"""

import time

from django.conf import settings

from common import metrics
from common.lru import BytesLRU

MAX_BYTES = 16 * 1024 * 1024


class Answers(BytesLRU):
    """Counts hits and misses for /metrics, and lets an entry expire: with signed media URLs
    (AWS_QUERYSTRING_AUTH) an answer must not outlive the links it holds, however long the
    catalog stays unchanged (settings.CATALOG_ANSWER_MAX_AGE)."""

    def get(self, key, default=None):
        entry = super().get(key)
        if entry is None or (entry[0] is not None and time.monotonic() >= entry[0]):
            metrics.catalog_cache_miss()
            return default
        metrics.catalog_cache_hit()
        return entry[1]

    def set(self, key, value):
        max_age = settings.CATALOG_ANSWER_MAX_AGE
        super().set(key, (time.monotonic() + max_age if max_age else None, value))


answers = Answers(MAX_BYTES)


def clear():
    answers.clear()
