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

Where the matching names come from (docs/performance.md, "Search"): the tokens of every
name are kept in tables by triggers (shop/search_tables.py), so a write is found at once.
- The name words each query word matches are taken from the catalog's distinct tokens:
  on PostgreSQL those close to it through the trigram GIN index on them (`%>`, word
  similarity, at a threshold low enough to keep every word within the rule, below); on
  SQLite from all of them, held in each process (shop/search_sqlite.py), read again only
  for the tokens added since. The rule for one word (shop/search_rule.py) is applied in
  Python.
- One query then finds the products holding a matched token for every query word, ranked
  here (`_ranked`).
- The literal part: on PostgreSQL through migration 0003's trigram indexes; on SQLite the
  FTS5 trigram index of names and descriptions gives the candidates (texts of 3 characters
  or more, ASCII: LIKE folds ASCII letters only), else a scan of every row.
"""

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence

from django.db import connection
from django.db.models import BooleanField, Q, QuerySet
from django.db.models.expressions import RawSQL

from shop.models import Product
from shop.search_rule import Cost, allowed_edits, query_words, token_cost
from shop.search_sqlite import capitals, sqlite_vocabulary

# pg_trgm's word similarity of a query word of 4 letters or more to a name one edit away is
# at least 0.2 (a swap in "mint" leaves one of the five trigrams of "mnit"); two edits from
# a word of 8 letters or more leave at least one of its nine or more, over 0.1. A prefix of
# 4 letters or more keeps all its trigrams but the last. The default threshold of 0.6 kept
# under a third of such names (docs/performance.md, "Search").
ONE_EDIT_SIMILARITY = 0.2
TWO_EDITS_SIMILARITY = 0.1
# Sorts after every word that starts with the same letters: tokens are compared by code
# point (SQLite's BINARY, PostgreSQL's "C" collation).
_AFTER_EVERY_WORD = "\U0010ffff"


def ids_in(ids: Sequence[int]) -> RawSQL:
    """A filter on products whose id is one of `ids`, as one query parameter whatever
    their number (a search can find tens of thousands)."""
    if connection.vendor == "postgresql":
        return RawSQL('"shop_product"."id" = ANY(%s)', [list(ids)], output_field=BooleanField())
    sql = '"shop_product"."id" IN (SELECT value FROM json_each(%s))'
    return RawSQL(sql, [json.dumps(list(ids))], output_field=BooleanField())


def _postgres_tokens_sql(query_words: Sequence[str]) -> tuple[str, list[str]]:
    """The tokens each query word's rule may reach, as rows (query word's index, token):
    those that start with it, and for a word of 4 letters or more those close to it through
    the trigram index (`%>`); for a shorter one, the tokens of several words that hold it."""
    parts: list[str] = []
    params: list[str] = []
    for n, word in enumerate(query_words):
        near = (
            "token %%> %s"
            if allowed_edits(word)
            else "NOT plain AND strpos(UPPER(token), UPPER(%s)) > 0"
        )
        parts.append(
            f"SELECT {n}, token FROM shop_search_token"
            f" WHERE (token >= %s AND token < %s) OR ({near})"
        )
        params += [word, word + _AFTER_EVERY_WORD, word]
    return " UNION ALL ".join(parts), params


def _postgres_search(
    products: QuerySet[Product], query_words: Sequence[str], search: str
) -> tuple[list[dict[str, Cost]], list[int]]:
    """-> ({token: cost} for each query word; the ids of `products` holding the text,
    newest first): one round trip, the threshold of `%>`, the tokens and the literal
    matches in one transaction (several statements in one query: Django's client-side
    binding cursor for psycopg)."""
    held = products.filter(_literal(search)).order_by("-created_at", "-id").values_list("id")
    sql, params = held.query.sql_with_params()
    statements, values = [sql], list(params)
    if query_words:
        threshold = ONE_EDIT_SIMILARITY
        if max(allowed_edits(word) for word in query_words) == 2:
            threshold = TWO_EDITS_SIMILARITY
        tokens_sql, tokens_params = _postgres_tokens_sql(query_words)
        # Local to the statements' transaction: `%>` reads it.
        statements = [
            "SELECT set_config('pg_trgm.word_similarity_threshold', %s, true)",
            tokens_sql,
            sql,
        ]
        values = [str(threshold), *tokens_params, *params]
    with connection.cursor() as cursor:
        cursor.execute("; ".join(statements), values)
        rows = []
        if query_words:
            cursor.nextset()
            rows = cursor.fetchall()
            cursor.nextset()
        held_ids = [pk for (pk,) in cursor.fetchall()]
    matches: list[dict[str, Cost]] = [{} for _ in query_words]
    for n, token in rows:
        cost = token_cost(query_words[n], token)
        if cost is not None:
            matches[n][token] = cost
    return matches, held_ids


def _holders(matches: Sequence[dict[str, Cost]], category: str) -> list[tuple]:
    """Rows (product id, created, its matched token for each query word) of the products
    (of `category` when given) holding a matched token for every query word: a join of
    the token rows, from the query word with the fewest tokens, so only the products
    found come back (383 rows for two words 6,000 names each hold, not 12,000)."""
    postgres = connection.vendor == "postgresql"

    def one_of(column: str, tokens: Iterable[str]) -> tuple[str, str | list[str]]:
        if postgres:
            return f"{column} = ANY(%s)", list(tokens)
        return f"{column} IN (SELECT value FROM json_each(%s))", json.dumps(list(tokens))

    joins: list[str] = []
    params: list[str | list[str]] = []
    for n in range(1, len(matches)):
        condition, value = one_of(f"w{n}.word", matches[n])
        joins.append(
            f" JOIN shop_search_word AS w{n} ON w{n}.product_id = w0.product_id AND {condition}"
        )
        params.append(value)
    where, value = one_of("w0.word", matches[0])
    params.append(value)
    if category:
        where += " AND w0.category_id = %s"
        params.append(category)
    words_ = ", ".join(f"w{n}.word" for n in range(len(matches)))
    sql = f"SELECT w0.product_id, w0.created, {words_} FROM shop_search_word AS w0"
    with connection.cursor() as cursor:
        cursor.execute(sql + "".join(joins) + f" WHERE {where}", params)
        return cursor.fetchall()


def _ranked(matches: Sequence[dict[str, Cost]], category: str) -> list[int]:
    """The ids of the products (of `category` when given) holding a matched token for
    every query word (`matches`: a {token: cost} per query word), best first: fewest
    edits summed, then fewest prefixes, then newest; only the products found are sorted.
    A cost is counted as edits * 16 + prefix: sums of up to 10 words order as the pairs do."""
    matches = sorted(matches, key=len)
    codes = [{token: e * 16 + p for token, (e, p) in costs.items()} for costs in matches]
    rows = _holders(matches, category)
    # {(created, id): cost}; a product holding two tokens a query word matches counts the
    # cheaper. One query word (most searches, thousands of rows) without a generator.
    best: dict[tuple[object, int], int] = {}
    if len(codes) == 1:
        code = codes[0]
        for pk, at, token in rows:
            cost = code[token]
            if best.get((at, pk), cost) >= cost:
                best[at, pk] = cost
    else:
        for pk, at, *tokens in rows:
            cost = sum(code[token] for code, token in zip(codes, tokens, strict=True))
            if best.get((at, pk), cost) >= cost:
                best[at, pk] = cost
    groups: dict[int, list[tuple[object, int]]] = defaultdict(list)
    for key, cost in best.items():
        groups[cost].append(key)
    return [pk for cost in sorted(groups) for _, pk in sorted(groups[cost], reverse=True)]


def _found(
    products: QuerySet[Product],
    matches: Sequence[dict[str, Cost]],
    category: str,
    filtered: bool,
) -> list[int]:
    """The ids of `products` whose names hold a matched token for every query word."""
    if not matches or not all(matches):
        return []
    found = _ranked(matches, category)
    if filtered and found:
        kept = set(products.filter(ids_in(found)).values_list("id", flat=True))
        found = [pk for pk in found if pk in kept]
    return found


def _held(products: QuerySet[Product], search: str) -> list[int]:
    """The ids of `products` whose name or description holds `search`, newest first. On
    SQLite the FTS5 trigram index gives the candidates when it can: a text of 3 characters
    or more (shorter ones match no trigram), in ASCII (its case folding then finds all
    that LIKE does, and `_literal` keeps only those)."""
    held = products.filter(_literal(search))
    if (
        connection.vendor == "sqlite"
        and len(search) >= 3
        and search.isascii()
        and "\0" not in search
    ):
        phrase = '"' + search.replace('"', '""') + '"'
        sql = (
            '"shop_product"."id" IN'
            " (SELECT rowid FROM shop_search_text WHERE shop_search_text MATCH %s)"
        )
        held = held.filter(RawSQL(sql, [phrase], output_field=BooleanField()))
    return list(held.order_by("-created_at", "-id").values_list("id", flat=True))


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


def search_ids(
    products: QuerySet[Product], search: str, *, category: str = "", filtered: bool = False
) -> list[int]:
    """The ids of `products` (filtered by `category`, and by more when `filtered`) that `search` (not empty, as shop/selectors.py clean_search left
    it) finds: those found by their names' words best first, then those that only hold the
    text, newest first (the module's docstring has the rule)."""
    if not search:
        return []
    words_ = query_words(search)
    if connection.vendor == "postgresql":
        matches, held = _postgres_search(products, words_, search)
        found = _found(products, matches, category, filtered)
    else:
        tokens = sqlite_vocabulary() if words_ else None
        matches = [tokens.matching_tokens(word) for word in words_] if tokens else []
        found = _found(products, matches, category, filtered)
        held = _held(products, search)
    seen = set(found)
    return found + [pk for pk in held if pk not in seen]
