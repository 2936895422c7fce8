"""The catalog's cached reads: rendered answers that do not depend on who asks (categories,
product pages, products), each returned as (JSON bytes, ETag) and reused while the version
it was built at is current. The writers that move those versions are in shop/versioning.py.

Each gunicorn process keeps its own copy, bounded in bytes, keyed by the catalog or product
version that a request reads from the database first. A write moves the version in its own
transaction, so the next request on any process or server reads the new version and builds
a fresh answer; old entries are never read again and age out. The version is read before
the data, so an entry is never older than its key. Every byte an entry keeps counts against
MAX_BYTES, its key's query strings included (common/lru.py), and a query value that names
nothing (a made-up category, a page past the end) makes no entry: a flood of invented values
cannot grow a process past the bound. docs/performance.md has the figures against a shared
cache (Redis or the database), which would add a round trip per request to save work that
is already this cheap.

Keys (every one starts with what it caches and holds the version it was built at):
("categories", catalog), ("category ids", catalog), ("product", id, product version),
("products", catalog, category, search, stock, inStock, sort, page, limit), and per list
what its pages share: a search's ids, best first or in `sort`'s order ("found", catalog,
category, search, stock, inStock, sort), and the others' count ("count", catalog, category,
stock, inStock).
"""

import time
from array import array
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any, NamedTuple, TypeVar

from django.conf import settings
from django.db.models import QuerySet

from common import metrics
from common.lru import BytesLRU
from common.pagination import page_answer
from common.renderers import dumps
from shop import selectors
from shop.models import Product
from shop.serializers import CategorySerializer
from shop.versioning import catalog_etag, product_etag

MAX_BYTES = 16 * 1024 * 1024
T = TypeVar("T")


class Answers(BytesLRU):
    """Counts hits and misses for /metrics, and lets an entry expire: with signed media URLs
    (AWS_QUERYSTRING_AUTH) an answer must not outlive the links it holds, however long the
    catalog stays unchanged (settings.CATALOG_ANSWER_MAX_AGE)."""

    def get(self, key: Hashable, default: Any = None) -> Any:
        entry = super().get(key)
        if entry is None or (entry[0] is not None and time.monotonic() >= entry[0]):
            metrics.catalog_cache_miss()
            return default
        metrics.catalog_cache_hit()
        return entry[1]

    def set(self, key: Hashable, value: Any) -> None:
        max_age = settings.CATALOG_ANSWER_MAX_AGE
        super().set(key, (time.monotonic() + max_age if max_age else None, value))


answers = Answers(MAX_BYTES)


def clear() -> None:
    answers.clear()


def category_list_answer(version: int) -> tuple[bytes, str]:
    """The categories in display order at catalog `version`."""
    body = answers.get_or_set(("categories", version), _categories_body)
    return body, catalog_etag(version)


def _categories_body() -> bytes:
    return dumps(CategorySerializer(selectors.category_list(), many=True).data)


def product_answer(product_id: int, version: int) -> tuple[bytes, str]:
    """One product, read at `version` or newer: the ETag names the version read with the data."""
    body = answers.get(("product", product_id, version))
    if body is None:
        answer, version = selectors.product_answer(product_id=product_id)
        body = dumps(answer)
        # Keyed by the version read with the data, which may be newer than the first.
        answers.set(("product", product_id, version), body)
    return body, product_etag(product_id, version)


def product_list_answer(
    version: int,
    *,
    category: str,
    search: str,
    stock: str,
    page: int,
    limit: int,
    in_stock: bool = False,
    sort: str = "",
) -> tuple[bytes, str]:
    """A page of the product list at catalog `version`, filters as the selectors cleaned them."""
    # Query values are free for anyone to invent, and each new one would be a new entry: a
    # category that names nothing is answered afresh, counts included, never kept (the
    # answer is the same empty page); searches are at most 200 characters.
    known = _known_category(version, category)
    key = ("products", version, category, search, stock, in_stock, sort, page, limit)
    body = answers.get(key)
    if body is None:
        answer = _product_page(
            version,
            ListFilters(category, search, stock, in_stock, sort),
            page=page,
            limit=limit,
            keep=known,
        )
        body = dumps(answer)
        # A page past the end is the same empty page whatever its number: not kept either.
        if known and page <= max(answer["pagination"]["totalPages"], 1):
            answers.set(key, body)
    return body, catalog_etag(version)


def _known_category(version: int, category: str) -> bool:
    """No category, or one that exists at `version`."""
    if not category:
        return True
    return category in answers.get_or_set(("category ids", version), _category_ids)


def _category_ids() -> frozenset[str]:
    return frozenset(selectors.category_list().values_list("pk", flat=True))


def _kept(key: Hashable, build: Callable[[], T], *, keep: bool) -> T:
    return answers.get_or_set(key, build) if keep else build()


class ListFilters(NamedTuple):
    category: str
    search: str
    stock: str
    in_stock: bool
    sort: str


def _product_page(
    version: int, filters: ListFilters, *, page: int, limit: int, keep: bool
) -> dict[str, Any]:
    # What a list's pages share is kept per catalog version and filters, so only a list's
    # first page counts (or searches).
    category, search, stock, in_stock, sort = filters
    products = selectors.product_list(category=category, sort=sort)
    products = selectors.products_by_stock(products, stock=stock)
    products = selectors.products_in_stock(products, in_stock=in_stock)
    if search:
        found = _kept(
            ("found", version, *filters),
            partial(_found, products, filters),
            keep=keep,
        )
        return page_answer(
            selectors.FoundProducts(found),
            page=page,
            limit=limit,
            total=len(found),
            key="products",
            serialize=selectors.product_answers,
        )
    total = _kept(
        ("count", version, category, stock, in_stock), products.order_by().count, keep=keep
    )
    return page_answer(
        products,
        page=page,
        limit=limit,
        total=total,
        key="products",
        serialize=selectors.product_answers,
    )


def _found(products: QuerySet[Product], filters: ListFilters) -> array:
    ids = selectors.product_search(
        products,
        filters.search,
        category=filters.category,
        in_stock=filters.in_stock,
        stock=filters.stock,
        sort=filters.sort,
    )
    # An array of machine integers: 8 bytes an id in the cache's byte count.
    return array("q", ids)
