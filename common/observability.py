"""The request id every log line and error report carries, and the error reports (Sentry).

RequestLogMiddleware opens a request_context for each request: every log record made while
it runs gets its id (common.logging.RequestIdFilter), and so does an error report. A task
a request queued takes the id along and runs under it in the worker (`in_request_context`,
common/mail.py), so the worker's lines name the request that caused them.

Error reports (docs/security.md) carry the request id, the user id and the release, never a
password, token, cookie, header, request body, email body or a frame's local variables:
send_default_pii is off and `scrub_event` keeps only what is listed below.
"""

import contextvars
import functools
import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

_request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
_request: contextvars.ContextVar[Any] = contextvars.ContextVar("request", default=None)


def current_request_id() -> str | None:
    """The id of the request (or of the task's queuing request) being served, or None."""
    return _request_id.get()


@contextmanager
def request_context(request_id: str | None, request: Any = None) -> Iterator[None]:
    """Tag what runs inside with `request_id`: log lines and error reports. In the worker,
    each task gets a scope of its own, so breadcrumbs of one task never reach another's
    report."""
    id_token = _request_id.set(request_id or None)
    request_token = _request.set(request)
    # Without Sentry there is no scope to keep apart, and forking one costs every request.
    # Not imported until a DSN is set (init_sentry): the import is a twelfth of a start.
    sentry_sdk: Any = sys.modules.get("sentry_sdk")
    initialized = sentry_sdk is not None and sentry_sdk.is_initialized()
    scope = sentry_sdk.isolation_scope() if initialized else nullcontext()
    try:
        with scope:
            yield
    finally:
        _request.reset(request_token)
        _request_id.reset(id_token)


def in_request_context(func: Callable[..., Any]) -> Callable[..., Any]:
    """A task function runs under the request id it was queued with: enqueue it with
    `request_id=current_request_id()` (the function itself never sees that argument)."""

    @functools.wraps(func)
    def run(*args: Any, request_id: str | None = None, **kwargs: Any) -> Any:
        with request_context(request_id):
            return func(*args, **kwargs)

    return run


def _user_id(request: Any) -> Any:
    # DRF leaves the user it authenticated on the Django request. An error may come before
    # (or from) authentication: then the report simply has no user.
    try:
        user: Any = getattr(request, "user", None)
        if getattr(user, "is_authenticated", False):
            return user.pk
    except Exception:
        pass
    return None


# What a report may keep of the request: its method and URL (Sentry's own, without the
# query string). Headers, cookies, the body, the query string and the WSGI environment go.
_REQUEST_KEEP = {"method", "url"}
# Breadcrumbs of log lines (which never hold secrets: docs/security.md) and SQL statements
# (their parameters are never recorded); HTTP calls, subprocesses and Redis commands go.
_BREADCRUMB_CATEGORIES = {"query"}
_BREADCRUMB_KEEP = {"type", "category", "level", "message", "timestamp"}


def _frames(event: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for section in ("exception", "threads"):
        for value in (event.get(section) or {}).get("values") or []:
            yield from (value.get("stacktrace") or {}).get("frames") or []


def scrub_event(event: dict[str, Any], hint: Any = None) -> dict[str, Any]:
    """Sentry's before_send: the request id, the user id alone, and nothing that could hold a
    secret. Runs in the thread that reports, so it sees that thread's request context."""
    request_id = current_request_id()
    if request_id:
        event.setdefault("tags", {})["request_id"] = request_id
    user_id = _user_id(_request.get())
    event["user"] = {"id": str(user_id)} if user_id is not None else {}
    if "request" in event:
        event["request"] = {k: v for k, v in event["request"].items() if k in _REQUEST_KEEP}
    for frame in _frames(event):
        frame.pop("vars", None)
    # The command line of a manage.py command may hold a password (create_admin --password).
    (event.get("extra") or {}).pop("sys.argv", None)
    _scrub_breadcrumbs(event.get("breadcrumbs") or {})
    return event


def _scrub_breadcrumbs(breadcrumbs: Any) -> None:
    if breadcrumbs.get("values"):
        breadcrumbs["values"] = [
            {k: v for k, v in crumb.items() if k in _BREADCRUMB_KEEP}
            for crumb in breadcrumbs["values"]
            if crumb.get("type") == "log" or crumb.get("category") in _BREADCRUMB_CATEGORIES
        ]


def init_sentry(*, dsn: str, release: str | None, environment: str) -> None:
    """Report unhandled errors and ERROR log lines (a WARNING is a breadcrumb at most), from
    the web processes and the worker alike: settings call this wherever Django starts."""
    import sentry_sdk
    from sentry_sdk.integrations.django import DjangoIntegration
    from sentry_sdk.integrations.logging import LoggingIntegration

    sentry_sdk.init(
        dsn=dsn,
        release=release or None,
        environment=environment or None,
        send_default_pii=False,
        include_local_variables=False,
        max_request_body_size="never",
        before_send=scrub_event,  # type: ignore[arg-type]
        integrations=[
            DjangoIntegration(),
            LoggingIntegration(level=logging.INFO, event_level=logging.ERROR),
        ],
    )
