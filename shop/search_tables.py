"""The search's own tables, kept current by triggers on shop_product, so every write of a
product (the services, the admin, bulk_create, fixtures, raw SQL) is searchable at once,
in the writer's transaction (docs/performance.md, "Search").

- shop_search_word (token, product id, created, category, price): the tokens of each
  product's name, with what a search orders and filters them by (`created`: the product's
  created_at in a form that sorts as it does, SQLite's text, on PostgreSQL microseconds
  since 1970, which Python reads ten times faster than a timestamp; `price` for the price
  sorts, migration 0013).
- shop_search_token: every token ever seen, never deleted (a token no name holds any more
  finds nothing), so concurrent writers only ever add rows. On PostgreSQL with a trigram
  GIN index for typos; on SQLite read into each process (shop/search_sqlite.py
  `sqlite_vocabulary`), then only the tokens added since, by id.
- SQLite only, shop_search_text: an FTS5 trigram index of name and description, the
  candidates of the literal substring part of a search (PostgreSQL has migration 0003's
  trigram indexes for that).

A token is a run of the lowered name between ASCII characters that are neither word
characters nor "case-ignorable" (' . : ^ `), lowered for ASCII letters only: the same
in SQL on both databases whatever their locale, and Python's words of a name (`\\w+` of
its lower()) are exactly the words of its tokens (shop/search_rule.py `token_words`). Splitting
at ' . : ^ ` too would change how Python lowers a Greek capital sigma before one of them.

SQLite rebuilds a table to alter it and drops its triggers with it: `install` runs after
every migrate (shop/apps.py) and rebuilds the tables when a trigger was missing.
"""

import re

from django.db.backends.base.base import BaseDatabaseWrapper

# ASCII characters that end a token: neither word characters nor case-ignorable. SQLite
# leaves control characters, `"` and `\\` inside tokens (a token that is not one plain word
# is split again in Python, shop/search_rule.py `token_words`).
SEPARATORS = "".join(
    c for c in map(chr, range(1, 128)) if not re.fullmatch(r"\w", c) and c not in "'.:^`"
)
SQLITE_SEPARATORS = "".join(c for c in SEPARATORS if " " <= c < "\x7f" and c not in '"\\')


def _sqlite_words_insert(products: str) -> str:
    """Insert the tokens of the names of `products` (a SELECT of id and name), in SQLite
    SQL. No regex or CTE is allowed in a trigger, and the parser allows only a few nested
    calls: json_quote() escapes what JSON needs, nested subqueries make every separator a
    space, five at a time, then every space a string boundary, and json_each() the rows."""
    text = "json_quote(lower(x.name))"
    rest = SQLITE_SEPARATORS.replace(" ", "")
    carried = "x.id, x.created_at, x.category_id, x.price"
    source = f"SELECT {carried}, {text} AS t FROM ({products}) AS x"
    while rest:
        text = "x.t"
        for c in rest[:5]:
            text = f"replace({text}, char({ord(c)}), ' ')"
        source = f"SELECT {carried}, {text} AS t FROM ({source}) AS x"
        rest = rest[5:]
    return (
        "INSERT OR IGNORE INTO shop_search_word (word, product_id, created, category_id, price)"
        " SELECT DISTINCT j.value, s.id, s.created_at, s.category_id, s.price"
        f" FROM ({source}) AS s, json_each('[' || replace(s.t, ' ', '\",\"') || ']') AS j"
        " WHERE j.value <> ''"
    )


_NEW = (
    "SELECT new.id AS id, new.name AS name, new.created_at AS created_at,"
    " new.category_id AS category_id, new.price AS price"
)
_TEXT_DELETE = (
    "INSERT INTO shop_search_text (shop_search_text, rowid, name, description) "
    "VALUES ('delete', old.id, old.name, old.description)"
)
_TEXT_INSERT = (
    "INSERT INTO shop_search_text (rowid, name, description) "
    "VALUES (new.id, new.name, new.description)"
)

SQLITE_TABLES = [
    "CREATE TABLE IF NOT EXISTS shop_search_word (word TEXT NOT NULL, "
    "product_id INTEGER NOT NULL, created, category_id TEXT NOT NULL, price, "
    "PRIMARY KEY (word, product_id)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS shop_search_word_product ON shop_search_word (product_id)",
    # Ids in the order tokens were added (SQLite has one writer at a time, and the table
    # only grows): a process reads only the tokens past the last id it holds.
    "CREATE TABLE IF NOT EXISTS shop_search_token (id INTEGER PRIMARY KEY, "
    "token TEXT NOT NULL UNIQUE)",
    # One row, a random number drawn when the tables are made: a process holding tokens
    # of tables made before reads them all again.
    "CREATE TABLE IF NOT EXISTS shop_search_state (id INTEGER PRIMARY KEY CHECK (id = 1), "
    "generation INTEGER NOT NULL)",
    "INSERT OR IGNORE INTO shop_search_state (id, generation) "
    "VALUES (1, abs(random() % 1000000000))",
    "CREATE VIRTUAL TABLE IF NOT EXISTS shop_search_text USING fts5(name, description, "
    "content='shop_product', content_rowid='id', tokenize='trigram')",
]
SQLITE_TRIGGERS = {
    "shop_search_product_insert": "AFTER INSERT ON shop_product BEGIN "
    f"{_sqlite_words_insert(_NEW)}; {_TEXT_INSERT}; END",
    "shop_search_product_delete": "AFTER DELETE ON shop_product BEGIN "
    f"DELETE FROM shop_search_word WHERE product_id = old.id; {_TEXT_DELETE}; END",
    "shop_search_product_name": "AFTER UPDATE OF name, created_at, category_id, price "
    "ON shop_product WHEN old.name IS NOT new.name OR old.created_at IS NOT new.created_at "
    "OR old.category_id IS NOT new.category_id OR old.price IS NOT new.price BEGIN "
    f"DELETE FROM shop_search_word WHERE product_id = old.id; {_sqlite_words_insert(_NEW)}; END",
    "shop_search_product_text": "AFTER UPDATE OF name, description ON shop_product "
    "WHEN old.name IS NOT new.name OR old.description IS NOT new.description BEGIN "
    f"{_TEXT_DELETE}; {_TEXT_INSERT}; END",
    "shop_search_word_insert": "AFTER INSERT ON shop_search_word BEGIN "
    "INSERT OR IGNORE INTO shop_search_token (token) VALUES (new.word); END",
}
SQLITE_FILL = [
    "DELETE FROM shop_search_word",
    _sqlite_words_insert("SELECT id, name, created_at, category_id, price FROM shop_product"),
    "INSERT INTO shop_search_text (shop_search_text) VALUES ('rebuild')",
]

_PG_SEPARATORS = "".join(f"\\x{ord(c):02x}" for c in SEPARATORS)
POSTGRES_TABLES = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    'CREATE TABLE IF NOT EXISTS shop_search_word (word text COLLATE "C" NOT NULL, '
    "product_id bigint NOT NULL, created bigint NOT NULL, "
    "category_id varchar(40) NOT NULL, price numeric, "
    # What a search reads of a word's rows is in its index: an index-only scan once
    # (auto)vacuum has marked the pages visible, where the rows of a word lie on as many
    # pages as there are products holding it.
    "PRIMARY KEY (word, product_id) INCLUDE (created, category_id, price))",
    "CREATE INDEX IF NOT EXISTS shop_search_word_product ON shop_search_word (product_id)",
    'CREATE TABLE IF NOT EXISTS shop_search_token (token text COLLATE "C" PRIMARY KEY, '
    "plain boolean NOT NULL)",
    # Without GIN's pending list: tokens are added rarely, and until a vacuum every search
    # read the whole list (20 ms after 100,000 tokens were added at once).
    "CREATE INDEX IF NOT EXISTS shop_search_token_trgm ON shop_search_token "
    "USING gin (token gin_trgm_ops) WITH (fastupdate = off)",
    "CREATE INDEX IF NOT EXISTS shop_search_token_composite ON shop_search_token (token) "
    "WHERE NOT plain",
    # The tokens of a name (the module's docstring): ASCII letters lowered, split at the
    # separators, each once.
    "CREATE OR REPLACE FUNCTION shop_search_tokens(name text) RETURNS SETOF text "
    "LANGUAGE sql IMMUTABLE AS $$ SELECT DISTINCT token FROM regexp_split_to_table("
    "translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), "
    f"'[{_PG_SEPARATORS}]+') AS token WHERE token <> '' $$",
    "CREATE OR REPLACE FUNCTION shop_search_add(product shop_product) RETURNS void "
    "LANGUAGE sql AS $$ "
    "INSERT INTO shop_search_token (token, plain) SELECT token, token ~ '^[0-9a-z_]+$' "
    "FROM shop_search_tokens(product.name) AS token ON CONFLICT DO NOTHING; "
    "INSERT INTO shop_search_word (word, product_id, created, category_id, price) "
    "SELECT token, product.id, (extract(epoch FROM product.created_at) * 1000000)::bigint, "
    "product.category_id, product.price "
    "FROM shop_search_tokens(product.name) AS token ON CONFLICT DO NOTHING $$",
    "CREATE OR REPLACE FUNCTION shop_search_product_changed() RETURNS trigger "
    "LANGUAGE plpgsql AS $$ BEGIN "
    "IF TG_OP <> 'INSERT' THEN DELETE FROM shop_search_word WHERE product_id = OLD.id; END IF; "
    "IF TG_OP <> 'DELETE' THEN PERFORM shop_search_add(NEW); END IF; "
    "RETURN NULL; END $$",
    # TRUNCATE (Django's flush) fires no row trigger.
    "CREATE OR REPLACE FUNCTION shop_search_product_truncated() RETURNS trigger "
    "LANGUAGE plpgsql AS $$ BEGIN TRUNCATE shop_search_word; RETURN NULL; END $$",
]
POSTGRES_TRIGGERS = {
    "shop_search_product_write": "AFTER INSERT OR DELETE ON shop_product "
    "FOR EACH ROW EXECUTE FUNCTION shop_search_product_changed()",
    "shop_search_product_name": "AFTER UPDATE OF name, created_at, category_id, price "
    "ON shop_product FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name "
    "OR OLD.created_at IS DISTINCT FROM NEW.created_at "
    "OR OLD.category_id IS DISTINCT FROM NEW.category_id "
    "OR OLD.price IS DISTINCT FROM NEW.price) "
    "EXECUTE FUNCTION shop_search_product_changed()",
    "shop_search_product_truncate": "AFTER TRUNCATE ON shop_product "
    "FOR EACH STATEMENT EXECUTE FUNCTION shop_search_product_truncated()",
}
POSTGRES_FILL = [
    "TRUNCATE shop_search_word",
    "SELECT shop_search_add(p) FROM shop_product AS p",
    # Without statistics the planner read every token rather than use the indexes.
    "ANALYZE shop_search_token, shop_search_word",
]


def _missing_triggers(cursor, vendor: str, names: list[str]) -> list[str]:
    if vendor == "postgresql":
        cursor.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'shop_product'::regclass "
            "AND tgname = ANY(%s)",
            [names],
        )
    else:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    present = {row[0] for row in cursor.fetchall()}
    return [name for name in names if name not in present]


def install(connection: BaseDatabaseWrapper) -> bool:
    """Create what is missing; when a trigger was missing, fill the tables from the
    products (True). Idempotent."""
    postgres = connection.vendor == "postgresql"
    tables, triggers, fill = (
        (POSTGRES_TABLES, POSTGRES_TRIGGERS, POSTGRES_FILL)
        if postgres
        else (SQLITE_TABLES, SQLITE_TRIGGERS, SQLITE_FILL)
    )
    with connection.cursor() as cursor:
        missing = _missing_triggers(cursor, connection.vendor, list(triggers))
        if not missing:
            return False
        for sql in tables:
            cursor.execute(sql)
        for name in missing:
            cursor.execute(f"CREATE TRIGGER {name} {triggers[name]}")
        for sql in fill:
            cursor.execute(sql)
    return True


def repair(connection: BaseDatabaseWrapper) -> bool:
    """`install` again where migration 0009 did (its tables are there) and a trigger went
    missing since: after every migrate (shop/apps.py)."""
    if "shop_search_word" not in connection.introspection.table_names():
        return False
    return install(connection)


def _statement(statements: list[str], start: str) -> str:
    (statement,) = (sql for sql in statements if sql.startswith(start))
    return statement


def add_price(connection: BaseDatabaseWrapper) -> None:
    """Migration 0013 on tables made before it: the price column, the triggers and function
    that keep it, then the prices of the rows already there, each step committed at once
    (the migration is not atomic) so that nothing waits long: reads and searches go on
    throughout; on PostgreSQL a catalog write waits only for the rows of its own product.
    A price written meanwhile is kept by the new trigger or read by the fill that follows.
    Idempotent: a migration stopped half way is run again."""
    postgres = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        columns = connection.introspection.get_table_description(cursor, "shop_search_word")
        if "price" not in {column.name for column in columns}:
            cursor.execute(
                "ALTER TABLE shop_search_word ADD COLUMN price" + (" numeric" if postgres else "")
            )
        if postgres:
            cursor.execute(
                _statement(POSTGRES_TABLES, "CREATE OR REPLACE FUNCTION shop_search_add")
            )
            name = "shop_search_product_name"
            cursor.execute(f"CREATE OR REPLACE TRIGGER {name} {POSTGRES_TRIGGERS[name]}")
            cursor.execute(
                "UPDATE shop_search_word AS w SET price = p.price FROM shop_product AS p "
                "WHERE p.id = w.product_id AND w.price IS DISTINCT FROM p.price"
            )
            _include_price_in_key(cursor)
            # Index-only scans again (the rows were all written): autovacuum's work, now.
            cursor.execute("VACUUM (ANALYZE) shop_search_word")
        else:
            for name in ("shop_search_product_insert", "shop_search_product_name"):
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
                cursor.execute(f"CREATE TRIGGER {name} {SQLITE_TRIGGERS[name]}")
            cursor.execute(
                "UPDATE shop_search_word SET price = (SELECT p.price FROM shop_product AS p "
                "WHERE p.id = shop_search_word.product_id)"
            )


def _include_price_in_key(cursor) -> None:
    """PostgreSQL: the primary key INCLUDEs the price, as POSTGRES_TABLES makes it: a new
    index built without blocking writes, then swapped in (a moment's lock)."""
    cursor.execute("SELECT pg_get_indexdef('shop_search_word_pkey'::regclass)")
    if "price" in cursor.fetchone()[0]:
        return
    cursor.execute("DROP INDEX CONCURRENTLY IF EXISTS shop_search_word_next")
    cursor.execute(
        "CREATE UNIQUE INDEX CONCURRENTLY shop_search_word_next ON shop_search_word "
        "(word, product_id) INCLUDE (created, category_id, price)"
    )
    cursor.execute(
        "ALTER TABLE shop_search_word DROP CONSTRAINT shop_search_word_pkey, "
        "ADD CONSTRAINT shop_search_word_pkey PRIMARY KEY USING INDEX shop_search_word_next"
    )


def uninstall(connection: BaseDatabaseWrapper) -> None:
    postgres = connection.vendor == "postgresql"
    triggers = POSTGRES_TRIGGERS if postgres else SQLITE_TRIGGERS
    with connection.cursor() as cursor:
        for name in triggers:
            on = " ON shop_product" if postgres else ""
            cursor.execute(f"DROP TRIGGER IF EXISTS {name}{on}")
        for table in ("shop_search_word", "shop_search_token", "shop_search_state"):
            cursor.execute(f"DROP TABLE IF EXISTS {table}")
        if postgres:
            for function in (
                "shop_search_product_truncated()",
                "shop_search_product_changed()",
                "shop_search_add(shop_product)",
                "shop_search_tokens(text)",
            ):
                cursor.execute(f"DROP FUNCTION IF EXISTS {function}")
        else:
            cursor.execute("DROP TABLE IF EXISTS shop_search_text")
