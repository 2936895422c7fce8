import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


@pytest.fixture
def migrate_to(transactional_db):
    """migrate_to(("orders", "0011_compliance")) -> the models as of that migration, the
    database migrated there (other apps' later migrations that need it go back too); the
    test's end migrates everything forward again. Transactional: SQLite alters tables only
    outside a transaction."""

    def migrate(target):
        executor = MigrationExecutor(connection)
        executor.migrate([target])
        return MigrationExecutor(connection).loader.project_state([target]).apps

    yield migrate
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
