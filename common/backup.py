"""Consistent backups of the database and the media folder, their retention, an off-machine
copy, and their restore.

SQLite is copied with its online backup API (a consistent snapshot while the shop keeps
running); PostgreSQL with pg_dump's custom format (one consistent snapshot) and
pg_restore. Media goes into a tar file, from the local folder or from every object of the S3
media bucket, and a restore puts it back where media lives now (an empty new bucket too).
The off-machine copy goes to a bucket of its own with keys that may only write (BACKUP_S3).

A backup holds password hashes, emails and orders: its folder is 0700 and its files 0600,
whatever the umask of the cron job or timer that runs it (docs/deploy.md).
"""

import json
import mimetypes
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
    manifest: dict[str, Any] = {
        "created": datetime.now(UTC).isoformat(),
        "vendor": connection.vendor,
    }
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
    elif not settings.SERVE_MEDIA:
        manifest["media"] = "media.tar.gz"
        manifest["mediaObjects"] = _bucket_to_tar(s3_bucket(), folder / "media.tar.gz")
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


def _bucket_to_tar(bucket: Any, path: Path) -> int:
    """Every object of the media bucket into a tar file, as media/<key>; returns how many.
    Old backups the previous layout kept in the media bucket (backups/) stay out."""
    count = 0
    with tarfile.open(path, "w:gz") as tar:
        for item in bucket.objects.all():
            if item.key.startswith(S3_PREFIX) or item.key.endswith("/"):
                continue
            body = item.get()["Body"]
            info = tarfile.TarInfo(f"media/{item.key}")
            info.size = item.size
            info.mtime = int(item.last_modified.timestamp())
            info.mode = 0o600
            tar.addfile(info, body)
            count += 1
    return count


def _tar_to_bucket(tar: tarfile.TarFile, bucket: Any) -> int:
    """Upload the backup's media files to the media bucket under their own names, with the
    headers the storage gives a new upload (a year's Cache-Control, its ACL, the type)."""
    options = settings.STORAGES["default"]["OPTIONS"]
    count = 0
    for member in _media_members(tar):
        if not member.isfile():
            continue
        key = member.name.removeprefix("media/")
        extra = dict(options.get("object_parameters") or {})
        extra["ContentType"] = mimetypes.guess_type(key)[0] or "application/octet-stream"
        if options.get("default_acl"):
            extra["ACL"] = options["default_acl"]
        bucket.upload_fileobj(tar.extractfile(member), key, ExtraArgs=extra)
        count += 1
    return count


def _media_members(tar: tarfile.TarFile) -> list[tarfile.TarInfo]:
    """The archive's members if each is a file or folder under media/: checked here, as
    tarfile's "data" filter is missing before Python 3.11.4 (Debian 12's python3)."""
    members = tar.getmembers()
    for member in members:
        parts = member.name.split("/")
        if parts[0] != "media" or ".." in parts or not (member.isfile() or member.isdir()):
            raise RuntimeError(f"Not a media backup: {member.name}")
    return members


def backup_bucket() -> Any:
    """The off-machine backup bucket (boto3), with its own keys, or None without one."""
    import boto3

    config = settings.BACKUP_S3
    if not config["bucket_name"]:
        return None
    return boto3.resource(
        "s3",
        endpoint_url=config["endpoint_url"],
        region_name=config["region_name"],
        aws_access_key_id=config["access_key"],
        aws_secret_access_key=config["secret_key"],
    ).Bucket(config["bucket_name"])


def copy_to_s3(folder: Path) -> str:
    """Upload the backup to the backup bucket under backups/<folder name>/ and return its S3
    URL. Uploads only: the shop's keys there may write, never list, read or delete, so a
    server that is broken into cannot wipe the copies (the bucket's lifecycle rule expires
    old ones)."""
    bucket = backup_bucket()
    if bucket is None:
        raise RuntimeError(
            "No backup bucket is configured (BACKUP_S3_BUCKET): the off-machine copy goes to a "
            "bucket of its own, never the media bucket."
        )
    if bucket.name == settings.AWS_STORAGE_BUCKET_NAME:
        raise RuntimeError("BACKUP_S3_BUCKET is the media bucket: give the backups their own.")
    folder = Path(folder)
    prefix = f"{S3_PREFIX}{folder.name}/"
    # The manifest last: a backup without one is unfinished and never counts as the newest.
    files = sorted(
        (path for path in folder.iterdir() if path.is_file()),
        key=lambda path: path.name == "manifest.json",
    )
    for path in files:
        bucket.upload_file(str(path), prefix + path.name)
    return f"s3://{bucket.name}/{prefix}"


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
        with tarfile.open(folder / manifest["media"], "r:gz") as tar:
            if settings.SERVE_MEDIA:
                _tar_to_folder(tar, Path(settings.MEDIA_ROOT))
            else:
                _tar_to_bucket(tar, s3_bucket())
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


def _tar_to_folder(tar: tarfile.TarFile, media_root: Path) -> None:
    media_parent = media_root.parent
    media_parent.mkdir(parents=True, exist_ok=True)
    members = _media_members(tar)
    if hasattr(tarfile, "data_filter"):
        tar.extractall(media_parent, members=members, filter="data")
    else:
        tar.extractall(media_parent, members=members)
    extracted = media_parent / "media"
    if extracted != media_root:
        _merge(extracted, media_root)


def _merge(source: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for path in source.rglob("*"):
        if path.is_file():
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            path.replace(destination)
