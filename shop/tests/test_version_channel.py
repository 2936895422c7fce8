"""The catalog version known without a query per request (shop/versionchannel.py): a cached
list and a cached product cost no query once the version is known, a write is seen by the
very next read, and a listener that is out sends reads to the database, never to an old
version. Real commits (transaction=True): the channel is not used inside a transaction.
tests/test_catalog_servers.py checks the same across two gunicorn servers."""

import os
import sqlite3
import threading
import time

import pytest
from django.db import connection, connections
from django.db.models import F

from shop import readcache, versionchannel, versioning
from shop.models import CatalogVersion
from tests.factories import make_product

pytestmark = pytest.mark.django_db(transaction=True)

LIST = "/api/products?page=1"


@pytest.fixture
def channel(settings):
    settings.CATALOG_VERSION_CHANNEL = True
    readcache.clear()
    versioning._product_versions.clear()
    connection._catalog_memo = None
    yield
    if connection.vendor == "postgresql":
        versionchannel.stop_listener()


def listening():
    """PostgreSQL: the process's listener is up and holds the current version."""
    if connection.vendor != "postgresql":
        return
    listener = versionchannel._listener()
    assert listener.connected.wait(10), "the catalog listener did not start"
    deadline = time.monotonic() + 5
    while versionchannel.known_version() is None and time.monotonic() < deadline:
        time.sleep(0.01)


def database_version():
    with connection.cursor() as cursor:
        cursor.execute(versionchannel.version_sql())
        return int(cursor.fetchone()[0])


def test_a_cached_list_and_product_cost_no_query(
    channel, customer_client, admin_client_api, django_assert_num_queries
):
    product = make_product(name="Channel Pod", types=2, images=1)
    versioning.catalog_changed()  # a commit on its own, as a writer's would be
    listening()
    first = customer_client.get(LIST)  # builds and keeps the answer, learns the version
    assert customer_client.get(f"/api/products/{product.pk}").status_code == 200
    with django_assert_num_queries(0):
        again = customer_client.get(LIST)
        detail = customer_client.get(f"/api/products/{product.pk}")
    assert again.status_code == detail.status_code == 200
    assert again.content == first.content and again["ETag"] == first["ETag"]

    response = admin_client_api.put(
        f"/api/products/{product.pk}", {"name": "Renamed Channel Pod"}, format="multipart"
    )
    assert response.status_code == 200
    shown = customer_client.get(LIST).json()["products"]
    assert [p["name"] for p in shown if p["id"] == product.pk] == ["Renamed Channel Pod"]
    assert customer_client.get(f"/api/products/{product.pk}").json()["name"] == (
        "Renamed Channel Pod"
    )


def commit_elsewhere():
    """A catalog write committed on another connection (another thread), as another process
    or server would: its on_commit waits for the listeners, as every writer's does."""
    from django.db import transaction

    def write():
        try:
            with transaction.atomic():
                versioning.catalog_changed()
        finally:
            connections.close_all()

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(timeout=15)
    assert not thread.is_alive()


def test_a_write_on_another_connection_is_known_at_once(channel):
    make_product()
    versioning.catalog_changed()
    listening()
    before = versioning.catalog_version()
    assert versioning.catalog_version() == before
    for _ in range(3):
        commit_elsewhere()
        assert versioning.catalog_version() == database_version() > before
        before = database_version()


@pytest.mark.postgres("a LISTEN connection and a second one to cut it")
def test_a_listener_that_is_out_sends_reads_to_the_database(channel):
    make_product()
    versioning.catalog_changed()
    listening()
    assert versionchannel.known_version() == database_version()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'shop-catalog-listener' AND datname = current_database()"
        )
    # Written behind the channel's back (no NOTIFY, no waiting): only a read of the
    # database can see it, and it must.
    CatalogVersion.objects.filter(slot=CatalogVersion.objects.first().slot).update(
        value=F("value") + 1
    )
    deadline = time.monotonic() + versionchannel.LEASE_SECONDS
    while time.monotonic() < deadline and versionchannel.known_version() is not None:
        time.sleep(0.01)
    assert versionchannel.known_version() in (None, database_version())
    assert versioning.catalog_version() == database_version()
    commit_elsewhere()  # waits for the listener: back (confirmed) or its lease out
    assert versioning.catalog_version() == database_version()


def test_inside_a_transaction_the_database_is_asked(channel, django_assert_num_queries):
    from django.db import transaction

    make_product()
    versioning.catalog_changed()
    listening()
    versioning.catalog_version()
    with transaction.atomic():
        versioning.catalog_changed()
        with django_assert_num_queries(1):
            seen = versioning.catalog_version()
        assert seen == database_version()


# SQLite: the WAL-index header, read from a mapping of the -shm file (plain sqlite3
# connections on a file of their own, as two processes' connections would be).


def wal_connection(path):
    raw = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    raw.execute("PRAGMA journal_mode=WAL")
    return raw


@pytest.fixture
def wal_file(tmp_path):
    path = tmp_path / "wal.sqlite3"
    writer = wal_connection(path)
    writer.execute("CREATE TABLE counter (value INTEGER)")
    writer.execute("INSERT INTO counter VALUES (0)")
    yield path, writer
    writer.close()


@pytest.mark.sqlite_only("plain sqlite3 files")
def test_every_commit_moves_the_mark_and_reading_it_asks_sqlite_nothing(wal_file):
    path, writer = wal_file
    reader = wal_connection(path)
    memo = versionchannel.SqliteMemo(reader)
    assert memo.index is not None and memo.index.path == f"{path}-shm"
    statements = []
    reader.set_trace_callback(statements.append)
    marks = [memo.current_mark()]
    reader.execute("SELECT value FROM counter").fetchall()
    assert memo.current_mark() == marks[0]  # a read commits nothing

    def commit(connection, sql="UPDATE counter SET value = value + 1"):
        connection.execute(sql)
        marks.append(memo.current_mark())
        assert marks[-1] is not None and marks[-1] not in marks[:-1]

    commit(writer)
    commit(reader)  # the connection's own commit too
    # A checkpoint that empties the WAL rewrites the header too (a read asks the database
    # once more, never less); the next commit starts the WAL afresh with new salts.
    writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    marks.append(memo.current_mark())
    commit(writer)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE counter SET value = value + 1")
    assert memo.current_mark() == marks[-1]  # not committed yet
    commit(writer, "COMMIT")
    assert statements == ["SELECT value FROM counter", "UPDATE counter SET value = value + 1"]
    reader.close()


@pytest.mark.sqlite_only("plain sqlite3 files")
def test_a_process_maps_a_wal_index_once_and_keeps_it_while_its_file_lives(wal_file):
    path, writer = wal_file
    first = versionchannel.SqliteMemo(writer)
    other = wal_connection(path)
    second = versionchannel.SqliteMemo(other)
    # One descriptor for the process, never closed while the file is in use: closing one
    # would drop SQLite's own locks on it.
    assert second.index is first.index
    os.fstat(first.index.fd)
    old = first.index
    other.close()
    writer.close()  # the last connection: SQLite deletes the -shm file
    assert not os.path.exists(f"{path}-shm")
    again = wal_connection(path)
    memo = versionchannel.SqliteMemo(again)
    assert memo.index is not old and memo.index.file != old.file
    assert old.header() is None  # closed once its file was gone: reads ask the database
    before = memo.current_mark()
    wal_connection(path).execute("UPDATE counter SET value = value + 1")
    assert memo.current_mark() != before
    again.close()


def test_a_database_without_a_wal_index_keeps_data_version(tmp_path):
    memory = sqlite3.connect(":memory:", isolation_level=None)
    assert versionchannel.SqliteMemo(memory).index is None
    plain = sqlite3.connect(tmp_path / "plain.sqlite3", isolation_level=None)
    plain.execute("CREATE TABLE counter (value INTEGER)")
    memo = versionchannel.SqliteMemo(plain)
    assert memo.index is None
    other = sqlite3.connect(tmp_path / "plain.sqlite3", isolation_level=None)
    before = memo.current_mark()
    other.execute("INSERT INTO counter VALUES (1)")
    assert memo.current_mark() != before
    for raw in (memory, plain, other):
        raw.close()
