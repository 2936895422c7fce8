"""Versions of what the catalog shows: the ETags of its answers and the keys under which
shop/readcache.py keeps them in Django's cache.

- **A product's version** is `Product.version`, in its row. Every write that changes what
  the product's answer shows bumps it in the writer's transaction (`products_changed`,
  `category_changed`, shop/stock.py's moves), so it commits with the data. Its strong ETag
  is `"<id>-<version>"`, which If-Match must name (shop/preconditions.py, checked under
  the row lock). A product page reads it from the row on every request.
- **The catalog version** (the product list and the categories) is a random token under
  one key of the shared cache (`default`: Redis when CACHE_URL or REDIS_URL is set, else
  the database's cache table). Every write that changes the catalog calls
  `catalog_changed` inside its transaction; the new token is set once the transaction has
  committed (`transaction.on_commit`), and a rolled-back write sets none. Random, not a
  counter: a version made again after the key expired or was evicted never names answers
  kept under an earlier one.

Why the next request on any server sees a write: the writer's commit, then its new token,
then its answer, in that order; so once anyone has seen the write acknowledged, every
process reading the shared key gets the new token. A reader reads the token before the
data: under the new token it can only read data committed before it; what it builds from
older data it files under the old token, which nobody asks for again.

When the cache cannot help: a reader that gets no token (Redis down: django-redis answers
None, config/env.py) builds the answer from the database and sends it without a list ETag.
A bump that is lost (the writer could not reach Redis, or its process died between commit
and bump) leaves the old token in place, so answers could be old; every token and every
answer is kept at most CATALOG_ANSWER_MAX_AGE seconds (config/settings/files.py), which
bounds that. A checkout waits for nothing after its commit: the bump is one cache write.
"""

import secrets
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F

from shop.models import Product

VERSION_KEY = "catalog:version"


def catalog_changed() -> None:
    """Count one catalog change (call inside the writer's transaction.atomic): the catalog
    version moves when it commits."""
    # robust: the data is committed; a cache that fails must not turn the write into a 500.
    transaction.on_commit(_bump, robust=True)


def _bump() -> None:
    cache.set(VERSION_KEY, secrets.token_hex(8), settings.CATALOG_ANSWER_MAX_AGE)


def products_changed(*product_ids: int | None) -> None:
    """Bump these products' versions and the catalog version (inside the writer's
    transaction.atomic; the product rows should already be locked or new)."""
    ids = sorted({pk for pk in product_ids if pk is not None})
    if ids:
        Product.objects.filter(pk__in=ids).update(version=F("version") + 1)
    catalog_changed()


def category_changed(category_id: str) -> None:
    """A category's name or flags show in each of its products' answers."""
    Product.objects.filter(category_id=category_id).update(version=F("version") + 1)
    catalog_changed()


def catalog_version() -> str | None:
    """The catalog's current token, made when there is none (a fresh or emptied cache, or
    the last one expired); None when the cache cannot answer."""
    version = cache.get(VERSION_KEY)
    if version is None:
        # add: of two readers that both found none, one token wins and both use it.
        cache.add(VERSION_KEY, secrets.token_hex(8), settings.CATALOG_ANSWER_MAX_AGE)
        version = cache.get(VERSION_KEY)
    return version


def catalog_version_and(key: str) -> tuple[str | None, Any]:
    """The catalog's current token (as catalog_version gives it) and what `key` holds (None
    if nothing), in one read of the cache: a list page's answer is read with it."""
    found = cache.get_many([VERSION_KEY, key])
    version = found.get(VERSION_KEY)
    if version is None:
        return catalog_version(), None
    return version, found.get(key)


def product_version(product_id: int) -> int | None:
    """The product's version as its row holds it now, or None when there is no such
    product."""
    found = Product.objects.filter(pk=product_id).order_by().values_list("version", flat=True)
    return found[0] if found else None


def product_etag(product_id: int, version: int) -> str:
    """A product's strong ETag, as answers send it and If-Match must name it."""
    return f'"{product_id}-{version}"'


def catalog_etag(version: str) -> str:
    return f'"catalog-{version}"'
