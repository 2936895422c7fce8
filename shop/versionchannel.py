"""How a process knows the catalog version without asking the database on every request
(docs/performance.md, "Knowing the catalog version"). shop.versioning asks `known_version`
first and the database only when it answers None; a writer calls `changed` in its
transaction. The promise is the one the database query gave: once a write's commit is
acknowledged, the next request on any process or server sees it; when the channel is out,
reads ask the database, never answer from an old version.

- **SQLite** (one machine): every commit in WAL mode rewrites the WAL-index header at the
  start of the database's -shm file, which SQLite's own readers compare to learn whether
  anything was committed. Each connection keeps the version it read with the header it
  read it at, from a read-only mapping of that file: an unchanged header means nothing was
  committed since, and the check is a memory read that never lets go of the GIL (PRAGMA
  data_version, the same check asked through the sqlite3 module, made every cached read
  queue for the GIL behind gunicorn's other threads: docs/performance.md). A database
  without that file (in memory, not in WAL mode) keeps `PRAGMA data_version`. A write on
  the connection itself forgets what it kept. Any commit (a throttle counter, a session)
  sends the next read to the database, never the other way round.
- **PostgreSQL**: each process runs a listener thread on its own connection
  (`LISTEN shop_catalog`), which every catalog write notifies in its transaction (delivered
  at commit). On a notification, and every RENEW_SECONDS without one, the listener reads
  the version, then records in the `shop_cataloglistener` table that it has seen it, with a
  lease of LEASE_SECONDS; the process answers from memory only while its lease holds. After
  its commit a writer waits until every row with a live lease has seen its version, so no
  process can answer an older one once the write is acknowledged. A listener that loses its
  connection drops its version at once (reads go to the database) and its row's lease runs
  out, so a writer waits for it at most LEASE_SECONDS.

Reads inside a transaction always ask the database: they must see their own writes.
"""

import atexit
import logging
import mmap
import os
import struct
import threading
import time
import uuid

from django.conf import settings
from django.db import DatabaseError, connection, transaction

from shop.models import CatalogListener, CatalogVersion

logger = logging.getLogger("shop.catalog")

CHANNEL = "shop_catalog"
LEASE_SECONDS = 2.0
RENEW_SECONDS = 0.5
# The local lease ends this much before the row's: clocks tick at slightly different rates.
LEASE_MARGIN = 0.25
WAIT_POLL_SECONDS = 0.002


def version_sql():
    table = connection.ops.quote_name(CatalogVersion._meta.db_table)
    return f'SELECT COALESCE(SUM("value"), 0) FROM {table}'


def known_version(*, fill=False):
    """The catalog version as this process knows it without asking, or None: ask. With
    `fill`, SQLite reads the version it lacks (one query) and keeps it."""
    if not settings.CATALOG_VERSION_CHANNEL or connection.in_atomic_block:
        return None
    if connection.vendor == "sqlite":
        known = _sqlite_known()
        if known is None and fill:
            with connection.cursor() as cursor:
                cursor.execute(version_sql())
                known = int(cursor.fetchone()[0])
            learned(known)
        return known
    if connection.vendor == "postgresql":
        return _listener().known()
    return None


def learned(version):
    """The version just read from the database: SQLite keeps it for its connection."""
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        memo = getattr(connection, "_catalog_memo", None)
        if memo is not None and memo.raw is connection.connection:
            memo.version = version


def changed():
    """A catalog write, inside its transaction: tell the other processes when it commits."""
    memo = getattr(connection, "_catalog_memo", None)
    if memo is not None:  # SQLite's data_version ignores the connection's own writes
        memo.version = None
    if connection.vendor != "postgresql" or not settings.CATALOG_VERSION_CHANNEL:
        return
    with connection.cursor() as cursor:
        cursor.execute(f"NOTIFY {CHANNEL}")
    # Once per transaction (a rollback drops the queued call with the rest).
    if not any(queued[1] is wait_for_listeners for queued in connection.run_on_commit):
        transaction.on_commit(wait_for_listeners)


# --- SQLite ---------------------------------------------------------------------------

# The WAL-index header: two copies of 48 bytes at the start of the -shm file, in the
# machine's byte order (sqlite.org/walformat.html, "The WAL-Index Header"). A writer
# rewrites the second copy, then the first, at every commit; the frame count, checksums and
# salts it holds change with each one.
WAL_HEADER = struct.Struct("=I4xIBBHIIIIIIII")
WAL_INDEX_VERSION = 3007000


class WalIndex:
    """A read-only mapping of one database's -shm file. Its descriptors stay open while
    the file lives: closing any descriptor of a file drops every POSIX lock the process
    holds on it, SQLite's own included (sqlite.org/howtocorrupt.html, 2.2)."""

    def __init__(self, path, fd):
        self.path = path
        self.fd = fd
        stat = os.fstat(fd)
        self.file = (stat.st_dev, stat.st_ino)
        try:
            self.map = mmap.mmap(fd, 2 * WAL_HEADER.size, access=mmap.ACCESS_READ)
        except (OSError, ValueError):  # shorter than a header: not one SQLite has set up
            self.map = None

    def header(self):
        """The header's bytes, or None while a writer is rewriting it (or none is mapped)."""
        try:
            both = self.map[: 2 * WAL_HEADER.size]
        except (TypeError, ValueError):  # none, or closed: its file was replaced
            return None
        first = both[: WAL_HEADER.size]
        return first if first == both[WAL_HEADER.size :] else None

    def valid(self):
        header = self.header()
        if header is None:
            return False
        version, _, initialised, *_ = WAL_HEADER.unpack(header)
        return version == WAL_INDEX_VERSION and initialised == 1

    def close(self):
        if self.map is not None:
            self.map.close()
        os.close(self.fd)


_wal_lock = threading.Lock()
_wal_indexes = {}  # -shm path -> WalIndex, in this process


def wal_index(raw):
    """The WAL index of the database a sqlite3 connection has open, or None (in memory,
    not in WAL mode, an unknown layout). The connection must have read once (it then holds
    the -shm file open, so the file at that path is the one it uses, until it closes)."""
    files = {name: path for _, name, path in raw.execute("PRAGMA database_list")}
    mode = raw.execute("PRAGMA journal_mode").fetchone()[0]
    if not files.get("main") or mode.lower() != "wal":
        return None
    path = files["main"] + "-shm"
    with _wal_lock:
        try:
            stat = os.stat(path)
            index = _wal_indexes.get(path)
            if index is None or index.file != (stat.st_dev, stat.st_ino):
                fresh = WalIndex(path, os.open(path, os.O_RDONLY))
                # The file it maps was deleted, which SQLite does once no connection has
                # it open: its descriptors hold no lock anyone needs.
                if index is not None:
                    index.close()
                index = _wal_indexes[path] = fresh
        except OSError:
            return None
        return index if index.valid() else None


class SqliteMemo:
    """What one connection knows: the mark of the last commit it saw (the WAL-index
    header, else PRAGMA data_version) and the catalog version read at that mark."""

    __slots__ = ("raw", "index", "mark", "version")

    def __init__(self, raw):
        self.raw = raw
        raw.execute("PRAGMA data_version").fetchone()  # a read: the -shm file is open
        self.index = wal_index(raw)
        self.mark = None
        self.version = None

    def current_mark(self):
        if self.index is not None:
            return self.index.header()
        return self.raw.execute("PRAGMA data_version").fetchone()[0]


def _sqlite_known():
    connection.ensure_connection()
    raw = connection.connection
    memo = getattr(connection, "_catalog_memo", None)
    if memo is None or memo.raw is not raw:
        memo = connection._catalog_memo = SqliteMemo(raw)
    mark = memo.current_mark()
    if mark is not None and mark == memo.mark and memo.version is not None:
        return memo.version
    # Read at this mark: `learned` completes it after the query.
    memo.mark, memo.version = mark, None
    return None


# --- PostgreSQL -----------------------------------------------------------------------


class Listener:
    """The process's listener thread and what it knows: (version, monotonic deadline)."""

    def __init__(self):
        self.pid = os.getpid()
        self.id = f"{os.uname().nodename[:30]}-{self.pid}-{uuid.uuid4().hex[:8]}"
        self.state = (None, 0.0)
        self.connected = threading.Event()
        self.stopping = threading.Event()
        self.params = connection.get_connection_params()
        self.version_sql = version_sql()
        self.table = connection.ops.quote_name(CatalogListener._meta.db_table)
        self.thread = threading.Thread(target=self.run, name="catalog-listener", daemon=True)
        self.thread.start()
        atexit.register(self.stop)

    def known(self):
        version, until = self.state
        if version is not None and time.monotonic() < until:
            return version
        return None

    def run(self):
        import psycopg

        outage = False
        while not self.stopping.is_set():
            try:
                params = {k: v for k, v in self.params.items() if k not in ("cursor_factory",)}
                params.update(autocommit=True, application_name="shop-catalog-listener")
                with psycopg.connect(**params) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    # Rows of processes gone for an hour: nobody waits for them anyway.
                    conn.execute(
                        f"DELETE FROM {self.table} WHERE \"expires\" < now() - interval '1 hour'"
                    )
                    outage = False
                    self.listen(conn)
            except Exception as error:
                if not outage:
                    logger.warning(
                        "catalog listener out (%s): reads ask the database",
                        type(error).__name__,
                    )
                outage = True
            finally:
                self.state = (None, 0.0)
                self.connected.clear()
            self.stopping.wait(1.0)

    def listen(self, conn):
        with conn.cursor() as cursor:
            while not self.stopping.is_set():
                self.confirm(cursor)
                self.connected.set()
                for _ in conn.notifies(timeout=RENEW_SECONDS, stop_after=1):
                    pass
            # A process that exits (a recycled worker) takes its row along: writers would
            # otherwise wait out its lease.
            self.state = (None, 0.0)
            cursor.execute(f'DELETE FROM {self.table} WHERE "id" = %s', [self.id])

    def confirm(self, cursor):
        """Read the version, hold it, then tell writers (in that order: a writer that sees
        the row must find the version already held)."""
        cursor.execute(self.version_sql)
        version = int(cursor.fetchone()[0])
        _, until = self.state
        self.state = (version, until)
        started = time.monotonic()
        cursor.execute(
            f'INSERT INTO {self.table} ("id", "seen", "expires") '
            "VALUES (%s, %s, now() + make_interval(secs => %s)) "
            'ON CONFLICT ("id") DO UPDATE SET "seen" = EXCLUDED."seen", '
            '"expires" = EXCLUDED."expires"',
            [self.id, version, LEASE_SECONDS],
        )
        self.state = (version, started + LEASE_SECONDS - LEASE_MARGIN)

    def stop(self):
        if self.pid == os.getpid():
            self.stopping.set()
            self.thread.join(timeout=5)


_listener_lock = threading.Lock()
_current = None


def _listener():
    global _current
    current = _current
    if current is None or current.pid != os.getpid():  # none yet, or inherited by a fork
        with _listener_lock:
            if _current is None or _current.pid != os.getpid():
                _current = Listener()
            current = _current
    return current


def stop_listener():
    """Stop this process's listener (tests; a process that exits just drops it)."""
    global _current
    with _listener_lock:
        if _current is not None and _current.pid == os.getpid():
            _current.stop()
        _current = None


def wait_for_listeners():
    """After a catalog write commits: return once every listener with a live lease holds
    its version or newer (at most a lease, for a listener that stopped answering)."""
    deadline = time.monotonic() + LEASE_SECONDS + LEASE_MARGIN
    table = connection.ops.quote_name(CatalogListener._meta.db_table)
    try:
        with connection.cursor() as cursor:
            cursor.execute(version_sql())
            version = int(cursor.fetchone()[0])
            while time.monotonic() < deadline:
                cursor.execute(
                    f'SELECT COUNT(*) FROM {table} WHERE "seen" < %s AND "expires" > now()',
                    [version],
                )
                if not cursor.fetchone()[0]:
                    return
                time.sleep(WAIT_POLL_SECONDS)
    except DatabaseError:
        # Whether a listener still holds an older version is unknown: outwait every lease.
        time.sleep(max(0.0, deadline - time.monotonic()))
        return
    logger.warning("a catalog listener did not confirm version %s within its lease", version)
