from django.urls import path


def route(pattern, view, name=None):
    """The API answers a path with or without its trailing slash, and never redirects."""
    return [path(pattern, view, name=name), path(pattern + "/", view)]
