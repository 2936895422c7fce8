"""Outside the API (the Django admin, its sign-in), a database that is locked or away, or an
image storage that refuses a write, answers 503 with Retry-After too, instead of a 500 page.
API views answer the same way through common.errors.exception_handler; this catches what DRF
does not see."""

from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse

from common.errors import (
    UNAVAILABLE_MESSAGE,
    Unavailable,
    database_retry_after,
    domain_error_response,
    json_error,
)


class DatabaseBusyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Unavailable):
            return domain_error_response(exception)
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        response = json_error(UNAVAILABLE_MESSAGE, 503)
        response["Retry-After"] = database_retry_after(exception)
        return response
