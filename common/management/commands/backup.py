import subprocess
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from common.backup import backup, copy_to_s3, dated_folder, prune


class Command(BaseCommand):
    help = (
        "Write a consistent backup of the database (SQLite online backup, or pg_dump) and "
        "of local media into a folder (0700, files 0600). Safe while the shop runs. With "
        "--dated the backup goes into a new folder named by the time under FOLDER, and "
        "--keep N then deletes all but the N newest there; --to-s3 copies it to the media bucket."
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
            help="Afterwards keep the N newest backups beside this one (and in S3 with "
            "--to-s3) and delete older ones. Folders without a manifest.json are left alone.",
        )
        parser.add_argument(
            "--to-s3",
            action="store_true",
            help="Also copy the backup to the S3 media bucket (AWS_STORAGE_BUCKET_NAME), "
            "under backups/<folder name>/.",
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
            parts = ", ".join(k for k in ("database", "media") if k in manifest)
            self.stdout.write(f"Backup written to {target}: {parts}")
            if to_s3:
                self._copy_to_s3(target, keep)
            if keep:
                self._prune(target.parent if dated else target.resolve().parent, keep)
        except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
            raise CommandError(str(exc))

    def _copy_to_s3(self, target: Path, keep: int | None) -> None:
        url, deleted = copy_to_s3(target, keep)
        self.stdout.write(f"Copied to {url}")
        for name in deleted:
            self.stdout.write(f"Deleted the older S3 backup {name}")

    def _prune(self, parent: Path, keep: int) -> None:
        for old in prune(parent, keep):
            self.stdout.write(f"Deleted the older backup {old}")
