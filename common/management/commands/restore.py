from django.core.management.base import BaseCommand, CommandError

from common.backup import restore


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py backup` into the configured database (replacing "
        "its contents) and media folder. Stop the app servers first."
    )

    def add_arguments(self, parser):
        parser.add_argument("folder")
        parser.add_argument("--yes", action="store_true", help="Do not ask for confirmation.")

    def handle(self, *args, folder, yes, **options):
        if (
            not yes
            and input("This replaces the current database. Type 'yes' to go on: ").strip() != "yes"
        ):
            raise CommandError("Restore cancelled.")
        try:
            restore(folder)
        except (OSError, RuntimeError) as exc:
            raise CommandError(str(exc))
        self.stdout.write(f"Restored {folder}.")
