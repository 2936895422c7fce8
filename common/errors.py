"""One place that shapes every error answer and gives each kind of refusal its HTTP status:
{"message": ..., "code": ..., "errors"?: {...}}, and a 500's {"message", "code", "requestId"}.

Domain code raises the plain exceptions below (what went wrong, in the shop's terms); which
status each one answers is STATUSES, and the stable machine-readable `code` of an answer is
its exception's own or, failing one, CODES by status. Views never build error bodies.
"""

import logging
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger("shop.errors")

THROTTLED_MESSAGE = "Too many attempts. Please try again later."
UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment."
SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again."
PASSWORD_CHANGED_MESSAGE = "Your password was changed. Please sign in with the new one."


class DomainError(Exception):
    """A rule of the shop refused what was asked: `message` for the person (the spec's words),
    `errors` the fields at fault, `code` for programs (a subclass's, or one given here for a
    refusal a client tells apart; else the status's in CODES)."""

    code: str | None = None
    retry_after: int | None = None

    def __init__(
        self, message: str, *, errors: dict[str, list[str]] | None = None, code: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors
        if code is not None:
            self.code = code


class InvalidInput(DomainError):
    """What was sent breaks a rule; nothing changed."""


class SignInRefused(DomainError):
    """The credentials given do not sign anyone in."""

    code = "sign_in_refused"


class NotAllowed(DomainError):
    """The caller is known but may not do this."""


class NotFound(DomainError):
    """No such record."""


class Conflict(DomainError):
    """The record's state (stock, status, a duplicate) does not allow it."""


class StaleVersion(DomainError):
    """The record changed since the version the caller names."""


class VersionRequired(DomainError):
    """A change that must name the version it starts from did not."""


class TooLarge(DomainError):
    """A file or body over its limit."""


class TooManyAttempts(DomainError):
    """A rate limit; `retry_after` seconds until the next try may pass."""

    def __init__(self, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Unavailable(DomainError):
    """A service the request needs (image storage, password hashing) is away or busy: the
    message says what to do, `retry_after` when."""

    def __init__(self, message: str, *, retry_after: int = 30) -> None:
        super().__init__(message)
        self.retry_after = retry_after


# Each kind's HTTP status, the one place where domain errors meet HTTP.
STATUSES: dict[type[DomainError], int] = {
    InvalidInput: 400,
    SignInRefused: 401,
    NotAllowed: 403,
    NotFound: 404,
    Conflict: 409,
    StaleVersion: 412,
    TooLarge: 413,
    VersionRequired: 428,
    TooManyAttempts: 429,
    Unavailable: 503,
}

# The code of an answer whose error names none, by status: stable, clients branch on them.
CODES = {
    400: "invalid",
    401: "not_authenticated",
    403: "not_allowed",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    412: "stale_version",
    413: "too_large",
    415: "unsupported_media_type",
    428: "version_required",
    429: "throttled",
    500: "server_error",
    503: "unavailable",
}
PASSWORD_CHANGED_CODE = "password_changed"


def error_status(exc: DomainError) -> int:
    for kind in type(exc).__mro__:
        if kind in STATUSES:
            return STATUSES[kind]
    return 400


def _code(status: int) -> str:
    return CODES.get(status) or ("invalid" if status < 500 else "server_error")


def _first_text(detail: Any) -> str:
    if isinstance(detail, dict):
        for value in detail.values():
            text = _first_text(value)
            if text:
                return text
        return ""
    if isinstance(detail, (list, tuple)):
        for value in detail:
            text = _first_text(value)
            if text:
                return text
        return ""
    return str(detail)


def _flatten(detail: Any) -> dict[str, list[str]]:
    """DRF error detail -> {"field": ["text", ...]} with plain strings."""
    if isinstance(detail, dict):
        return {
            str(key): [str(v) for v in (value if isinstance(value, list) else [value])]
            if not isinstance(value, dict)
            else [_first_text(value)]
            for key, value in detail.items()
        }
    return {"non_field_errors": [str(v) for v in detail]}


def _body(message: str, code: str, errors: dict[str, list[str]] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return body


def domain_error_body(exc: DomainError) -> dict[str, Any]:
    return _body(exc.message, exc.code or _code(error_status(exc)), exc.errors)


def domain_error_headers(exc: DomainError) -> dict[str, str]:
    headers = {}
    if error_status(exc) == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="api"'
    if exc.retry_after:
        headers["Retry-After"] = str(exc.retry_after)
    return headers


def domain_error_response(exc: DomainError) -> JsonResponse:
    """A domain error's answer outside DRF (the Django admin, middleware)."""
    return JsonResponse(
        domain_error_body(exc), status=error_status(exc), headers=domain_error_headers(exc)
    )


def database_retry_after(exc: Exception) -> str:
    """Log a database that is busy or away, and say when to try again (seconds)."""
    if "database is locked" in str(exc):
        # SQLite's one write lock stayed taken for the whole busy timeout
        # (settings SQLITE_TIMEOUT): give up now, the client retries shortly.
        logger.warning("database busy: write lock not granted")
        return "2"
    # The database is away (restart, failover): say so quickly, not a 500 page.
    logger.warning("database unavailable: %s", exc.__class__.__name__)
    return "5"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return Response(
            domain_error_body(exc), status=error_status(exc), headers=domain_error_headers(exc)
        )
    if isinstance(exc, (OperationalError, InterfaceError)):
        return Response(
            _body(UNAVAILABLE_MESSAGE, _code(503)),
            status=503,
            headers={"Retry-After": database_retry_after(exc)},
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        if isinstance(exc, DatabaseError):
            logger.exception("database error")
        return None
    assert isinstance(exc, exceptions.APIException)  # the only kind DRF answers
    response.data = _drf_error_body(exc, response.status_code)
    return response


def _drf_error_body(exc: exceptions.APIException, status: int) -> dict[str, Any]:
    """The shop's body for one of DRF's own errors, in the words a person reads."""
    code = _code(status)
    if isinstance(exc, exceptions.Throttled):
        return _body(THROTTLED_MESSAGE, code)
    if isinstance(exc, exceptions.NotAuthenticated):
        return _body("Please sign in to continue.", code)
    if isinstance(exc, exceptions.AuthenticationFailed):
        if _token_revoked(exc):
            return _body(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_CODE)
        return _body(SESSION_EXPIRED_MESSAGE, code)
    if isinstance(exc, exceptions.ValidationError):
        return _body(_first_text(exc.detail) or "Invalid input.", code, _flatten(exc.detail))
    if isinstance(exc, exceptions.NotFound):
        return _body("Not found.", code)
    if isinstance(exc, exceptions.PermissionDenied):
        return _body("You do not have permission to do this.", code)
    return _body(_first_text(exc.detail) or "Request failed.", code)


def _token_revoked(exc: exceptions.AuthenticationFailed) -> bool:
    # A token from before a password change (accounts.authentication, code token_revoked)
    # says why, so the signed-out user knows to use the new password.
    # simplejwt puts its code in the detail dict, DRF on the detail itself.
    detail = exc.detail
    code = detail.get("code") if isinstance(detail, dict) else getattr(detail, "code", None)
    return str(code) == "token_revoked"


def json_error(
    message: str, status_code: int, *, request_id: str | None = None, code: str | None = None
) -> JsonResponse:
    body = _body(message, code or _code(status_code))
    # Only the 500 body carries its id (every answer has it in X-Request-ID): it is the one a
    # customer reports, and the other bodies' shape stays {"message", "code", "errors"?}.
    if request_id:
        body["requestId"] = request_id
    return JsonResponse(body, status=status_code)
