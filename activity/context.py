"""Where a write comes from, for its history entry (docs/api.md, Activity history).

One context variable holds the source of the writes running now: "api" or "admin" (set per
request by activity.middleware), "command" with the command's name (every manage.py
command, hooked in ActivityConfig.ready), or "system" (the scheduled commands of deploy/
and the task worker, and any write with no source set). The person is read from the
request when the entry is written: DRF authenticates a bearer token after the middleware
ran, and sets the request's user then."""

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.core.management.base import BaseCommand
from django.http import HttpRequest

API, ADMIN, COMMAND, SYSTEM = "api", "admin", "command", "system"
SOURCES = (API, ADMIN, COMMAND, SYSTEM)

# The commands deploy/ runs on timers, and the task worker: their writes are the shop's own
# jobs (e.g. expired holds), not an operator's. activity/tests/test_sources.py checks that
# every command of deploy/*.service is listed.
SYSTEM_COMMANDS = frozenset(
    {
        "axes_reset_logs",
        "backup",
        "clearsessions",
        "compliance_monthly",
        "delete_old_exports",
        "expire_pending_orders",
        "low_stock_digest",
        "prune_db_task_results",
        "run_worker",
    }
)


@dataclass(frozen=True)
class Source:
    kind: str
    command: str = ""
    request: HttpRequest | None = None

    def person(self) -> Any:
        user: Any = getattr(self.request, "user", None)
        # An anonymous request's user has no row.
        return user if getattr(user, "pk", None) and user.is_authenticated else None


_current: ContextVar[Source | None] = ContextVar("activity_source", default=None)


def current_source() -> Source:
    return _current.get() or Source(SYSTEM)


@contextmanager
def activity_source(
    kind: str, *, command: str = "", request: HttpRequest | None = None
) -> Iterator[Source]:
    """The writes inside are recorded as coming from `kind` (one of SOURCES)."""
    source = Source(kind, command, request)
    token = _current.set(source)
    try:
        yield source
    finally:
        _current.reset(token)


def request_source(path: str) -> str:
    return ADMIN if path.startswith("/admin/") else API


def command_name(command: BaseCommand) -> str:
    # A command's name is its module's (django/core/management: the file name).
    return type(command).__module__.rpartition(".")[2]


def install_command_hook() -> None:
    """Wrap BaseCommand.execute once, so every command (manage.py or call_command) runs
    inside its source. Django has no signal before a command runs; execute is the one
    method every command goes through."""
    original: Callable[..., Any] = BaseCommand.execute
    if getattr(original, "activity_hooked", False):
        return

    @functools.wraps(original)
    def execute(self: BaseCommand, *args: Any, **options: Any) -> Any:
        name = command_name(self)
        kind = SYSTEM if name in SYSTEM_COMMANDS else COMMAND
        with activity_source(kind, command=name):
            return original(self, *args, **options)

    execute.activity_hooked = True  # type: ignore[attr-defined]
    BaseCommand.execute = execute  # type: ignore[method-assign]
