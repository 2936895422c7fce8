import subprocess
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from common.backup import restore


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py backup` into the configured database (created "
        "when missing, on PostgreSQL; its contents replaced) and media folder. Emails still "
        "queued in the backup are marked as not to be sent unless --keep-queued-emails. Stop "
        "the app servers and workers first."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder")
        parser.add_argument("--yes", action="store_true", help="Do not ask for confirmation.")
        parser.add_argument(
            "--keep-queued-emails",
            action="store_true",
            help="Leave the emails queued in the backup queued: the worker sends them again.",
        )

    def handle(
        self, *args: Any, folder: str, yes: bool, keep_queued_emails: bool, **options: Any
    ) -> None:
        if (
            not yes
            and input("This replaces the current database. Type 'yes' to go on: ").strip() != "yes"
        ):
            raise CommandError("Restore cancelled.")
        try:
            _, created, cancelled = restore(folder, keep_queued_emails=keep_queued_emails)
        except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
            raise CommandError(str(exc))
        if created:
            self.stdout.write("The database did not exist: created it.")
        self.stdout.write(f"Restored {folder}.")
        if keep_queued_emails:
            self.stdout.write("Emails queued in the backup stay queued: the worker sends them.")
        else:
            self.stdout.write(
                f"{cancelled} email(s) queued in the backup marked as not to be sent "
                "(--keep-queued-emails keeps them queued)."
            )
