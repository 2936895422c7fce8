from typing import Any

from django.urls import URLPattern, path


def route(pattern: str, view: Any, name: str | None = None) -> list[URLPattern]:
    """The API answers a path with or without its trailing slash, and never redirects."""
    return [path(pattern, view, name=name), path(pattern + "/", view)]
