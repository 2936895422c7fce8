"""Outside the API (the Django admin, its sign-in), a database that is locked or away, or an
image storage that refuses a write, answers 503 with Retry-After too, instead of a 500 page.
API views answer the same way through common.errors.exception_handler; this catches what DRF
does not see."""

from django.db import InterfaceError, OperationalError

from common.errors import (
    UNAVAILABLE_MESSAGE,
    ServiceUnavailable,
    database_retry_after,
    json_error,
)


class DatabaseBusyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, ServiceUnavailable):
            response = json_error(exception.message, 503)
            response["Retry-After"] = str(exception.retry_after)
            return response
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        response = json_error(UNAVAILABLE_MESSAGE, 503)
        response["Retry-After"] = database_retry_after(exception)
        return response
