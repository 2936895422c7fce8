"""The search's SQLite side, in each process: the catalog's tokens as the process holds them
(read once, then only those added since), and shop_upper(), the capitals PostgreSQL's UPPER()
writes, for the literal part of a search (shop/search.py)."""

import functools
import threading
from typing import NamedTuple

from django.db import DatabaseError, connection
from django.db.backends.base.base import BaseDatabaseWrapper

from shop.search_rule import Cost, Vocabulary


class Tokens(NamedTuple):
    """SQLite's tokens as a process holds them: those read at once, and those added since
    (a smaller Vocabulary made again as they come, merged when it grows: a few ms where
    all 100,000 took a second)."""

    generation: int
    last_id: int
    base: Vocabulary
    base_tokens: list[str]
    recent: Vocabulary
    recent_tokens: list[str]

    def matching_tokens(self, query_word: str) -> dict[str, Cost]:
        return self.base.matching_tokens(query_word) | self.recent.matching_tokens(query_word)


MAX_RECENT_TOKENS = 5_000
_tokens: Tokens | None = None
_tokens_lock = threading.Lock()


def _read_tokens(generation: int, after: int) -> tuple[int, list[tuple[int, str]]]:
    """(the tables' generation, [(id, token)] past `after`) when `generation` is still
    theirs, else all of them."""
    sql = (
        "SELECT s.generation, t.id, t.token FROM shop_search_state AS s"
        " LEFT JOIN shop_search_token AS t ON t.id > %s ORDER BY t.id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [after])
        rows = cursor.fetchall()
        if rows[0][0] != generation and after:
            cursor.execute(sql, [0])
            rows = cursor.fetchall()
    return rows[0][0], [(pk, token) for _, pk, token in rows if pk is not None]


def sqlite_vocabulary() -> Tokens:
    """Every token on SQLite, as this process holds them, with those added since the last
    search read (one small query a search)."""
    global _tokens
    kept = _tokens
    generation, rows = _read_tokens(*((kept.generation, kept.last_id) if kept else (0, 0)))
    if kept is not None and generation == kept.generation and not rows:
        return kept
    with _tokens_lock:
        added = [token for _, token in rows]
        last_id = rows[-1][0] if rows else 0
        if kept is None or generation != kept.generation:
            _tokens = Tokens(generation, last_id, Vocabulary(added), added, Vocabulary([]), [])
        elif len(kept.recent_tokens) + len(added) > MAX_RECENT_TOKENS:
            every = kept.base_tokens + kept.recent_tokens + added
            _tokens = Tokens(generation, last_id, Vocabulary(every), every, Vocabulary([]), [])
        else:
            recent = kept.recent_tokens + added
            _tokens = kept._replace(
                last_id=last_id, recent=Vocabulary(recent), recent_tokens=recent
            )
        return _tokens


def read_in_background() -> threading.Thread | None:
    """Read the tokens in a thread of their own, beside a new worker's first requests
    (gunicorn's post_worker_init): the process's first search would otherwise wait for them
    (a quarter of a second at 100,000 products, docs/performance.md). PostgreSQL's search
    keeps no tokens in the process."""
    if connection.vendor != "sqlite":
        return None
    thread = threading.Thread(target=_read_once, name="search-tokens", daemon=True)
    thread.start()
    return thread


def _read_once() -> None:
    try:
        sqlite_vocabulary()
    except DatabaseError:
        pass  # not migrated yet, or busy: the first search reads them instead
    finally:
        connection.close()


def clear() -> None:
    global _tokens
    _tokens = None


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
