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
- The list's filters: the category from the token rows, `inStock` by the small index of
  the products that cannot be sold (migration 0012), the admins' `stock` by the list's own
  query on each product found. A `sort` is one query over the names' part and the literal
  part, with no ranking; the price sorts read the names' prices from the token rows.
"""

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection
from django.db.models import BooleanField, Q, QuerySet
from django.db.models.expressions import Combinable, RawSQL

from shop.models import Product
from shop.search_rule import Cost, allowed_edits, query_words, token_cost
from shop.search_sqlite import capitals, sqlite_vocabulary
from shop.stock import sellable_stored

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
    query_words: Sequence[str], held: QuerySet[Product] | None
) -> tuple[list[dict[str, Cost]], list[int]]:
    """-> ({token: cost} for each query word; the ids of `held` when given): one round
    trip, the threshold of `%>`, the tokens and the literal matches in one transaction
    (several statements in one query: Django's client-side binding cursor for psycopg)."""
    statements: list[str] = []
    values: list[Any] = []
    if query_words:
        threshold = ONE_EDIT_SIMILARITY
        if max(allowed_edits(word) for word in query_words) == 2:
            threshold = TWO_EDITS_SIMILARITY
        tokens_sql, tokens_params = _postgres_tokens_sql(query_words)
        # Local to the statements' transaction: `%>` reads it.
        statements = [
            "SELECT set_config('pg_trgm.word_similarity_threshold', %s, true)",
            tokens_sql,
        ]
        values = [str(threshold), *tokens_params]
    if held is not None:
        sql, params = held.values_list("id").query.sql_with_params()
        statements.append(sql)
        values += params
    rows: list[tuple[int, str]] = []
    held_ids: list[int] = []
    if not statements:
        return [], held_ids
    with connection.cursor() as cursor:
        cursor.execute("; ".join(statements), values)
        if query_words:
            cursor.nextset()
            rows = cursor.fetchall()
            cursor.nextset()
        if held is not None:
            held_ids = [pk for (pk,) in cursor.fetchall()]
    matches: list[dict[str, Cost]] = [{} for _ in query_words]
    for n, token in rows:
        cost = token_cost(query_words[n], token)
        if cost is not None:
            matches[n][token] = cost
    return matches, held_ids


def _one_of(column: str, tokens: Iterable[str]) -> tuple[str, str | list[str]]:
    """`column` is one of `tokens`, as SQL and its one parameter."""
    if connection.vendor == "postgresql":
        return f"{column} = ANY(%s)", list(tokens)
    return f"{column} IN (SELECT value FROM json_each(%s))", json.dumps(list(tokens))


def _holders_sql(
    matches: Sequence[dict[str, Cost]],
    columns: str,
    within: QuerySet[Product] | None = None,
    in_stock: bool = False,
    category: str = "",
) -> tuple[str, list[Any]]:
    """SELECT `columns` (of the token rows `w0`, `w1`... of each query word) of the
    products holding a matched token for every query word (of `category` when given, that
    can be sold now when `in_stock`; in `within` when given, a queryset of products with
    the list's filters): a join of the token rows, from the query word with the fewest
    tokens (`matches` sorted so), so only the products found come back (383 rows for two
    words 6,000 names each hold, not 12,000)."""
    joins: list[str] = []
    params: list[Any] = []
    for n in range(1, len(matches)):
        condition, value = _one_of(f"w{n}.word", matches[n])
        joins.append(
            f" JOIN shop_search_word AS w{n} ON w{n}.product_id = w0.product_id AND {condition}"
        )
        params.append(value)
    where, value = _one_of("w0.word", matches[0])
    params.append(value)
    if category:
        where += " AND w0.category_id = %s"
        params.append(category)
    if in_stock and within is None:
        # Few of a shop's products cannot be sold: their ids are one small index
        # (migration 0012), no product row read per token row.
        unsellable = Product.objects.filter(~sellable_stored()).order_by().values("id")
        sql, unsellable_params = unsellable.query.sql_with_params()
        where += f" AND w0.product_id NOT IN ({sql})"
        params += unsellable_params
    if within is not None:
        # The filters of the list (stock, inStock, category) on each product found, by its
        # key: the same rows the list's query reads, no list of ids sent back and forth.
        product = within.order_by().filter(pk=RawSQL('"w0"."product_id"', ())).values("pk")
        sql, within_params = product.query.sql_with_params()
        where += f" AND EXISTS ({sql})"
        params += within_params
    sql = f"SELECT {columns} FROM shop_search_word AS w0"
    return sql + "".join(joins) + f" WHERE {where}", params


def _cost_sql(matches: Sequence[dict[str, Cost]]) -> tuple[str, list[Any]]:
    """The cost of a row of `_holders_sql` as an SQL sum (edits * 16 + prefix per query
    word: sums of up to 10 words order as the pairs do), "" when every matched token
    costs the same. Per query word, its tokens are grouped by cost and the largest group
    is the CASE's ELSE, tested for nothing."""
    terms: list[str] = []
    params: list[Any] = []
    for n, costs in enumerate(matches):
        groups: dict[int, list[str]] = defaultdict(list)
        for token, (edits, prefix) in costs.items():
            groups[edits * 16 + prefix].append(token)
        if len(groups) < 2:
            continue
        *tested, (other, _) = sorted(groups.items(), key=lambda group: len(group[1]))
        whens = []
        for code, tokens in tested:
            condition, value = _one_of(f"w{n}.word", tokens)
            whens.append(f"WHEN {condition} THEN {code}")
            params.append(value)
        terms.append(f"CASE {' '.join(whens)} ELSE {other} END")
    return " + ".join(terms), params


def _ranked(
    matches: Sequence[dict[str, Cost]],
    category: str,
    in_stock: bool,
    within: QuerySet[Product] | None,
) -> list[int]:
    """The ids of the products (of `category` when given, that can be sold now when
    `in_stock`, and in `within`) holding a matched token for every query word (`matches`:
    a {token: cost} per query word), best first: fewest edits summed, then fewest
    prefixes, then newest. The database sorts the rows found (a product holding two
    tokens a query word matches comes back twice, first at its cheaper cost): ids only,
    where reading each row's tokens and ranking them here took twice as long."""
    if not matches or not all(matches):
        return []
    matches = sorted(matches, key=len)
    sql, params = _holders_sql(matches, "w0.product_id", within, in_stock, category)
    cost, cost_params = _cost_sql(matches)
    order = [cost] if cost else []
    sql += f" ORDER BY {', '.join([*order, 'w0.created DESC', 'w0.product_id DESC'])}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *cost_params])
        return list(dict.fromkeys(pk for (pk,) in cursor.fetchall()))


def _holding(products: QuerySet[Product], search: str) -> QuerySet[Product]:
    """The products of `products` whose name or description holds `search`. On SQLite the
    FTS5 trigram index gives the candidates when it can: a text of 3 characters or more
    (shorter ones match no trigram), in ASCII (its case folding then finds all that LIKE
    does, and `_literal` keeps only those)."""
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
    return held


def _newest(products: QuerySet[Product]) -> QuerySet[Product]:
    return products.order_by("-created_at", "-id")


def _held(products: QuerySet[Product], search: str) -> list[int]:
    """The ids of `products` whose name or description holds `search`, newest first."""
    return list(_newest(_holding(products, search)).values_list("id", flat=True))


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


# The list's price sorts (shop/selectors.py SORTS) over the token rows' prices: the unpriced
# last, ties newest first by id. shop/tests/test_typo_search.py holds the two the same.
PRICE_SORTS = {"price_asc": "price ASC NULLS LAST", "price_desc": "price DESC NULLS LAST"}


def search_ids(
    products: QuerySet[Product],
    search: str,
    *,
    category: str = "",
    in_stock: bool = False,
    stock: str = "",
    sort: str = "",
    order_by: Sequence[str | Combinable] = (),
) -> list[int]:
    """The ids of `products` (product_list's for `category`, filtered as `in_stock` and
    `stock` say: shop/selectors.py) that `search` (not empty, as clean_search left it)
    finds: those found by their names' words best first, then those that only hold the
    text, newest first (the module's docstring has the rule); or, with `sort` (its name)
    and `order_by` (its order), all of them in that order, one query once the words are
    matched."""
    if not search:
        return []
    held = _holding(products, search)
    matches, held_ids = _matches(query_words(search), None if sort else _newest(held))
    if sort in PRICE_SORTS:
        within = products if stock else None
        return _sorted_by_price(matches, held, category, in_stock, within, PRICE_SORTS[sort])
    if sort:
        return _sorted(products, matches, held, order_by)
    found = _ranked(matches, category, in_stock, products if stock else None)
    if held_ids is None:
        held_ids = list(_newest(held).values_list("id", flat=True))
    seen = set(found)
    return found + [pk for pk in held_ids if pk not in seen]


def _matches(
    words_: Sequence[str], held: QuerySet[Product] | None
) -> tuple[list[dict[str, Cost]], list[int] | None]:
    """({token: cost} for each query word; on PostgreSQL the ids of `held` when given, read
    in the same round trip, else None)."""
    if connection.vendor == "postgresql":
        return _postgres_search(words_, held)
    tokens = sqlite_vocabulary() if words_ else None
    return ([tokens.matching_tokens(word) for word in words_] if tokens else []), None


def _sorted_by_price(
    matches: Sequence[dict[str, Cost]],
    held: QuerySet[Product],
    category: str,
    in_stock: bool,
    within: QuerySet[Product] | None,
    order: str,
) -> list[int]:
    """The ids found, by price (`order`), ties newest first by id: the names' part takes
    the prices from the token rows (no product row read), the text's part from the rows it
    reads anyway, one query."""
    held_sql, held_params = held.order_by().values_list("id", "price").query.sql_with_params()
    parts, params = [held_sql], list(held_params)
    if matches and all(matches):
        columns = "w0.product_id AS id, w0.price AS price"
        names_sql, names_params = _holders_sql(
            sorted(matches, key=len), columns, within, in_stock, category
        )
        parts.insert(0, names_sql)
        params = [*names_params, *params]
    # The columns are named by the first part: the names' (aliased), else Django's "id"
    # and "price". UNION ALL: a product found twice (by both parts, or by two tokens of one
    # query word) sorts next to itself and is dropped here, where the database's UNION
    # hashed every row first (2.5 ms of 8 for 6,384 on PostgreSQL).
    sql = f"SELECT id FROM ({' UNION ALL '.join(parts)}) AS found"
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} ORDER BY {order}, id DESC", params)
        return list(dict.fromkeys(pk for (pk,) in cursor.fetchall()))


def _sorted(
    products: QuerySet[Product],
    matches: Sequence[dict[str, Cost]],
    held: QuerySet[Product],
    order_by: Sequence[str | Combinable],
) -> list[int]:
    """The ids of `products` that the names' matched tokens or the text `held` find, in
    the order of `order_by`: one query, the database's join and sort over the rows found
    (no ranking, no list of ids sent back)."""
    held_sql, held_params = held.order_by().values("pk").query.sql_with_params()
    parts, params = [held_sql], list(held_params)
    if matches and all(matches):
        names_sql, names_params = _holders_sql(sorted(matches, key=len), "w0.product_id")
        parts.insert(0, names_sql)
        params = [*names_params, *params]
    condition = f'"shop_product"."id" IN ({" UNION ".join(parts)})'
    found = products.filter(RawSQL(condition, params, output_field=BooleanField()))
    return list(found.order_by(*order_by).values_list("id", flat=True))
