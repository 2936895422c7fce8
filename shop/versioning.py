"""Versions of what the catalog shows, for ETags and for the catalog read cache.

Every write that changes a product answer (fields, types, images, stock, its category)
calls `products_changed` in the writer's own transaction; a write that changes the
catalog without a product row (a deletion, a category) calls `catalog_changed`. So a
version and the data it names commit together, on whichever server wrote them, and the
very next read on any server sees both.

- `Product.version` counts one product's changes: its strong ETag is `"<id>-<version>"`.
- The catalog version is the sum of a few counter rows (`CatalogVersion`). A single row
  would make every checkout on the machine wait for the one before it to commit; each
  thread bumps one of SLOTS rows instead, drawn at random once per thread, so writers on
  two threads wait for each other only when they drew the same row (1 chance in 16), and
  the sum still grows by one for every committed write. A row is created on first use
  with a starting value taken from the clock, so a wiped table (a test flush, a fresh
  database) never counts back through numbers an earlier catalog already used.
"""

import random
import threading
import time

from django.db import IntegrityError, connection, transaction
from django.db.models import F

from shop import versionchannel
from shop.models import CatalogVersion, Product

SLOTS = 16
_local = threading.local()


def _slot():
    slot = getattr(_local, "slot", None)
    if slot is None:
        slot = _local.slot = random.randrange(SLOTS)
    return slot


def catalog_changed():
    """Count one catalog change (call inside the writer's transaction.atomic)."""
    versionchannel.changed()
    slot = _slot()
    if CatalogVersion.objects.filter(slot=slot).update(value=F("value") + 1):
        return
    try:
        with transaction.atomic():
            CatalogVersion.objects.create(slot=slot, value=time.time_ns() // 1000)
    except IntegrityError:  # another writer created the row first
        CatalogVersion.objects.filter(slot=slot).update(value=F("value") + 1)


def products_changed(*product_ids):
    """Bump these products' versions and the catalog version (inside the writer's
    transaction.atomic; the product rows should already be locked or new)."""
    ids = sorted({pk for pk in product_ids if pk is not None})
    if ids:
        Product.objects.filter(pk__in=ids).update(version=F("version") + 1)
    catalog_changed()


def category_changed(category_id):
    """A category's name or flags show in each of its products' answers."""
    Product.objects.filter(category_id=category_id).update(version=F("version") + 1)
    catalog_changed()


# Every cached catalog read runs one of these two: plain SQL, as building the ORM query
# cost three times the query itself (docs/performance.md).
def _one_value(sql, params=()):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return row[0] if row else None


def catalog_version():
    """The current catalog version: as the process knows it (shop/versionchannel.py), else
    one small aggregate query."""
    known = versionchannel.known_version()
    if known is not None:
        return known
    version = int(_one_value(versionchannel.version_sql()))
    versionchannel.learned(version)
    return version


# product id -> (catalog version, product version read at it or later), in this process.
_product_versions: dict = {}
MAX_PRODUCT_VERSIONS = 200_000


def product_version(product_id):
    """The product's version, or None when there is no such product: one query, or none
    while the catalog version the product's was read at is still current (every product
    write moves the catalog version in its transaction)."""
    catalog = versionchannel.known_version(fill=True)
    if catalog is not None:
        kept = _product_versions.get(product_id)
        if kept is not None and kept[0] == catalog:
            return kept[1]
    table = connection.ops.quote_name(Product._meta.db_table)
    version = _one_value(f'SELECT "version" FROM {table} WHERE "id" = %s', [product_id])
    if catalog is not None and version is not None:
        if len(_product_versions) >= MAX_PRODUCT_VERSIONS:
            _product_versions.clear()
        _product_versions[product_id] = (catalog, version)
    return version


def product_etag(product_id, version):
    """A product's strong ETag, as answers send it and If-Match must name it."""
    return f'"{product_id}-{version}"'


def catalog_etag(version):
    return f'"catalog-{version}"'
