"""The version of what the back office is told about: new orders and ride requests
(GET /api/announcements, config/announcements.py; docs/api.md, "Announcements").

One key of the shared cache (`default`: Redis when CACHE_URL or REDIS_URL is set) holds a
random token; a writer that creates an order or a ride request calls `announce()` inside its
transaction, and the new token is set once that commits (a rolled-back write sets none), so
every server's next poll sees it. An open back-office tab polls with the answer's ETag, made
from this token and the ids it asked after: while nothing is created the token stays, and
the poll is a 304 that costs the user row (the token's authentication) and one cache read.

A bump that is lost (the cache unreachable, or the process dying between commit and bump)
leaves the old token; the key expires after ANNOUNCEMENTS_MAX_AGE seconds, which bounds how
long a tab can miss a new order then. Random, not a counter, as in shop/versioning.py: a
token made again after the key expired never names an earlier answer.
"""

import secrets

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "announcements:version"
ANNOUNCEMENTS_MAX_AGE = 300


def announce() -> None:
    """Something new for the back office (call inside the creating transaction.atomic)."""
    # robust: the data is committed; a cache that fails must not turn the write into a 500.
    transaction.on_commit(_bump, robust=True)


def _bump() -> None:
    cache.set(VERSION_KEY, secrets.token_hex(8), ANNOUNCEMENTS_MAX_AGE)


def announcements_version() -> str | None:
    """The current token, made when there is none; None when the cache cannot answer."""
    version = cache.get(VERSION_KEY)
    if version is None:
        # add: of two readers that both found none, one token wins and both use it.
        cache.add(VERSION_KEY, secrets.token_hex(8), ANNOUNCEMENTS_MAX_AGE)
        version = cache.get(VERSION_KEY)
    return version
