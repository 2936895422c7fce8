"""Entity tags: strong `ETag`s on answers and `If-None-Match` -> 304."""

from typing import Any

from django.http import HttpResponse
from django.utils.http import parse_etags
from rest_framework import status
from rest_framework.response import Response


def etag_matches(request: Any, etag: str) -> bool:
    """Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for GET)."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = [tag.removeprefix("W/") for tag in parse_etags(header)]
    return "*" in tags or etag in tags


def with_etag(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    return response


def not_modified(etag: str) -> HttpResponse:
    return with_etag(Response(status=status.HTTP_304_NOT_MODIFIED), etag)


def json_answer(body: bytes, etag: str | None = None) -> HttpResponse:
    """An answer rendered earlier (bytes of JSON), sent as it is."""
    response = HttpResponse(body, content_type="application/json")
    if etag:
        response["ETag"] = etag
    return response
