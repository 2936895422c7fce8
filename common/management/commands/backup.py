import subprocess
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from common.backup import backup, copy_to_s3, dated_folder, prune


def written(manifest: dict[str, Any]) -> str:
    parts = ", ".join(k for k in ("database", "media") if k in manifest)
    if "mediaObjects" in manifest:
        parts += f" ({manifest['mediaObjects']} objects of the media bucket)"
    return parts


class Command(BaseCommand):
    help = (
        "Write a consistent backup of the database (SQLite online backup, or pg_dump) and "
        "of local media into a folder (0700, files 0600). Safe while the shop runs. With "
        "--dated the backup goes into a new folder named by the time under FOLDER, and "
        "--keep N then deletes all but the N newest there; --to-s3 copies it to the backup "
        "bucket (BACKUP_S3_BUCKET, its own keys)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "folder",
            help="Folder to write db.sqlite3/db.dump, media.tar.gz and manifest.json to "
            "(with --dated: the folder that holds the dated backups).",
        )
        parser.add_argument(
            "--dated",
            action="store_true",
            help="Write into a new subfolder of FOLDER named by the UTC time (20260301T070000Z).",
        )
        parser.add_argument(
            "--keep",
            type=int,
            metavar="N",
            help="Afterwards keep the N newest backups beside this one and delete older ones. "
            "Folders without a manifest.json are left alone; the backup bucket's own "
            "lifecycle rule expires copies there.",
        )
        parser.add_argument(
            "--to-s3",
            action="store_true",
            help="Also copy the backup to the backup bucket (BACKUP_S3_BUCKET, with the "
            "BACKUP_AWS_* keys, never the media bucket), under backups/<folder name>/.",
        )

    def handle(
        self, *args: Any, folder: str, dated: bool, keep: int | None, to_s3: bool, **options: Any
    ) -> None:
        if keep is not None and keep < 1:
            raise CommandError("--keep must be 1 or more.")
        target = dated_folder(folder) if dated else Path(folder)
        if dated and target.exists():
            raise CommandError(f"{target} exists already: one dated backup per second.")
        try:
            manifest = backup(target)
            self.stdout.write(f"Backup written to {target}: {written(manifest)}")
            if to_s3:
                self.stdout.write(f"Copied to {copy_to_s3(target)}")
            if keep:
                self._prune(target.parent if dated else target.resolve().parent, keep)
        except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
            raise CommandError(str(exc))

    def _prune(self, parent: Path, keep: int) -> None:
        for old in prune(parent, keep):
            self.stdout.write(f"Deleted the older backup {old}")
