"""A backup restored into a fresh database holds the same data (both backends)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.liveserver import pg_database, pg_server

ROOT = Path(__file__).resolve().parents[2]
COUNT_ROWS = (
    "from accounts.models import User; from shop.models import Product; from orders.models import Order; "
    "print(User.objects.count(), Product.objects.count(), Order.objects.count(), "
    "sorted(Order.objects.values_list('id', 'total')))"
)
PLACE_ORDER = (
    "from accounts.models import User; from orders.services import order_checkout; "
    "from shop.models import Product; from shop.stock import StockLine; "
    "p = Product.objects.create(name='Backup Lamp', price='12.50', quantity=3, category_id='party-supplies'); "
    "u = User.objects.get(email='shopper@example.com'); "
    "order_checkout(user=u, lines=[StockLine(product_id=p.pk, type_id=None, quantity=1)], "
    "customer_name='Backup Tester', delivery_option='pickup', notify=False)"
)


def manage(*args, database_url, media_root):
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "MEDIA_ROOT": str(media_root),
        "SECRET_KEY": os.environ.get("SECRET_KEY", "backup-test-secret"),
    }
    env.pop("DEBUG", None)
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture
def database_pair(tmp_path):
    """Two empty databases of this run's backend: (source_url, target_url)."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'source.sqlite3'}", f"sqlite:///{tmp_path / 'target.sqlite3'}"
        return
    server = pg_server(connection.settings_dict)
    with (
        pg_database(server, "backup_source") as source,
        pg_database(server, "backup_target") as target,
    ):
        yield source, target


def test_backup_restores_into_a_fresh_database(database_pair, tmp_path):
    source, target = database_pair
    media_a, media_b = tmp_path / "media-a", tmp_path / "media-b"
    manage("migrate", "--noinput", "-v0", database_url=source, media_root=media_a)
    manage("demo_data", database_url=source, media_root=media_a)
    manage("shell", "-c", PLACE_ORDER, database_url=source, media_root=media_a)
    before = manage("shell", "-c", COUNT_ROWS, database_url=source, media_root=media_a)

    manage("backup", str(tmp_path / "backup"), database_url=source, media_root=media_a)
    manage("migrate", "--noinput", "-v0", database_url=target, media_root=media_b)
    manage("restore", str(tmp_path / "backup"), "--yes", database_url=target, media_root=media_b)

    after = manage("shell", "-c", COUNT_ROWS, database_url=target, media_root=media_b)
    assert after == before
    assert " 1 [(" in after  # the order placed before the backup is there
    stored = {p.relative_to(media_a) for p in media_a.rglob("*") if p.is_file()}
    assert stored and stored == {p.relative_to(media_b) for p in media_b.rglob("*") if p.is_file()}
