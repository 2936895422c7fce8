"""Request parsers that refuse what Python cannot take, as a 400.

JSON nested a thousand levels deep exhausts Python's recursion (a 500 in the parser); it is
refused here, before any view code runs. NUL characters in body fields are refused by DRF's
CharField, field by field; in query strings by common.middleware. docs/security.md.
"""

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

MAX_JSON_DEPTH = 32
TOO_DEEP = f"The request body is nested too deeply (at most {MAX_JSON_DEPTH} levels)."


def check_json(value: Any, *, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Refuse a parsed JSON value nested deeper than max_depth; iterative, so a hostile
    document cannot exhaust the stack here either."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                raise ParseError(TOO_DEEP)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(TOO_DEEP)
        check_json(data)
        return data
