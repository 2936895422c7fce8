"""The rollups' command lines in docs/deploy.md ("Rollups") run as written, from an empty
environment, against a scratch shop with orders: exit 0 when the day totals agree with the
orders, 1 naming the difference after a change made around the services, and the rebuild
makes them agree again, as often as it runs."""

import re
import sqlite3
from pathlib import Path

import pytest

from tests.liveserver import prepare_env_file_shop
from tests.test_deploy_files import SERVER_CHECKOUT, SERVER_ENV_FILE, run_empty_env

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "deploy.md"
LINE = re.compile(r"^ {4}(cd /srv/shop/current && .*manage\.py (check|rebuild)_rollups.*)$")

pytestmark = [
    pytest.mark.live,
    pytest.mark.sqlite_only("the documented lines run on a scratch SQLite shop of their own"),
]


def documented():
    """{command name: the line as docs/deploy.md gives it}."""
    lines = [m.group(1) for line in DOC.read_text().splitlines() if (m := LINE.match(line))]
    return {line.split("manage.py ", 1)[1]: line for line in lines}


def run(line, env_file):
    command = line.replace(SERVER_CHECKOUT, str(ROOT)).replace(SERVER_ENV_FILE, str(env_file))
    return run_empty_env(["/bin/sh", "-c", command], cwd="/")


def test_the_documented_rollup_lines_run_as_written(tmp_path):
    database = tmp_path / "db.sqlite3"
    env_file = tmp_path / "env"
    env_file.write_text(
        "SECRET_KEY=scratch-server-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz\n"
        f"DATABASE_URL=sqlite:///{database}\n"
        f"VAR_DIR={tmp_path / 'var'}\n"
        "EMAIL_BACKEND=django.core.mail.backends.console.EmailBackend\n"
    )
    env_file.chmod(0o600)
    prepare_env_file_shop(env_file)
    lines = documented()
    assert set(lines) == {"check_rollups", "rebuild_rollups"}
    with sqlite3.connect(database) as db:
        user_id = db.execute("SELECT id FROM accounts_user ORDER BY id LIMIT 1").fetchone()[0]
        db.execute(
            "INSERT INTO orders_order (user_id, customer_name, status, delivery_option,"
            " delivery_address, phone_number, delivery_time, delivery_zip, shipping_state,"
            " id_check_required, special_instructions, subtotal, delivery_fee, total, discount,"
            " excise_tax, sales_tax, sales_tax_rate, excise_tax_rate, tax_place,"
            " excise_tax_label, promo_code, promo_kind, request_hash, created_at, updated_at,"
            " handover_id_type, handover_recipient, handover_home_address, compliance_rules)"
            " VALUES (?, 'Typed In', 'pending', 'pickup', '', '', '', '', '', 0, '', 10, 0,"
            " 10.88, 0, 0, 0.88, 8.75, 0, 'Pickup', '', '', '', '', '2026-06-10 19:00:00',"
            " '2026-06-10 19:00:00', '', '', '', '[]')",
            (user_id,),
        )

    # An order written in SQL, around the services: the totals do not know it.
    differs = run(lines["check_rollups"], env_file)
    assert differs.returncode == 1, differs.stdout + differs.stderr
    assert "orders (datetime.date(2026, 6, 10), 'pending', 'pickup'" in differs.stderr
    assert "1 rollup row(s) differ from a recount: run manage.py rebuild_rollups." in (
        differs.stderr
    )

    for _ in range(2):
        rebuilt = run(lines["rebuild_rollups"], env_file)
        assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
        assert re.fullmatch(
            r"Rollups rebuilt: 1 order row\(s\), 0 product row\(s\)\.\n", rebuilt.stdout
        )
        agree = run(lines["check_rollups"], env_file)
        assert agree.returncode == 0, agree.stdout + agree.stderr
        assert agree.stdout == "Rollups agree with a full recount of the orders.\n"
