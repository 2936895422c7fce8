import getpass

from django.core.management.base import BaseCommand, CommandError

from accounts.services import admin_ensure
from common.errors import DomainError


class Command(BaseCommand):
    help = (
        "Create an admin (or make an existing user an admin with this password). Admins sign "
        "in to the shop with the password alone, and to /admin/ with email and password."
    )

    def add_arguments(self, parser):
        parser.add_argument("--email", required=True)
        parser.add_argument("--name", default="Shop admin")
        parser.add_argument("--password", help="Default: asked for on the terminal.")

    def handle(self, *args, email, name, password, **options):
        password = password or getpass.getpass("Password: ")
        try:
            user, created = admin_ensure(email=email, password=password, name=name)
        except DomainError as exc:
            raise CommandError(exc.message)
        self.stdout.write(f"{'Created' if created else 'Updated'} admin {user.email}.")
