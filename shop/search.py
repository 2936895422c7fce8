"""The typo-forgiving search: what `shop.selectors.product_list` answers when no product's
name or description holds the search text (docs/performance.md, "Typo search").

The rule is Meilisearch's and Typesense's, on the words of product names: a query word of
4 to 7 letters may be one edit away from a name word, one of 8 letters or more two edits
(an edit: a letter inserted, deleted, replaced, or two neighbours swapped; the optimal
string alignment distance). A word of 3 letters or fewer forgives nothing and must be held
in a name word ("gek" does not find "Geek"): three letters have too many neighbours one
edit away ("bar" would find "car", "bat" and "ear"). A query word held in a name word costs
no edit. Every query word must match; products rank by their edits summed over the query
words, then newest first, as the substring search does.

Where the candidates come from:
- PostgreSQL: names close to every query word through the trigram GIN index on UPPER(name)
  of migration 0003 (`%>`, word similarity), at a threshold low enough to keep every name
  within the rule (below); the rule itself is then applied here.
- SQLite: an index of the newest MAX_INDEXED_PRODUCTS names in this process (`catalog_index`),
  rebuilt when the catalog version moves (shop/versioning.py).
"""

import re
import threading
from array import array
from collections import defaultdict

from django.db import connection, transaction
from django.db.models import BooleanField, Case, IntegerField, Q, Value, When
from django.db.models.expressions import RawSQL
from rapidfuzz import process
from rapidfuzz.distance import OSA

from shop import versioning
from shop.models import Product

# Meilisearch's default cap on the hits a search can page through: past the best thousand a
# shopper refines the search, and the page query lists every kept id.
MAX_RESULTS = 1000
# Meilisearch reads the first ten words of a query too; each word scans the vocabulary.
MAX_QUERY_WORDS = 10
# Bounds the SQLite index: 31.8 MB at 100,000 names (docs/performance.md, "Typo search").
MAX_INDEXED_PRODUCTS = 200_000
# pg_trgm's word similarity of a query word of 4 letters or more to a name one edit away is
# at least 0.2 (a swap in "mint" leaves one of the five trigrams of "mnit"); two edits from
# a word of 8 letters or more leave at least one of its nine or more, over 0.1. The default
# threshold of 0.6 kept under a third of such names (docs/performance.md, "Typo search").
ONE_EDIT_SIMILARITY = 0.2
TWO_EDITS_SIMILARITY = 0.1

_WORD = re.compile(r"\w+")


def words(text):
    return _WORD.findall(text.lower())


def allowed_edits(word):
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


def _kind(word):
    if word.isdigit():
        return "digits"
    return "mixed" if any(c.isdigit() for c in word) else "letters"


# A query word shares no character with a name word of a kind it cannot reach: it is then
# as many edits away as the longer of the two has characters, more than any budget, and it
# cannot be held in it. Skipping them keeps a word from scanning every number (sizes, codes).
_REACHABLE = {
    "letters": ("letters", "mixed"),
    "digits": ("digits", "mixed"),
    "mixed": ("letters", "digits", "mixed"),
}


class NameIndex:
    """Product ids and the words of their names, from rows (id, category id, name) in the
    catalog's order (newest first)."""

    def __init__(self, rows):
        self.ids = array("q")
        self.categories = []
        postings = defaultdict(list)
        for position, (pk, category, name) in enumerate(rows):
            self.ids.append(pk)
            self.categories.append(category)
            for word in set(words(name)):
                postings[word].append(position)
        self.postings = dict(postings)
        # {kind: {length: [name words]}}: a word within two edits is within two letters of
        # the query word's length, and a word holding it is at least as long.
        self.vocabulary = {kind: defaultdict(list) for kind in _REACHABLE}
        for word in self.postings:
            self.vocabulary[_kind(word)][len(word)].append(word)

    def matching_words(self, query_word):
        """{name word: edits} for the name words `query_word` matches."""
        limit, size = allowed_edits(query_word), len(query_word)
        found = {}
        for kind in _REACHABLE[_kind(query_word)]:
            for length, group in self.vocabulary[kind].items():
                if length >= size:
                    found.update((word, 0) for word in group if query_word in word)
                if limit and abs(length - size) <= limit:
                    for word, edits, _ in process.extract(
                        query_word, group, scorer=OSA.distance, score_cutoff=limit, limit=None
                    ):
                        found.setdefault(word, edits)
        return found

    def __len__(self):
        return len(self.ids)

    def matching_positions(self, query_word):
        """{position: edits} of the names holding a word `query_word` matches, each at its
        fewest edits."""
        edits = {}
        for word, cost in self.matching_words(query_word).items():
            for position in self.postings[word]:
                if cost < edits.get(position, cost + 1):
                    edits[position] = cost
        return edits

    def search(self, query_words, *, category=None):
        """[(product id, edits)] of the products matching every query word, fewest edits
        first, then in the index's order; at most MAX_RESULTS."""
        total = None
        for query_word in query_words:
            edits = self.matching_positions(query_word)
            if total is not None:
                edits = {p: cost + total[p] for p, cost in edits.items() if p in total}
            total = edits
            if not total:
                return []
        positions = (p for p in total if not category or self.categories[p] == category)
        best = sorted(positions, key=lambda p: (total[p], p))[:MAX_RESULTS]
        return [(self.ids[p], total[p]) for p in best]


_index = None
_index_lock = threading.Lock()


def catalog_index():
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


def clear():
    global _index
    _index = None


def postgres_candidates(products, query_words):
    """`products` whose names may match every query word, served by the trigram index."""
    conditions = []
    for word in query_words:
        if allowed_edits(word):
            sql = 'UPPER("shop_product"."name") %%> UPPER(%s)'
            conditions.append(RawSQL(sql, [word], output_field=BooleanField()))
        else:
            conditions.append(Q(name__icontains=word))
    return products.filter(*conditions).order_by("-created_at", "-id")


def _postgres_search(products, query_words):
    longest = max(allowed_edits(word) for word in query_words)
    threshold = TWO_EDITS_SIMILARITY if longest == 2 else ONE_EDIT_SIMILARITY
    with transaction.atomic():
        with connection.cursor() as cursor:
            # Local to this transaction: `%>` reads it.
            cursor.execute(
                "SELECT set_config('pg_trgm.word_similarity_threshold', %s, true)",
                [str(threshold)],
            )
        rows = list(
            postgres_candidates(products, query_words).values_list("id", "category_id", "name")
        )
    return NameIndex(rows).search(query_words)


def typo_matches(products, search, *, category=None):
    """`products` (already filtered by `category`) matching `search` within the typo rule,
    fewest edits first, then newest first."""
    query_words = list(dict.fromkeys(words(search)))[:MAX_QUERY_WORDS]
    if not query_words:
        return products.none()
    if connection.vendor == "postgresql":
        found = _postgres_search(products, query_words)
    else:
        found = catalog_index().search(query_words, category=category)
    if not found:
        return products.none()
    ids_by_edits = defaultdict(list)
    for pk, edits in found:
        ids_by_edits[edits].append(pk)
    edits = Case(
        *(When(pk__in=ids, then=Value(n)) for n, ids in ids_by_edits.items()),
        output_field=IntegerField(),
    )
    return (
        products.filter(pk__in=[pk for pk, _ in found])
        .annotate(typo_edits=edits)
        .order_by("typo_edits", "-created_at", "-id")
    )
