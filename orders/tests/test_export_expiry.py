"""A background export (orders/export.py) is kept EXPORT_FILES_KEEP_DAYS: its emailed link
then answers 404 saying so, and `manage.py delete_old_exports` (docs/deploy.md, Exports;
shop-housekeeping.timer) deletes its files, leaving younger exports and one still being
written alone."""

import io
import os
import re
import time
from datetime import timedelta
from pathlib import Path

import pytest
import time_machine
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.utils import timezone

from common.storedfiles import private_storage
from orders import export
from tests.test_deploy_files import SERVER_CHECKOUT, SERVER_ENV_FILE, run_empty_env

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "deploy.md"
DOCUMENTED = re.compile(r"^ {4}(cd /srv/shop/current && .*manage\.py delete_old_exports)$")
GONE = (
    "This export is no longer available: exports are kept for 7 days, then deleted. Select "
    "the orders and export them again."
)
OLD, YOUNG = "a" * 32, "b" * 32


def link(token):
    return f"/admin/orders/order/exports/{token}/"


def write_export(token, parts=2):
    for part in range(parts):
        text = "id,status\n1,pending\n" if part == 0 else "2,completed\n"
        private_storage().save(export.export_part_name(token, part), ContentFile(text.encode()))


@pytest.mark.django_db
def test_a_link_works_for_the_days_kept_then_answers_404_saying_so(media_root, admin_browser):
    write_export(OLD)

    answer = admin_browser.get(link(OLD))
    assert answer.status_code == 200
    assert b"".join(answer.streaming_content) == b"id,status\n1,pending\n2,completed\n"

    with time_machine.travel(timezone.now() + timedelta(days=7, minutes=1)):
        expired = admin_browser.get(link(OLD))
        # Past the days, the files not deleted yet: the link says so all the same.
        assert expired.status_code == 404
        assert GONE in expired.content.decode()
        assert len(export.export_parts(OLD)) == 2

        call_command("delete_old_exports", stdout=io.StringIO())
        deleted = admin_browser.get(link(OLD))

    assert export.export_parts(OLD) == []
    assert not (media_root / export.EXPORTS_DIR / OLD).exists()
    assert deleted.status_code == 404 and GONE in deleted.content.decode()
    unknown = admin_browser.get(link("0" * 32))
    assert unknown.status_code == 404 and GONE in unknown.content.decode()


def written_days_ago(path, days):
    moment = time.time() - days * 86400
    os.utime(path, (moment, moment))


@pytest.mark.django_db
def test_the_command_deletes_only_exports_past_the_days(media_root, settings, capsys):
    settings.EXPORT_FILES_KEEP_DAYS = 3
    write_export(OLD)
    write_export(YOUNG, parts=3)
    folder = media_root / export.EXPORTS_DIR
    for part in (folder / OLD).iterdir():
        written_days_ago(part, 4)
    # Its first parts are as old, its last one (the export's end) two days younger.
    for name in ("part-00000.csv", "part-00001.csv"):
        written_days_ago(folder / YOUNG / name, 4)
    written_days_ago(folder / YOUNG / "part-00002.csv", 2)

    call_command("delete_old_exports")
    call_command("delete_old_exports")

    assert capsys.readouterr().out.splitlines() == [
        "Deleted 1 export older than 3 days.",
        "Deleted 0 exports older than 3 days.",
    ]
    assert export.export_parts(OLD) == []
    assert len(export.export_parts(YOUNG)) == 3


@pytest.mark.live
@pytest.mark.sqlite_only("the documented line runs against a scratch shop of its own")
def test_the_documented_line_runs_as_written(tmp_path):
    (line,) = [m.group(1) for row in DOC.read_text().splitlines() if (m := DOCUMENTED.match(row))]
    env_file = tmp_path / "env"
    env_file.write_text(
        "SECRET_KEY=scratch-server-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz\n"
        f"DATABASE_URL=sqlite:///{tmp_path / 'db.sqlite3'}\n"
        f"VAR_DIR={tmp_path / 'var'}\n"
        "EXPORT_FILES_KEEP_DAYS=2\n"
    )
    env_file.chmod(0o600)
    exports = tmp_path / "var" / "media" / export.EXPORTS_DIR
    for token, age_days in ((OLD, 3), (YOUNG, 1)):
        (exports / token).mkdir(parents=True)
        part = exports / token / "part-00000.csv"
        part.write_text("id\n")
        written_days_ago(part, age_days)

    command = line.replace(SERVER_CHECKOUT, str(ROOT)).replace(SERVER_ENV_FILE, str(env_file))
    result = run_empty_env(["/bin/sh", "-c", command], cwd="/")

    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "Deleted 1 export older than 2 days.\n"
    assert sorted(p.name for p in exports.iterdir()) == [YOUNG]
