import getpass
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.services import admin_ensure
from common.errors import DomainError


class Command(BaseCommand):
    help = (
        "Create an admin (or make an existing user an admin with this password). Admins sign "
        "in to the shop with the password alone, and to /admin/ with email and password."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--email", required=True)
        parser.add_argument("--name", default="Shop admin")
        parser.add_argument("--password", help="Default: asked for on the terminal.")

    def handle(
        self, *args: Any, email: str, name: str, password: str | None, **options: Any
    ) -> None:
        password = password or getpass.getpass("Password: ")
        try:
            user, created = admin_ensure(email=email, password=password, name=name)
        except DomainError as exc:
            raise CommandError(exc.message)
        self.stdout.write(f"{'Created' if created else 'Updated'} admin {user.email}.")
