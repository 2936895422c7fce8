"""The stock audit's command lines in docs/deploy.md ("Stock audit") run as written, from an
empty environment, against a scratch shop with the demo catalog: exit 0 on a clean shop, 1
naming a tampered figure, and `--correct` makes the ledger add up again."""

import re
import sqlite3
from pathlib import Path

import pytest

from tests.liveserver import prepare_env_file_shop
from tests.test_deploy_files import SERVER_CHECKOUT, SERVER_ENV_FILE, run_empty_env

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "deploy.md"
AUDIT_LINE = re.compile(r"^ {4}(cd /srv/shop/current && .*manage\.py stock_audit.*)$")

# The documented lines run manage.py in processes of their own, on a scratch SQLite shop
# whatever the run's database.
pytestmark = [
    pytest.mark.live,
    pytest.mark.sqlite_only("the documented lines run on a scratch SQLite shop of their own"),
]


def documented():
    """{`stock_audit` arguments: the line as docs/deploy.md gives it}."""
    lines = [m.group(1) for line in DOC.read_text().splitlines() if (m := AUDIT_LINE.match(line))]
    return {line.split("manage.py ", 1)[1]: line for line in lines}


def run(line, env_file):
    command = line.replace(SERVER_CHECKOUT, str(ROOT)).replace(SERVER_ENV_FILE, str(env_file))
    return run_empty_env(["/bin/sh", "-c", command], cwd="/")


@pytest.fixture
def scratch_shop(tmp_path):
    database = tmp_path / "db.sqlite3"
    env_file = tmp_path / "env"
    env_file.write_text(
        "SECRET_KEY=scratch-server-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz\n"
        f"DATABASE_URL=sqlite:///{database}\n"
        f"VAR_DIR={tmp_path / 'var'}\n"
        "EMAIL_BACKEND=django.core.mail.backends.console.EmailBackend\n"
    )
    env_file.chmod(0o600)
    prepare_env_file_shop(env_file)  # migrated, with the demo catalog
    return env_file, database


def test_the_documented_audit_lines_run_as_written(scratch_shop):
    env_file, database = scratch_shop
    lines = documented()
    assert set(lines) == {"stock_audit", "stock_audit --correct"}

    clean = run(lines["stock_audit"], env_file)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert re.fullmatch(
        r"Stock ledger OK: all \d+ stock figures match their moves\.\n", clean.stdout
    )

    with sqlite3.connect(database) as db:
        product_id, name = db.execute(
            "SELECT id, name FROM shop_product WHERE quantity > 0 ORDER BY id LIMIT 1"
        ).fetchone()
        db.execute("UPDATE shop_product SET quantity = quantity + 3 WHERE id = ?", (product_id,))
    tampered = run(lines["stock_audit"], env_file)
    assert tampered.returncode == 1
    assert f"MISMATCH product #{product_id} {name}: stock is" in tampered.stdout
    assert "1 of" in tampered.stderr and "do not match the stock ledger" in tampered.stderr

    corrected = run(lines["stock_audit --correct"], env_file)
    assert corrected.returncode == 0, corrected.stdout + corrected.stderr
    assert "Recorded a correction move for 1 of" in corrected.stdout
    again = run(lines["stock_audit"], env_file)
    assert again.returncode == 0 and "Stock ledger OK" in again.stdout
