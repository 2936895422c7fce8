from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from accounts.models import User


class Command(BaseCommand):
    help = (
        "List the accounts whose password today's rules would refuse. A password is judged "
        "when its plaintext is at hand: at each sign-in and at each validated change. Accounts "
        "that have not signed in since their password was set cannot be judged; they are "
        "counted, not listed (docs/security.md)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--forget",
            action="store_true",
            help="Forget every verdict, e.g. after the rules were tightened: each account is "
            "judged again at its next sign-in.",
        )

    def handle(self, *args: Any, forget: bool, **options: Any) -> None:
        if forget:
            count = User.objects.exclude(password_weak=None).update(password_weak=None)
            self.stdout.write(f"Forgot {count} verdict(s); each is made again at next sign-in.")
            return
        weak = User.objects.filter(password_weak=True).order_by("email")
        for user in weak:
            self.stdout.write(f"{user.email}\t{str(user.role)}\t{user.name}")
        unknown = User.objects.filter(password_weak=None).count()
        self.stdout.write(
            f"{len(weak)} account(s) with a password the rules would now refuse; "
            f"{unknown} not judged yet (no sign-in since their password was set)."
        )
