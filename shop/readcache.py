"""The catalog's cached reads: rendered answers that do not depend on who asks (categories,
product pages, product lists), each returned as (JSON bytes, ETag), kept in Django's cache
(`default`: shared by every process and server) under the version they were built at.
shop/versioning.py says how the versions move and why an answer is never older than its key.

Keys (each holds or names the version it was built at; query values only through a digest, so a key
is short whatever was asked):
  catalog:categories:<catalog>        the categories' answer
  catalog:category-ids:<catalog>      which category ids exist
  catalog:product:<id>:<version>      one product's answer, at its own version
  catalog:page:<digest>               a page of the list (filters, page, limit) with the
                                      catalog version it was built at: read in one go with
                                      the version, served only if the two match
  catalog:found:<catalog>:<digest>    a search's ids, best first or in `sort`'s order
  catalog:count:<catalog>:<digest>    a list's count (the other lists)

What an invented query can store: a category that names nothing and a page past the end are
answered afresh and never kept (the answer is the same empty page); a search is at most 200
characters and its keys a fixed length. Every entry expires after CATALOG_ANSWER_MAX_AGE
seconds, and the cache itself is bounded (Redis's maxmemory, docs/deploy.md; the database
table's MAX_ENTRIES, config/settings/base.py).

When the cache has no catalog version (Redis down) a list is built from the database, kept
nowhere and sent without an ETag; a product page still has its version from its row.
"""

import hashlib
from array import array
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db.models import QuerySet

from common import metrics
from common.pagination import page_answer
from common.renderers import dumps
from shop import answers, selectors, versioning
from shop.models import Product
from shop.serializers import CategorySerializer
from shop.versioning import catalog_etag, product_etag

T = TypeVar("T")


def _kept(key: str | None, build: Callable[[], T]) -> T:
    """The value under `key`, or build() stored there (never None); a None key keeps
    nothing."""
    if key is None:
        return build()
    value = cache.get(key)
    if value is not None:
        metrics.catalog_cache_hit()
        return value
    metrics.catalog_cache_miss()
    value = build()
    cache.set(key, value, settings.CATALOG_ANSWER_MAX_AGE)
    return value


def _digest(*values: Any) -> str:
    return hashlib.sha256(repr(values).encode()).hexdigest()[:32]


def category_list_answer(version: str | None) -> tuple[bytes, str | None]:
    """The categories in display order at catalog `version` (None: no cache)."""
    key = f"catalog:categories:{version}" if version else None
    return _kept(key, _categories_body), catalog_etag(version) if version else None


def _categories_body() -> bytes:
    return dumps(CategorySerializer(selectors.category_list(), many=True).data)


def product_answer(product_id: int, version: int) -> tuple[bytes, str]:
    """One product, read at `version` or newer: the ETag names the version read with the data."""
    body = cache.get(f"catalog:product:{product_id}:{version}")
    if body is None:
        metrics.catalog_cache_miss()
        answer, version = answers.product_answer(product_id=product_id)
        body = dumps(answer)
        # Keyed by the version read with the data, which may be newer than the first.
        cache.set(f"catalog:product:{product_id}:{version}", body, settings.CATALOG_ANSWER_MAX_AGE)
    else:
        metrics.catalog_cache_hit()
    return body, product_etag(product_id, version)


class ListFilters(NamedTuple):
    category: str
    search: str
    stock: str
    in_stock: bool
    sort: str


class ListPage(NamedTuple):
    """What product_list_answer needs, read in one round trip to the cache."""

    version: str | None  # the catalog version (None: the cache is down)
    key: str
    kept: bytes | None  # the page's answer kept at `version`, if there is one


def list_page(filters: ListFilters, *, page: int, limit: int) -> ListPage:
    """The catalog version and the page's kept answer (if built at that version), in one
    read of the cache. Its key holds no version: a page built at another one is rebuilt."""
    key = f"catalog:page:{_digest(*filters, page, limit)}"
    version, kept = versioning.catalog_version_and(key)
    body = kept[1] if kept is not None and version is not None and kept[0] == version else None
    return ListPage(version, key, body)


def product_list_answer(
    found: ListPage, filters: ListFilters, *, page: int, limit: int
) -> tuple[bytes, str | None]:
    """A page of the product list (`found`: list_page's read), filters as the selectors
    cleaned them."""
    version = found.version
    if found.kept is not None:
        metrics.catalog_cache_hit()
        return found.kept, catalog_etag(version) if version else None
    metrics.catalog_cache_miss()
    # Only queries that name something are kept: a category that does not exist answers
    # the same empty page as ever, built afresh.
    keep = version is not None and _known_category(version, filters.category)
    answer = _product_page(version if keep else None, filters, page=page, limit=limit)
    body = dumps(answer)
    # A page past the end is the same empty page whatever its number: not kept either.
    if keep and page <= max(answer["pagination"]["totalPages"], 1):
        cache.set(found.key, (version, body), settings.CATALOG_ANSWER_MAX_AGE)
    return body, catalog_etag(version) if version else None


def _known_category(version: str, category: str) -> bool:
    """No category, or one that exists at `version`."""
    if not category:
        return True
    return category in _kept(f"catalog:category-ids:{version}", _category_ids)


def _category_ids() -> frozenset[str]:
    return frozenset(selectors.category_list().values_list("pk", flat=True))


def _product_page(
    version: str | None, filters: ListFilters, *, page: int, limit: int
) -> dict[str, Any]:
    # What a list's pages share is kept per catalog version and filters, so only a list's
    # first page counts (or searches). No version: nothing is kept.
    category, search, stock, in_stock, sort = filters
    products = selectors.product_list(category=category, sort=sort)
    products = selectors.products_by_stock(products, stock=stock)
    products = selectors.products_in_stock(products, in_stock=in_stock)
    if search:
        found = _kept(
            f"catalog:found:{version}:{_digest(*filters)}" if version else None,
            lambda: _found(products, filters),
        )
        answer = page_answer(
            selectors.FoundProducts(found),
            page=page,
            limit=limit,
            total=len(found),
            key="products",
            serialize=answers.product_answers,
        )
        answer["suggestions"] = [] if found else selectors.product_suggestions(products, search)
        return answer
    total = _kept(
        f"catalog:count:{version}:{_digest(category, stock, in_stock)}" if version else None,
        products.order_by().count,
    )
    answer = page_answer(
        products,
        page=page,
        limit=limit,
        total=total,
        key="products",
        serialize=answers.product_answers,
    )
    answer["suggestions"] = []  # only a search suggests
    return answer


def _found(products: QuerySet[Product], filters: ListFilters) -> array:
    ids = selectors.product_search(
        products,
        filters.search,
        category=filters.category,
        in_stock=filters.in_stock,
        stock=filters.stock,
        sort=filters.sort,
    )
    # An array of machine integers: 8 bytes an id, stored as such.
    return array("q", ids)
