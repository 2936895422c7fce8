from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from accounts.selectors import registration_code_exists, registration_code_list
from accounts.services import (
    CODE_DISABLED,
    registration_code_create,
    registration_code_disable,
)
from common.errors import DomainError


class Command(BaseCommand):
    help = "Create, list or disable registration codes (new customers need one to sign up)."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        create = sub.add_parser("create", help="Create a code and print it.")
        create.add_argument("--code", help="The code itself (default: a random one).")
        create.add_argument("--note", default="", help="Who or what the code is for.")
        create.add_argument(
            "--days", type=int, help="Expires after this many days (default: never)."
        )
        create.add_argument(
            "--max-uses", type=int, help="How many registrations it allows (default: unlimited)."
        )
        sub.add_parser("list", help="List every code with its state.")
        disable = sub.add_parser("disable", help="Disable a code.")
        disable.add_argument("code")

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        actions = {"create": self._create, "list": self._list, "disable": self._disable}
        actions[action](**options)

    def _create(
        self,
        *,
        days: int | None = None,
        code: str | None = None,
        note: str = "",
        max_uses: int | None = None,
        **options: Any,
    ) -> None:
        if days is not None and days < 1:
            # 0 used to read as "no expiry" and made a code that never expires.
            raise CommandError(
                "--days must be 1 or more. Leave it out for a code that never expires; "
                "disable a code to stop it at once."
            )
        if registration_code_exists(code or ""):
            raise CommandError(f"A code {code} exists already.")
        expires = timezone.now() + timedelta(days=days) if days is not None else None
        created = registration_code_create(
            code=code, note=note, expires_at=expires, max_uses=max_uses
        )
        self.stdout.write(created.code)

    def _list(self, **options: Any) -> None:
        now = timezone.now()
        for code in registration_code_list():
            state = "usable" if code.is_usable(now) else "not usable"
            uses = f"{code.use_count}/{code.max_uses if code.max_uses is not None else '∞'}"
            expires = code.expires_at.isoformat() if code.expires_at else "never"
            self.stdout.write(f"{code.code}\t{state}\tuses {uses}\texpires {expires}\t{code.note}")

    def _disable(self, *, code: str, **options: Any) -> None:
        try:
            registration_code_disable(code=code)
        except DomainError as exc:
            raise CommandError(exc.message)
        self.stdout.write(CODE_DISABLED.format(code=code))
