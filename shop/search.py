"""The product search: which products a search text finds and in which order, the same on
SQLite and on PostgreSQL (docs/performance.md, "Search"; docs/api.md, Products).

The rule is Meilisearch's and Typesense's, on the words of product names. Every query word
must match a word of the name, or two neighbouring words of it typed together ("geekbar"
finds "Geek Bar", "whipit" "Whip-It"), in any order:
- exactly, or as the start of a name word (a prefix: "vapor" finds "Vaporizer");
- or, for a query word of 4 to 7 letters, one edit away, of 8 letters or more two edits away
  (an edit: a letter inserted, deleted, replaced, or two neighbours swapped; the optimal
  string alignment distance). A word of 3 letters forgives one edit only beside other
  words ("gek bar" and "geek bra" find "Geek Bar"): alone, three letters have too many
  neighbours one edit away ("bar" would find "car", "bat" and "ear"), so "gek" finds
  nothing. Shorter words forgive nothing.
Products rank by their edits summed over the query words, then by how many query words
only matched as a prefix (exact words first), then in the list's order (newest first).
A product whose name or description holds the whole search text (surrounding spaces
dropped) as a literal, case-insensitive substring is found too, after every product found by
its name's words, newest first: "eek b" finds "Geek Bar", a word only a description holds
finds its product, and `%` and `_` are plain characters (docs/api.md, Catalog).

A number (a word of digits) forgives nothing either: one edit from a number is another
number.

When a search finds nothing, `suggestions` offers the names of up to three products that
the search finds once each of its words is replaced by the nearest word of the catalog's.

How: the rule is applied here to words (rapidfuzz's optimal string alignment distance).
On PostgreSQL, the query words' typos are first looked up among the catalog's distinct name
words and neighbouring pairs of them (`SearchWord`, numbers left out: `typo_words`), then
the database gives only the
products whose name holds every query word or one of its typos, or that hold the whole
text (`postgres_candidates`, through pg_trgm's indexes of migration 0003), in the list's
order; the rule is applied to their names' words, and whether the text is held is asked
only for the few names it does not find (`_holding`). On SQLite, which serves development
catalogs, the rule reads every product the filters allow.
"""

import functools
import re
from collections.abc import Iterable, Sequence
from itertools import pairwise
from operator import itemgetter

from django.db import connection
from django.db.models import Case, Q, QuerySet, Value, When
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from shop.models import Product, SearchWord

# Meilisearch reads the first ten words of a query too.
MAX_QUERY_WORDS = 10
_WORD = re.compile(r"\w+")

# How one query word matched one name word: (edits, 1 if only as a prefix else 0).
Cost = tuple[int, int]
EXACT: Cost = (0, 0)
PREFIX: Cost = (0, 1)


def words(text: str) -> list[str]:
    lowered = text.lower()
    if lowered.replace(" ", "").isalnum():
        # Word characters and spaces only, most names: the same words, split twice as fast
        # (a search runs this over thousands of names).
        return lowered.split()
    return _WORD.findall(lowered)


def _joined(name_words: Sequence[str]) -> list[tuple[str, str]]:
    """Neighbouring words of a name, numbers left out: a shopper may type them together."""
    return [
        (first, second)
        for first, second in pairwise(name_words)
        if not first.isdecimal() and not second.isdecimal()
    ]


def recorded_words(name: str) -> set[str]:
    """What `record_words` keeps of a name: its words and its neighbouring pairs ("geek bar"),
    numbers left out."""
    name_words = words(name)
    found = {word for word in name_words if not word.isdecimal()}
    return found | {f"{first} {second}" for first, second in _joined(name_words)}


def record_words(names: Iterable[str]) -> None:
    """Record the words of `names` (a product's name was saved) and their neighbouring pairs,
    for the look-up of typos and of words typed together (`typo_words`) and for
    `suggestions`; those recorded already stay."""
    found = sorted(set().union(*map(recorded_words, names)))
    if found:
        SearchWord.objects.bulk_create(
            [SearchWord(word=word) for word in found], ignore_conflicts=True
        )


def query_words(search: str) -> list[str]:
    """The distinct words of `search` that count, in their order."""
    return list(dict.fromkeys(words(search)))[:MAX_QUERY_WORDS]


def allowed_edits(word: str, *, beside_others: bool = False) -> int:
    """Edits `word` forgives; `beside_others`: the query has other words too."""
    if word.isdecimal() or len(word) < 3:
        return 0
    if len(word) == 3:
        return 1 if beside_others else 0
    return 1 if len(word) < 8 else 2


def word_cost(query_word: str, word: str, *, beside_others: bool = False) -> Cost | None:
    """How `query_word` matches the name word `word`, None when it does not."""
    if word.startswith(query_word):
        return EXACT if word == query_word else PREFIX
    limit = allowed_edits(query_word, beside_others=beside_others)
    # Nor is a name word that is a number found by a typo (`record_words` leaves them out).
    if limit and abs(len(word) - len(query_word)) <= limit and not word.isdecimal():
        edits = OSA.distance(query_word, word, score_cutoff=limit)
        if edits <= limit:
            return (edits, 0)
    return None


def _tokens(name: str) -> list[str]:
    """A name's words, then its neighbouring words joined ("geekbar")."""
    name_words = words(name)
    if len(name_words) > 1:
        name_words += [first + second for first, second in _joined(name_words)]
    return name_words


class _NameRule:
    """The rule for the words of one search against names, each name word's matches worked
    out once (a catalog's names share most of their words)."""

    def __init__(self, query_words: Sequence[str]) -> None:
        self.query_words = query_words
        self.beside_others = len(query_words) > 1
        self.skip_numbers = not any(word.isdecimal() for word in query_words)
        # {name word: [(query word's index, cost)] for the query words it matches}
        self.matches: dict[str, list[tuple[int, Cost]]] = {}

    def _matches(self, word: str) -> list[tuple[int, Cost]]:
        found = self.matches[word] = [
            (n, cost)
            for n, query_word in enumerate(self.query_words)
            if (cost := word_cost(query_word, word, beside_others=self.beside_others)) is not None
        ]
        return found

    def cost(self, name: str) -> tuple[int, int] | None:
        """(edits summed, prefixes) of a name every query word matches, else None: each
        query word at its best among the name's words."""
        # Run for each of thousands of names: plain loops, no generators.
        best: dict[int, Cost] = {}
        for word in _tokens(name):
            found = self.matches.get(word)
            if found is None:
                if self.skip_numbers and word.isdecimal():
                    # A number is found only by a query number it starts with (`word_cost`),
                    # and most names hold one of their own: skipped without the rule's calls.
                    continue
                found = self._matches(word)
            for n, cost in found:
                held = best.get(n)
                if held is None or cost < held:
                    best[n] = cost
        if not best or len(best) < len(self.query_words):
            return None
        edits = prefixes = 0
        for word_edits, prefix in best.values():
            edits += word_edits
            prefixes += prefix
        return edits, prefixes


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


def typo_words(query_words: Sequence[str]) -> dict[str, list[str]]:
    """For each query word, the recorded name words (`SearchWord`) it matches with edits,
    and the recorded pairs of neighbouring words ("geek bar") it matches typed together;
    its exact and prefix matches of one word need no look-up (`_may_match`). The words are
    read whole: a catalog has a few thousand (its numbers, which forgive nothing, left
    out), and the rule itself, not a similarity threshold, picks them."""
    asked = [word for word in query_words if not word.isdecimal()]
    if not asked:
        return {}
    beside_others = len(query_words) > 1
    found: dict[str, list[str]] = {word: [] for word in asked}
    for recorded in SearchWord.objects.values_list("word", flat=True):
        pair = " " in recorded
        name_word = recorded.replace(" ", "") if pair else recorded
        for word in asked:
            cost = word_cost(word, name_word, beside_others=beside_others)
            # A pair is looked up only for a word that runs past the pair's first word
            # ("geekb"): a shorter one matches that word alone.
            if cost is not None and (cost[0] or (pair and len(word) > recorded.index(" "))):
                found[word].append(recorded)
    return found


def _may_match(query_word: str, typos: Sequence[str]) -> Q:
    """PostgreSQL: names that may hold a word `query_word` matches: holding it (its exact
    and prefix matches) or one of its `typos` (both words of a pair, which the name may
    write apart by any other character), through the trigram index on UPPER(name), which
    serves `icontains` by a plain substring test of each row it gives (cheaper than a word
    similarity rechecked over every row near the word)."""
    held = Q(name__icontains=query_word)
    for word in typos:
        held |= functools.reduce(Q.__and__, (Q(name__icontains=part) for part in word.split()))
    return held


def postgres_candidates(
    products: QuerySet[Product], search: str, typos: dict[str, list[str]]
) -> QuerySet[Product, tuple[int, str]]:
    """(id, name) of the products of `products` the trigram indexes say `search` may
    find: every query word or one of its `typos` (`typo_words`) held by the name, or the
    text held. The name is "" where it holds no query word: such a product is found only
    by the text it holds, and the rule has nothing to find there ("flavour" is in every
    description, in no name)."""
    literal = _literal(search)
    words_ = query_words(search)
    if not words_:
        return products.filter(literal).annotate(candidate=Value("")).values_list("id", "candidate")
    named = functools.reduce(Q.__and__, (_may_match(w, typos.get(w, [])) for w in words_))
    return (
        # The words first: most rows found hold them, and an OR stops at its first truth.
        products.filter(named | literal)
        .annotate(candidate=Case(When(named, then="name"), default=Value("")))
        .values_list("id", "candidate")
    )


def _rows(products: QuerySet[Product], search: str) -> Iterable[tuple[int, str, bool | None]]:
    """(id, name, holds the text) of the products of `products` that `search` may find, in
    its order. On PostgreSQL "holds the text" is None for a name holding a query word:
    computed for thousands of rows, it was most of the query's time, and the rule finds
    nearly all of them (`_holding` asks for the others)."""
    products = products.prefetch_related(None)
    if connection.vendor == "postgresql":
        # Production's catalog: only the candidates its trigram indexes give.
        candidates = postgres_candidates(products, search, typo_words(query_words(search)))
        return ((pk, name, None if name else True) for pk, name in candidates)
    # SQLite serves development catalogs: every product the filters allow, read here, and
    # the text compared here too, as PostgreSQL's UPPER() folds case (SQLite's LIKE folds
    # ASCII letters only).
    text = capitals(search)
    return (
        (pk, name, text in capitals(name) or text in capitals(description))
        for pk, name, description in products.values_list("id", "name", "description")
    )


def _holding(ids: Sequence[int], search: str) -> set[int]:
    """Those of `ids` whose name or description holds `search`."""
    return set(Product.objects.filter(_literal(search), pk__in=ids).values_list("pk", flat=True))


def _costs(
    products: QuerySet[Product], search: str
) -> list[tuple[int, tuple[int, int] | None, bool]]:
    """(id, the rule's (edits, prefixes) or None, holds the text) of the products of
    `products` that `search` may find, in their order."""
    rule = _NameRule(query_words(search))
    rows = [(pk, rule.cost(name), held) for pk, name, held in _rows(products, search)]
    if unknown := [pk for pk, cost, held in rows if cost is None and held is None]:
        holding = _holding(unknown, search)
        return [(pk, cost, pk in holding if held is None else held) for pk, cost, held in rows]
    return [(pk, cost, bool(held)) for pk, cost, held in rows]


def search_ids(products: QuerySet[Product], search: str, *, sort: str = "") -> list[int]:
    """The ids of `products` (product_list's, with the list's filters, in the order of its
    `sort`) that `search` (not empty, as clean_search left it) finds: those found by their
    names' words best first, then those that only hold the text, newest first (the
    module's docstring has the rule); or, with `sort`, all of them in the list's order."""
    if not search:
        return []
    rows = [(pk, cost) for pk, cost, held in _costs(products, search) if cost is not None or held]
    if sort:
        # Both kinds together, in the list's order.
        return [pk for pk, _ in rows]
    # (0, edits, prefixes) for a product its name's words find, (1, 0, 0) for one that only
    # holds the text.
    found = [((0, *cost) if cost else (1, 0, 0), pk) for pk, cost in rows]
    # Stable: ties keep the list's order, newest first.
    found.sort(key=itemgetter(0))
    return [pk for _, pk in found]


MAX_SUGGESTIONS = 3
# How near a catalog's word must be to stand in for a query word in `suggestions`
# (rapidfuzz's normalized Indel similarity, 0 to 100).
SUGGESTION_CUTOFF = 60


def suggestions(products: QuerySet[Product], search: str) -> list[str]:
    """For a search that found nothing: the names of up to MAX_SUGGESTIONS products of
    `products` found once each query word is replaced by the catalog's nearest word."""
    asked = query_words(search)
    vocabulary = [
        word for word in SearchWord.objects.values_list("word", flat=True) if " " not in word
    ]
    nearest = []
    for word in asked:
        best = process.extractOne(
            word, vocabulary, scorer=fuzz.ratio, score_cutoff=SUGGESTION_CUTOFF
        )
        nearest.append(best[0] if best else word)
    if nearest == asked:
        return []
    ids = search_ids(products, " ".join(nearest))[:MAX_SUGGESTIONS]
    names = dict(Product.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [names[pk] for pk in ids]
