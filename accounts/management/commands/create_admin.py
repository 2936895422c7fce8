import getpass
import os
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.people import admin_ensure
from common.errors import DomainError


class Command(BaseCommand):
    help = (
        "Create an admin (or make an existing user an admin with this password). Admins sign "
        "in to the shop with the password alone, and to /admin/ with email and password."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--email", required=True)
        parser.add_argument("--name", default="Shop admin")
        parser.add_argument(
            "--password",
            help="Default: the SHOP_ADMIN_PASSWORD variable, else asked for on the terminal.",
        )
        parser.add_argument(
            "--password-stdin",
            action="store_true",
            help="Read the password from the first line of standard input (scripted installs: "
            "no terminal, and the password stays out of the process list).",
        )

    def handle(
        self,
        *args: Any,
        email: str,
        name: str,
        password: str | None,
        password_stdin: bool,
        **options: Any,
    ) -> None:
        if password_stdin:
            password = sys.stdin.readline().rstrip("\r\n")
            if not password:
                raise CommandError("--password-stdin: standard input held no password.")
        password = password or os.environ.get("SHOP_ADMIN_PASSWORD") or self._ask()
        try:
            user, created = admin_ensure(email=email, password=password, name=name)
        except DomainError as exc:
            raise CommandError(exc.message)
        self.stdout.write(f"{'Created' if created else 'Updated'} admin {user.email}.")

    def _ask(self) -> str:
        if not sys.stdin.isatty():
            raise CommandError(
                "No terminal to ask for the password: give --password-stdin or SHOP_ADMIN_PASSWORD."
            )
        return getpass.getpass("Password: ")
