"""Rendered catalog answers that do not depend on who asks (product pages, products,
categories), reused while the version they were built at is current.

Each gunicorn process keeps its own copy, bounded in bytes, keyed by the catalog or product
version that a request reads from the database first. A write moves the version in its own
transaction, so the next request on any process or server reads the new version and builds
a fresh answer; old entries are never read again and age out. The version is read before
the data, so an entry is never older than its key. docs/performance.md has the figures
against a shared cache (Redis or the database), which would add a round trip per request
to save work that is already this cheap.
"""

from common.lru import BytesLRU

MAX_BYTES = 16 * 1024 * 1024

answers = BytesLRU(MAX_BYTES)


def clear():
    answers.clear()
