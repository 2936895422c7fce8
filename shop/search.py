"""The product search: which products a search text finds and in which order, the same on
SQLite and on PostgreSQL (docs/performance.md, "Search"; docs/api.md, Products).

The rule is Meilisearch's and Typesense's, on the words of product names. Every query word
must match a word of the name, in any order:
- exactly, or as the start of a name word (a prefix: "vapor" finds "Vaporizer");
- or, for a query word of 4 to 7 letters, one edit away, of 8 letters or more two edits away
  (an edit: a letter inserted, deleted, replaced, or two neighbours swapped; the optimal
  string alignment distance). A word of 3 letters or fewer forgives nothing: three letters
  have too many neighbours one edit away ("bar" would find "car", "bat" and "ear"), so
  "gek" does not find "Geek".
Products rank by their edits summed over the query words, then by how many query words
only matched as a prefix (exact words first), then in the list's order (newest first).
A product whose name or description holds the whole search text (surrounding spaces
dropped) as a literal, case-insensitive substring is found too, after every product found by
its name's words, newest first: "eek b" finds "Geek Bar", a word only a description holds
finds its product, and `%` and `_` are plain characters (docs/api.md, Catalog). On SQLite
that part is a scan of every row (docs/performance.md, "Search").

Where the candidate names come from:
- PostgreSQL: names close to every query word through the trigram GIN index on UPPER(name)
  of migration 0003 (`%>`, word similarity), at a threshold low enough to keep every name
  within the rule (below); the rule itself is then applied here, in Python (`rank_rows`).
- SQLite: an index of the newest MAX_INDEXED_PRODUCTS names in this process (`catalog_index`),
  rebuilt when the catalog version moves (shop/versioning.py).
"""

import bisect
import functools
import json
import re
import threading
from array import array
from collections import defaultdict
from collections.abc import Iterable, Sequence

from django.db import connection, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.db.models.expressions import RawSQL
from rapidfuzz import process
from rapidfuzz.distance import OSA

from shop import versioning
from shop.models import Product

# Meilisearch reads the first ten words of a query too; each word scans the vocabulary.
MAX_QUERY_WORDS = 10
# Bounds the SQLite index: 31.8 MB at 100,000 names (docs/performance.md, "Search").
MAX_INDEXED_PRODUCTS = 200_000
# pg_trgm's word similarity of a query word of 4 letters or more to a name one edit away is
# at least 0.2 (a swap in "mint" leaves one of the five trigrams of "mnit"); two edits from
# a word of 8 letters or more leave at least one of its nine or more, over 0.1. A prefix of
# 4 letters or more keeps all its trigrams but the last. The default threshold of 0.6 kept
# under a third of such names (docs/performance.md, "Search").
ONE_EDIT_SIMILARITY = 0.2
TWO_EDITS_SIMILARITY = 0.1

_WORD = re.compile(r"\w+")

# How one query word matched one name word: (edits, 1 if only as a prefix else 0).
Cost = tuple[int, int]
EXACT: Cost = (0, 0)
PREFIX: Cost = (0, 1)


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def query_words(search: str) -> list[str]:
    """The distinct words of `search` that count, in their order."""
    return list(dict.fromkeys(words(search)))[:MAX_QUERY_WORDS]


def allowed_edits(word: str) -> int:
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


def _kind(word: str) -> str:
    if word.isdigit():
        return "digits"
    return "mixed" if any(c.isdigit() for c in word) else "letters"


# A query word shares no character with a name word of a kind it cannot reach: it is then
# as many edits away as the longer of the two has characters, more than any budget.
# Skipping them keeps a word from scanning every number (sizes, codes).
_REACHABLE = {
    "letters": ("letters", "mixed"),
    "digits": ("digits", "mixed"),
    "mixed": ("letters", "digits", "mixed"),
}


class NameIndex:
    """Product ids and the words of their names, from rows (id, category id, name) in the
    list's order (newest first)."""

    def __init__(self, rows: Iterable[tuple[int, str, str]]) -> None:
        self.ids = array("q")
        self.categories: list[str] = []
        postings: dict[str, list[int]] = defaultdict(list)
        for position, (pk, category, name) in enumerate(rows):
            self.ids.append(pk)
            self.categories.append(category)
            for word in set(words(name)):
                postings[word].append(position)
        self.postings = dict(postings)
        # Sorted, for prefixes; and {kind: {length: [name words]}} for typos: a word within
        # two edits is within two letters of the query word's length.
        self.sorted_words = sorted(self.postings)
        self.vocabulary: dict[str, dict[int, list[str]]] = {
            kind: defaultdict(list) for kind in _REACHABLE
        }
        for word in self.sorted_words:
            self.vocabulary[_kind(word)][len(word)].append(word)

    def __len__(self) -> int:
        return len(self.ids)

    def matching_words(self, query_word: str) -> dict[str, Cost]:
        """{name word: cost} for the name words `query_word` matches."""
        found: dict[str, Cost] = {}
        start = bisect.bisect_left(self.sorted_words, query_word)
        for word in self.sorted_words[start:]:
            if not word.startswith(query_word):
                break
            found[word] = EXACT if word == query_word else PREFIX
        limit, size = allowed_edits(query_word), len(query_word)
        if not limit:
            return found
        for kind in _REACHABLE[_kind(query_word)]:
            for length, group in self.vocabulary[kind].items():
                if abs(length - size) <= limit:
                    for word, edits, _ in process.extract(
                        query_word, group, scorer=OSA.distance, score_cutoff=limit, limit=None
                    ):
                        found.setdefault(word, (edits, 0))
        return found

    def matching_positions(self, query_word: str) -> dict[int, Cost]:
        """{position: cost} of the names holding a word `query_word` matches, each at its
        lowest cost."""
        costs: dict[int, Cost] = {}
        for word, cost in self.matching_words(query_word).items():
            for position in self.postings[word]:
                if position not in costs or cost < costs[position]:
                    costs[position] = cost
        return costs

    def _costs(self, query_words: Sequence[str]) -> dict[int, Cost]:
        """{position: summed cost} of the names matching every query word."""
        total: dict[int, Cost] | None = None
        for query_word in query_words:
            costs = self.matching_positions(query_word)
            if total is not None:
                costs = {
                    p: (edits + total[p][0], prefix + total[p][1])
                    for p, (edits, prefix) in costs.items()
                    if p in total
                }
            total = costs
            if not total:
                return {}
        return total or {}

    def search(self, query_words: Sequence[str], *, category: str = "") -> list[int]:
        """The ids of the products whose names match every query word, best first (fewest
        edits, fewest prefixes, then the index's order)."""
        if not query_words:
            return []
        total = self._costs(query_words)
        # Positions grouped by cost and sorted as plain integers: a sort with a key
        # function took 24 ms for 6,000 names.
        groups: dict[Cost, list[int]] = defaultdict(list)
        for position, cost in total.items():
            if not category or self.categories[position] == category:
                groups[cost].append(position)
        ids = self.ids
        found: list[int] = []
        for cost in sorted(groups):
            found += [ids[p] for p in sorted(groups[cost])]
        return found


def word_cost(query_word: str, word: str) -> Cost | None:
    """How `query_word` matches the name word `word`, None when it does not: the rule of
    NameIndex.matching_words for one pair."""
    if word.startswith(query_word):
        return EXACT if word == query_word else PREFIX
    limit = allowed_edits(query_word)
    if limit and abs(len(word) - len(query_word)) <= limit:
        edits = OSA.distance(query_word, word, score_cutoff=limit)
        if edits <= limit:
            return (edits, 0)
    return None


def _name_cost(name: str, memos: list[tuple[str, dict[str, Cost | None]]]) -> Cost | None:
    """A name's summed cost over the query words, None when one of them matches no word."""
    name_words = set(words(name))
    edits = prefixes = 0
    for query_word, memo in memos:
        best: Cost | None = None
        for word in name_words:
            if word not in memo:
                memo[word] = word_cost(query_word, word)
            cost = memo[word]
            if cost is not None and (best is None or cost < best):
                best = cost
        if best is None:
            return None
        edits, prefixes = edits + best[0], prefixes + best[1]
    return (edits, prefixes)


def rank_rows(rows: Iterable[tuple[int, str]], query_words: Sequence[str]) -> list[int]:
    """The ids of rows (id, name), in the list's order, whose names match every query word,
    best first: NameIndex.search's answer without building an index, for a few thousand
    candidates (each distinct name word is compared once per query word)."""
    memos: list[tuple[str, dict[str, Cost | None]]] = [(q, {}) for q in query_words]
    groups: dict[Cost, list[int]] = defaultdict(list)
    for pk, name in rows:
        cost = _name_cost(name, memos)
        if cost is not None:
            groups[cost].append(pk)
    return [pk for cost in sorted(groups) for pk in groups[cost]]


_index: tuple[int, NameIndex] | None = None
_index_lock = threading.Lock()


def catalog_index() -> NameIndex:
    """The NameIndex of the current catalog version in this process, built on first use
    after the version moved (one query); only the latest is kept."""
    global _index
    version = versioning.catalog_version()
    kept = _index
    if kept is not None and kept[0] == version:
        return kept[1]
    with _index_lock:
        if _index is None or _index[0] != version:
            rows = Product.objects.order_by("-created_at", "-id").values_list(
                "id", "category_id", "name"
            )[:MAX_INDEXED_PRODUCTS]
            _index = (version, NameIndex(rows))
        return _index[1]


def clear() -> None:
    global _index
    _index = None


def ids_in(ids: Sequence[int]) -> RawSQL:
    """A filter on products whose id is one of `ids`, as one query parameter whatever
    their number (a search can find tens of thousands)."""
    if connection.vendor == "postgresql":
        return RawSQL('"shop_product"."id" = ANY(%s)', [list(ids)], output_field=BooleanField())
    sql = '"shop_product"."id" IN (SELECT value FROM json_each(%s))'
    return RawSQL(sql, [json.dumps(list(ids))], output_field=BooleanField())


def postgres_candidates(products: QuerySet[Product], query_words: Sequence[str]) -> QuerySet:
    """`products` whose names may match every query word, served by the trigram index."""
    conditions: list[Q | RawSQL] = []
    for word in query_words:
        if allowed_edits(word):
            sql = 'UPPER("shop_product"."name") %%> UPPER(%s)'
            conditions.append(RawSQL(sql, [word], output_field=BooleanField()))
        else:
            conditions.append(Q(name__icontains=word))
    return products.filter(*conditions).order_by("-created_at", "-id")


def _postgres_search(
    products: QuerySet[Product], query_words: Sequence[str], search: str
) -> tuple[list[int], list[int]]:
    """-> (ids found by their names' words, best first; ids that only hold the search text
    literally, newest first): one query, the candidates and the literal matches together."""
    threshold = ONE_EDIT_SIMILARITY
    if query_words and max(allowed_edits(word) for word in query_words) == 2:
        threshold = TWO_EDITS_SIMILARITY
    literal = _literal(search)
    candidates = postgres_candidates(products, query_words) if query_words else products.none()
    with transaction.atomic():
        with connection.cursor() as cursor:
            # Local to this transaction: `%>` reads it.
            cursor.execute(
                "SELECT set_config('pg_trgm.word_similarity_threshold', %s, true)",
                [str(threshold)],
            )
        rows = list(
            (candidates | products.filter(literal))
            .annotate(literal=ExpressionWrapper(literal, output_field=BooleanField()))
            .order_by("-created_at", "-id")
            .values_list("id", "name", "literal")
        )
    found = rank_rows(((pk, name) for pk, name, _ in rows), query_words) if query_words else []
    seen = set(found)
    return found, [pk for pk, _, held in rows if held and pk not in seen]


def _literal(search: str) -> Q | RawSQL:
    """The name or description holds `search`, whatever the case. PostgreSQL (and SQLite
    for ASCII text): Django's icontains, which escapes `%`, `_` and `\\`; on PostgreSQL
    served by the trigram indexes on UPPER(name) and UPPER(description) of migration 0003.
    SQLite's LIKE folds ASCII letters only, so other text is compared in capitals as
    PostgreSQL's UPPER() makes them (`capitals`)."""
    if connection.vendor == "postgresql" or search.isascii():
        return Q(name__icontains=search) | Q(description__icontains=search)
    sql = (
        'instr(shop_upper("shop_product"."name"), %s)'
        ' OR instr(shop_upper("shop_product"."description"), %s)'
    )
    text = capitals(search)
    return RawSQL(sql, [text, text], output_field=BooleanField())


@functools.cache
def _capitals_table() -> dict[int, str]:
    """The letters with a one-letter capital, and it: PostgreSQL's UPPER() leaves the others
    ("ß") as they are, where Python's upper() makes "SS" of it. Built on first use (50 ms)."""
    return {
        code: capital
        for code in range(0x1E944)
        if len(capital := chr(code).upper()) == 1 and capital != chr(code)
    }


def capitals(text: str) -> str:
    """`text` in capitals as PostgreSQL's UPPER() writes them, letter for letter."""
    upper = text.upper()
    # No letter became two: the common case, without the slower table.
    return upper if len(upper) == len(text) else text.translate(_capitals_table())


def register_sqlite_functions(
    sender: object, connection: BaseDatabaseWrapper, **kwargs: object
) -> None:
    """shop_upper() for the substring part of a search on SQLite (`_literal`); connected to
    connection_created by shop/apps.py."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("shop_upper", 1, _shop_upper, deterministic=True)


def _shop_upper(text: str | None) -> str | None:
    return None if text is None else capitals(text)


def search_ids(
    products: QuerySet[Product], search: str, *, category: str = "", filtered: bool = False
) -> list[int]:
    """The ids of `products` (filtered by `category`, and by more when `filtered`) that
    `search` (not empty, as shop/selectors.py clean_search left it) finds: those found by
    their names' words best first, then those that only hold the text, newest first (the
    module's docstring has the rule)."""
    if not search:
        return []
    words_ = query_words(search)
    if connection.vendor == "postgresql":
        found, literal = _postgres_search(products, words_, search)
        return found + literal
    found = catalog_index().search(words_, category=category) if words_ else []
    if filtered and found:
        kept = set(products.filter(ids_in(found)).values_list("id", flat=True))
        found = [pk for pk in found if pk in kept]
    seen = set(found)
    held = products.filter(_literal(search)).order_by("-created_at", "-id")
    return found + [pk for pk in held.values_list("id", flat=True) if pk not in seen]
