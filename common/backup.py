"""Consistent backups of the database and the media folder, their retention, an off-machine
copy, and their restore.

SQLite is copied with its online backup API (a consistent snapshot while the shop keeps
running); PostgreSQL with pg_dump's custom format (one consistent snapshot) and
pg_restore. Media on the local disk goes into a tar file; media on S3 is left to the
bucket's own versioning and replication.

A backup holds password hashes, emails and orders: its folder is 0700 and its files 0600,
whatever the umask of the cron job or timer that runs it (docs/deploy.md).
"""

import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from django.conf import settings
from django.core.files.storage import storages
from django.db import connection, transaction
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from psycopg import sql

from common.mail import send_email

S3_PREFIX = "backups/"
NOT_SENT = (
    "Queued before the backup this database was restored from: not sent after the restore "
    "(`manage.py restore --keep-queued-emails` keeps such emails queued)."
)


class NotSentAfterRestore(Exception):
    """The error the Django admin's task results show for an email a restore cancelled."""


def _db() -> Any:
    return settings.DATABASES["default"]


def _pg_env_args(db: Any) -> tuple[dict[str, str], list[str]]:
    env = {}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = db["PASSWORD"]
    args = [
        "-h",
        db.get("HOST") or "localhost",
        "-p",
        str(db.get("PORT") or 5432),
        "-U",
        db.get("USER") or "postgres",
    ]
    return env, args


@contextmanager
def _private_files() -> Iterator[None]:
    """Files and folders made inside are the owner's alone, pg_dump's and tar's too."""
    previous = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(previous)


def backup(folder: Path) -> dict[str, Any]:
    folder = Path(folder)
    with _private_files():
        folder.mkdir(parents=True, exist_ok=True)
        manifest = _write_backup(folder)
    # A folder that existed before keeps its old mode otherwise.
    folder.chmod(0o700)
    for path in folder.rglob("*"):
        path.chmod(0o700 if path.is_dir() else 0o600)
    return manifest


def _write_backup(folder: Path) -> dict[str, Any]:
    db = _db()
    manifest = {"created": datetime.now(UTC).isoformat(), "vendor": connection.vendor}
    if connection.vendor == "sqlite":
        source = sqlite3.connect(db["NAME"])
        target = sqlite3.connect(folder / "db.sqlite3")
        with target:
            source.backup(target)
        source.close()
        target.close()
        manifest["database"] = "db.sqlite3"
    elif connection.vendor == "postgresql":
        env, args = _pg_env_args(db)
        subprocess.run(
            [
                "pg_dump",
                "--format=custom",
                "--no-owner",
                "--file",
                str(folder / "db.dump"),
                *args,
                db["NAME"],
            ],
            check=True,
            env={**os.environ, **env},
        )
        manifest["database"] = "db.dump"
    else:
        raise RuntimeError(f"No backup method for {connection.vendor}")
    media = Path(settings.MEDIA_ROOT)
    if settings.SERVE_MEDIA and media.is_dir():
        with tarfile.open(folder / "media.tar.gz", "w:gz") as tar:
            tar.add(media, arcname="media")
        manifest["media"] = "media.tar.gz"
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return manifest


def dated_folder(root: Path | str) -> Path:
    """A new backup's folder under root, named by the UTC time: names sort by age."""
    return Path(root) / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def _created(folder: Path) -> str:
    return json.loads((folder / "manifest.json").read_text())["created"]


def prune(root: Path, keep: int) -> list[Path]:
    """Delete all but the `keep` newest backups directly under root (by their manifests'
    time); folders without a manifest are not backups and stay. Returns the deleted paths."""
    backups = sorted(
        (path for path in Path(root).iterdir() if (path / "manifest.json").is_file()),
        key=_created,
        reverse=True,
    )
    for old in backups[keep:]:
        shutil.rmtree(old)
    return backups[keep:]


def s3_bucket() -> Any:
    """The media bucket (boto3) of the configured S3 storage, or None without one."""
    if not settings.AWS_STORAGE_BUCKET_NAME:
        return None
    storage: Any = storages["default"]
    return storage.bucket


def copy_to_s3(folder: Path, keep: int | None = None) -> tuple[str, list[str]]:
    """Upload the backup to the media bucket under backups/<folder name>/, then keep the `keep`
    newest backups there. Returns (the S3 URL, the deleted backups' names)."""
    bucket = s3_bucket()
    if bucket is None:
        raise RuntimeError("No S3 bucket is configured (AWS_STORAGE_BUCKET_NAME).")
    folder = Path(folder)
    prefix = f"{S3_PREFIX}{folder.name}/"
    # The manifest last: a backup without one is unfinished and never counts as the newest.
    files = sorted(
        (path for path in folder.iterdir() if path.is_file()),
        key=lambda path: path.name == "manifest.json",
    )
    for path in files:
        bucket.upload_file(str(path), prefix + path.name)
    deleted = _prune_s3(bucket, keep) if keep else []
    return f"s3://{bucket.name}/{prefix}", deleted


def _prune_s3(bucket: Any, keep: int) -> list[str]:
    created: dict[str, str] = {}
    objects: dict[str, list[str]] = {}
    for item in bucket.objects.filter(Prefix=S3_PREFIX):
        name, _, file = item.key[len(S3_PREFIX) :].partition("/")
        objects.setdefault(name, []).append(item.key)
        if file == "manifest.json":
            # The manifest's own time: S3's LastModified counts whole seconds only.
            created[name] = json.loads(item.get()["Body"].read())["created"]
    old = sorted(created, key=lambda name: created[name], reverse=True)[keep:]
    for name in old:
        bucket.delete_objects(Delete={"Objects": [{"Key": key} for key in objects[name]]})
    return old


def restore(
    folder: Path | str, *, keep_queued_emails: bool = False
) -> tuple[dict[str, Any], bool, int]:
    """Restore a backup; returns (manifest, whether the database was created, the number of
    queued emails marked as not to be sent)."""
    folder = Path(folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    db = _db()
    if manifest["vendor"] != connection.vendor:
        raise RuntimeError(
            f"Backup is of {manifest['vendor']}, this database is {connection.vendor}"
        )
    connection.close()
    created = False
    if connection.vendor == "sqlite":
        target_path = Path(db["NAME"])
        created = not target_path.exists()
        target_path.parent.mkdir(parents=True, exist_ok=True)
        source = sqlite3.connect(folder / manifest["database"])
        target = sqlite3.connect(target_path)
        with target:
            source.backup(target)
        source.close()
        target.close()
    else:
        created = _create_pg_database(db)
        env, args = _pg_env_args(db)
        subprocess.run(
            [
                "pg_restore",
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                *args,
                "-d",
                db["NAME"],
                str(folder / manifest["database"]),
            ],
            check=True,
            env={**os.environ, **env},
        )
    if manifest.get("media"):
        media_parent = Path(settings.MEDIA_ROOT).parent
        with tarfile.open(folder / manifest["media"], "r:gz") as tar:
            tar.extractall(media_parent, filter="data")
        extracted = media_parent / "media"
        if extracted != Path(settings.MEDIA_ROOT):
            _merge(extracted, Path(settings.MEDIA_ROOT))
    cancelled = 0 if keep_queued_emails else queued_emails_cancel()
    return manifest, created, cancelled


def _create_pg_database(db: Any) -> bool:
    """Create the configured database when it does not exist (a new server, a scratch
    restore); True when it was created."""
    params: dict[str, Any] = {
        "host": db.get("HOST") or "localhost",
        "port": db.get("PORT") or 5432,
        "user": db.get("USER") or "postgres",
        "password": db.get("PASSWORD") or None,
        "dbname": "postgres",
        "connect_timeout": 10,
    }
    try:
        with psycopg.connect(**params, autocommit=True) as admin:
            if admin.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [db["NAME"]]
            ).fetchone():
                return False
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(db["NAME"])))
    except psycopg.Error as exc:
        raise RuntimeError(
            f"Database {db['NAME']} does not exist and could not be created ({exc}). Create it "
            f"as PostgreSQL's superuser: createdb --owner {params['user']} {db['NAME']}"
        )
    return True


def queued_emails_cancel() -> int:
    """Mark the emails still queued in restored data as failed, so the worker does not send
    what customers already got (or, from an old backup, news that is no longer true).
    Returns how many."""
    with transaction.atomic():
        return DBTaskResult.objects.filter(
            task_path=send_email.module_path, status=TaskResultStatus.READY
        ).update(
            status=TaskResultStatus.FAILED,
            finished_at=timezone.now(),
            exception_class_path=f"{__name__}.{NotSentAfterRestore.__qualname__}",
            traceback=f"{__name__}.{NotSentAfterRestore.__qualname__}: {NOT_SENT}",
        )


def _merge(source: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for path in source.rglob("*"):
        if path.is_file():
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            path.replace(destination)
