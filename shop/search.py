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
finds its product, and `%` and `_` are plain characters (docs/api.md, Catalog).

How: the database gives the products the list's filters allow that may match, as (id,
name, whether the name or description holds the text), in the list's order; the rule is
applied here to their names' words (rapidfuzz's optimal string alignment distance). On
PostgreSQL only the candidates pg_trgm's indexes give (`postgres_candidates`); on SQLite,
which serves development catalogs, every product the filters allow.
"""

import functools
import re
from collections.abc import Iterable, Sequence

from django.contrib.postgres.lookups import TrigramWordSimilar
from django.db import connection, transaction
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.db.models.functions import Upper
from rapidfuzz.distance import OSA

from shop.models import Product

# Meilisearch reads the first ten words of a query too.
MAX_QUERY_WORDS = 10
_WORD = re.compile(r"\w+")

# How one query word matched one name word: (edits, 1 if only as a prefix else 0).
Cost = tuple[int, int]
EXACT: Cost = (0, 0)
PREFIX: Cost = (0, 1)

# The lowest pg_trgm word similarity of a query word to a name word it matches, a little
# under the least found over every such edit of 27 words of 4 to 11 letters (2026-11-29).
# One edit (4 to 7 letters), by length, without a swap of neighbours: swaps, which cost the
# most trigrams ("mnit" keeps one of the five of "mint"), are matched apart as held
# (`_may_match`), so the index passes few names that are not found (at 0.2, every name
# with a word starting with the "m" of "mang"). Two edits (8 letters or more), swaps
# included: at least one of nine trigrams is left. A prefix of 4 letters or more keeps all
# its trigrams but the last.
SIMILARITY = {4: 0.24, 5: 0.3, 6: 0.35, 7: 0.4}
TWO_EDITS_SIMILARITY = 0.1


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def query_words(search: str) -> list[str]:
    """The distinct words of `search` that count, in their order."""
    return list(dict.fromkeys(words(search)))[:MAX_QUERY_WORDS]


def allowed_edits(word: str) -> int:
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


def word_cost(query_word: str, word: str) -> Cost | None:
    """How `query_word` matches the name word `word`, None when it does not."""
    if word.startswith(query_word):
        return EXACT if word == query_word else PREFIX
    limit = allowed_edits(query_word)
    if limit and abs(len(word) - len(query_word)) <= limit:
        edits = OSA.distance(query_word, word, score_cutoff=limit)
        if edits <= limit:
            return (edits, 0)
    return None


class _NameRule:
    """The rule for the words of one search against names, each name word's matches worked
    out once (a catalog's names share most of their words)."""

    def __init__(self, query_words: Sequence[str]) -> None:
        self.query_words = query_words
        # {name word: [(query word's index, cost)] for the query words it matches}
        self.matches: dict[str, list[tuple[int, Cost]]] = {}

    def _matches(self, word: str) -> list[tuple[int, Cost]]:
        found = self.matches[word] = [
            (n, cost)
            for n, query_word in enumerate(self.query_words)
            if (cost := word_cost(query_word, word)) is not None
        ]
        return found

    def cost(self, name: str) -> tuple[int, int] | None:
        """(edits summed, prefixes) of a name every query word matches, else None: each
        query word at its best among the name's words."""
        best: list[Cost | None] = [None] * len(self.query_words)
        for word in words(name):
            found = self.matches.get(word)
            if found is None:
                found = self._matches(word)
            for n, cost in found:
                held = best[n]
                if held is None or cost < held:
                    best[n] = cost
        matched = [cost for cost in best if cost is not None]
        if not matched or len(matched) < len(best):
            return None
        return sum(edits for edits, _ in matched), sum(prefix for _, prefix in matched)


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


def _literal(search: str) -> Q:
    """The name or description holds `search`, whatever the case: Django's icontains, which
    escapes `%`, `_` and `\\`; on PostgreSQL served by migration 0003's trigram indexes."""
    return Q(name__icontains=search) | Q(description__icontains=search)


def _may_match(query_word: str) -> Q:
    """PostgreSQL: names that may hold a word `query_word` matches, through the trigram
    index on UPPER(name). A word allowed edits: names near it by word similarity (`%>`,
    at `similarity_threshold`), which keeps its exact and prefix matches too, and for one
    edit those holding it with a swap of neighbours. A shorter word, or one with `_` (not
    part of a word to pg_trgm): names holding it."""
    edits = allowed_edits(query_word)
    if not edits or not query_word.isalnum():
        return Q(name__icontains=query_word)
    near = Q(TrigramWordSimilar(Upper("name"), query_word))
    if edits == 1:
        for i in range(len(query_word) - 1):
            swapped = query_word[:i] + query_word[i + 1] + query_word[i] + query_word[i + 2 :]
            near |= Q(name__icontains=swapped)
    return near


def postgres_candidates(
    products: QuerySet[Product], search: str
) -> QuerySet[Product, tuple[int, str, bool]]:
    """(id, name, holds the text) of the products of `products` the trigram indexes say
    `search` may find: every query word near a name word, or the text held. Read with the
    threshold `%>` needs (`_postgres_rows`)."""
    candidates = _literal(search)
    if words_ := query_words(search):
        # The words first: most rows found hold them, and an OR stops at its first truth.
        candidates = functools.reduce(Q.__and__, map(_may_match, words_)) | candidates
    return (
        products.filter(candidates)
        .annotate(held=ExpressionWrapper(_literal(search), output_field=BooleanField()))
        .values_list("id", "name", "held")
    )


def similarity_threshold(search: str) -> str:
    """The word similarity `%>` must reach to keep every name word within the rule, for
    the query word that needs the lowest."""
    needs = [
        SIMILARITY.get(len(word), TWO_EDITS_SIMILARITY)
        for word in query_words(search)
        if allowed_edits(word)
    ]
    return str(min(needs, default=SIMILARITY[4]))


def _postgres_rows(products: QuerySet[Product], search: str) -> list[tuple[int, str, bool]]:
    # The threshold `%>` reads, local to this transaction (a pooler may give the next
    # transaction another server connection); no savepoint in a caller's transaction.
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        cursor.execute(
            "SELECT set_config('pg_trgm.word_similarity_threshold', %s, true)",
            [similarity_threshold(search)],
        )
        return list(postgres_candidates(products, search))


def _rows(products: QuerySet[Product], search: str) -> Iterable[tuple[int, str, bool]]:
    """(id, name, holds the text) of the products of `products` that `search` may find, in
    its order."""
    products = products.prefetch_related(None)
    if connection.vendor == "postgresql":
        # Production's catalog: only the candidates its trigram indexes give.
        return _postgres_rows(products, search)
    # SQLite serves development catalogs: every product the filters allow, read here, and
    # the text compared here too, as PostgreSQL's UPPER() folds case (SQLite's LIKE folds
    # ASCII letters only).
    text = capitals(search)
    return (
        (pk, name, text in capitals(name) or text in capitals(description))
        for pk, name, description in products.values_list("id", "name", "description")
    )


def search_ids(products: QuerySet[Product], search: str, *, sort: str = "") -> list[int]:
    """The ids of `products` (product_list's, with the list's filters, in the order of its
    `sort`) that `search` (not empty, as clean_search left it) finds: those found by their
    names' words best first, then those that only hold the text, newest first (the
    module's docstring has the rule); or, with `sort`, all of them in the list's order."""
    if not search:
        return []
    rule = _NameRule(query_words(search))
    rows = _rows(products, search)
    if sort:
        # Both kinds together, in the list's order: a name holding the text needs no rule.
        return [pk for pk, name, held in rows if held or rule.cost(name) is not None]
    # (0, edits, prefixes) for a product its name's words find, (1, 0, 0) for one that only
    # holds the text.
    found: list[tuple[tuple[int, int, int], int]] = []
    for pk, name, held in rows:
        cost = rule.cost(name)
        if cost is not None:
            found.append(((0, *cost), pk))
        elif held:
            found.append(((1, 0, 0), pk))
    # Stable: ties keep the list's order, newest first.
    found.sort(key=lambda item: item[0])
    return [pk for _, pk in found]
