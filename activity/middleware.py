"""Each request's writes are recorded with their door: the Django admin or the API
(activity/context.py)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from activity.context import activity_source, request_source


class ActivitySourceMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with activity_source(request_source(request.path_info), request=request):
            return self.get_response(request)
