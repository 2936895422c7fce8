"""One place that shapes every error answer: {"message": ..., "errors"?: {...}}, and a 500's
{"message": ..., "requestId": ...}.

Domain code raises the small set of exceptions below; views never build error bodies.
"""

import logging

from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger("shop.errors")

THROTTLED_MESSAGE = "Too many attempts. Please try again later."
UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment."


class DomainError(Exception):
    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(self, message, *, errors=None):
        super().__init__(message)
        self.message = message
        self.errors = errors


class BadRequest(DomainError):
    status_code = status.HTTP_400_BAD_REQUEST


class Unauthorized(DomainError):
    status_code = status.HTTP_401_UNAUTHORIZED


class Forbidden(DomainError):
    status_code = status.HTTP_403_FORBIDDEN


class NotFound(DomainError):
    status_code = status.HTTP_404_NOT_FOUND


class Conflict(DomainError):
    status_code = status.HTTP_409_CONFLICT


class PayloadTooLarge(DomainError):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE


def _first_text(detail):
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


def _flatten(detail):
    """DRF error detail -> {"field": ["text", ...]} with plain strings."""
    if isinstance(detail, dict):
        return {
            str(key): [str(v) for v in (value if isinstance(value, list) else [value])]
            if not isinstance(value, dict)
            else [_first_text(value)]
            for key, value in detail.items()
        }
    return {"non_field_errors": [str(v) for v in detail]}


def _body(message, errors=None):
    body = {"message": message}
    if errors:
        body["errors"] = errors
    return body


SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again."
PASSWORD_CHANGED_MESSAGE = "Your password was changed. Please sign in with the new one."


def database_retry_after(exc):
    """Log a database that is busy or away, and say when to try again (seconds)."""
    if "database is locked" in str(exc):
        # SQLite's one write lock stayed taken for the whole busy timeout
        # (settings SQLITE_TIMEOUT): give up now, the client retries shortly.
        logger.warning("database busy: write lock not granted")
        return "2"
    # The database is away (restart, failover): say so quickly, not a 500 page.
    logger.warning("database unavailable: %s", exc.__class__.__name__)
    return "5"


def exception_handler(exc, context):
    from rest_framework.response import Response

    if isinstance(exc, DomainError):
        return Response(
            _body(exc.message, exc.errors), status=exc.status_code, headers=_domain_headers(exc)
        )
    if isinstance(exc, (OperationalError, InterfaceError)):
        return Response(
            _body(UNAVAILABLE_MESSAGE),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
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
    response.data = _drf_error_body(exc)
    return response


def _domain_headers(exc):
    headers = {}
    if isinstance(exc, Unauthorized):
        headers["WWW-Authenticate"] = 'Bearer realm="api"'
    if getattr(exc, "retry_after", None):
        headers["Retry-After"] = str(exc.retry_after)
    return headers


def _drf_error_body(exc):
    """The shop's body for one of DRF's own errors, in the words a person reads."""
    if isinstance(exc, exceptions.Throttled):
        return _body(THROTTLED_MESSAGE)
    if isinstance(exc, exceptions.NotAuthenticated):
        return _body("Please sign in to continue.")
    if isinstance(exc, exceptions.AuthenticationFailed):
        return _body(_authentication_failed_message(exc))
    if isinstance(exc, exceptions.ValidationError):
        return _body(_first_text(exc.detail) or "Invalid input.", _flatten(exc.detail))
    if isinstance(exc, exceptions.NotFound):
        return _body("Not found.")
    if isinstance(exc, exceptions.PermissionDenied):
        return _body("You do not have permission to do this.")
    return _body(_first_text(exc.detail) or "Request failed.")


def _authentication_failed_message(exc):
    # A token from before a password change (accounts.authentication, code token_revoked)
    # says why, so the signed-out user knows to use the new password.
    # simplejwt puts its code in the detail dict, DRF on the detail itself.
    detail = exc.detail
    code = detail.get("code") if isinstance(detail, dict) else getattr(detail, "code", None)
    return PASSWORD_CHANGED_MESSAGE if str(code) == "token_revoked" else SESSION_EXPIRED_MESSAGE


def json_error(message, status_code, *, request_id=None):
    body = _body(message)
    # Only the 500 body carries its id (every answer has it in X-Request-ID): it is the one a
    # customer reports, and the other bodies' shape stays {"message", "errors"?}.
    if request_id:
        body["requestId"] = request_id
    return JsonResponse(body, status=status_code)


class TooManyRequests(DomainError):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS

    def __init__(self, message, *, retry_after=None):
        super().__init__(message)
        self.retry_after = retry_after


class PreconditionFailed(DomainError):
    status_code = status.HTTP_412_PRECONDITION_FAILED


class PreconditionRequired(DomainError):
    status_code = status.HTTP_428_PRECONDITION_REQUIRED


class ServiceUnavailable(DomainError):
    """A helper service the request needs (image storage) is down or refuses: 503, the
    message says what to do, Retry-After when to."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE

    def __init__(self, message, *, retry_after=30):
        super().__init__(message)
        self.retry_after = retry_after
