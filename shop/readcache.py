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
("products", catalog, category, search, stock, page, limit), and per list the counts its
pages share: ("matches", catalog, category, search), ("count", catalog, category, search,
stock).
"""

import time
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any, TypeVar

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
    version: int, *, category: str, search: str, stock: str, page: int, limit: int
) -> tuple[bytes, str]:
    """A page of the product list at catalog `version`, filters as the selectors cleaned them."""
    # Query values are free for anyone to invent, and each new one would be a new entry: a
    # category that names nothing is answered afresh, counts included, never kept (the
    # answer is the same empty page); searches are at most 200 characters.
    known = _known_category(version, category)
    key = ("products", version, category, search, stock, page, limit)
    body = answers.get(key)
    if body is None:
        answer = _product_page(
            version,
            category=category,
            search=search,
            stock=stock,
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


def _product_page(
    version: int, *, category: str, search: str, stock: str, page: int, limit: int, keep: bool
) -> dict[str, Any]:
    # Counts are kept per catalog version and filter, so only a list's first page counts.
    matches_key = ("matches", version, category, search)

    def count_matches(matches: QuerySet[Product]) -> int:
        return _kept(matches_key, matches.order_by().count, keep=keep)

    products = selectors.product_list(category=category, search=search, count=count_matches)
    products = selectors.products_by_stock(products, stock=stock)
    total = _kept(
        ("count", version, category, search, stock),
        partial(_list_total, products, matches_key, stock),
        keep=keep,
    )
    return page_answer(
        products,
        page=page,
        limit=limit,
        total=total,
        key="products",
        serialize=selectors.product_answers,
    )


def _list_total(products: QuerySet[Product], matches_key: Hashable, stock: str) -> int:
    # Without a stock filter, a search with substring matches lists just them, already
    # counted; none means the typo fallback (or nothing), counted here.
    return (not stock and answers.get(matches_key)) or products.count()
