"""Consistent backups of the database and the media folder, and their restore.

SQLite is copied with its online backup API (a consistent snapshot while the shop keeps
running); PostgreSQL with pg_dump's custom format (one consistent snapshot) and
pg_restore. Media on the local disk goes into a tar file; media on S3 is left to the
bucket's own versioning and replication.
"""

import json
import sqlite3
import subprocess
import tarfile
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection


def _db():
    return settings.DATABASES["default"]


def _pg_env_args(db):
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


def backup(folder):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
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
            env={**_base_env(), **env},
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


def restore(folder):
    folder = Path(folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    db = _db()
    if manifest["vendor"] != connection.vendor:
        raise RuntimeError(
            f"Backup is of {manifest['vendor']}, this database is {connection.vendor}"
        )
    connection.close()
    if connection.vendor == "sqlite":
        source = sqlite3.connect(folder / manifest["database"])
        target = sqlite3.connect(db["NAME"])
        with target:
            source.backup(target)
        source.close()
        target.close()
    else:
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
            env={**_base_env(), **env},
        )
    if manifest.get("media"):
        media_parent = Path(settings.MEDIA_ROOT).parent
        with tarfile.open(folder / manifest["media"], "r:gz") as tar:
            tar.extractall(media_parent, filter="data")
        extracted = media_parent / "media"
        if extracted != Path(settings.MEDIA_ROOT):
            _merge(extracted, Path(settings.MEDIA_ROOT))
    return manifest


def _merge(source, target):
    target.mkdir(parents=True, exist_ok=True)
    for path in source.rglob("*"):
        if path.is_file():
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            path.replace(destination)


def _base_env():
    import os

    return dict(os.environ)
