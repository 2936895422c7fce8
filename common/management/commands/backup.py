from django.core.management.base import BaseCommand

from common.backup import backup


class Command(BaseCommand):
    help = (
        "Write a consistent backup of the database (SQLite online backup, or pg_dump) and "
        "of local media into a folder. Safe while the shop runs."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "folder", help="Folder to write db.sqlite3/db.dump, media.tar.gz and manifest.json to."
        )

    def handle(self, *args, folder, **options):
        manifest = backup(folder)
        self.stdout.write(
            f"Backup written to {folder}: {', '.join(k for k in ('database', 'media') if k in manifest)}"
        )
