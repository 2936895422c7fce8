"""Request parsers that refuse what Python or the database cannot take, as a 400.

JSON nested a thousand levels deep exhausts Python's recursion (a 500 in the parser); it is
refused here, before any view code runs. So is text no field stores: a NUL character
(PostgreSQL refuses it, SQLite would keep it) or another control character, in any value or
key of a JSON, form or multipart body, with a 400 naming the field. Tab, line feed and
carriage return pass: fields that take lines need them, and a single-line field's own check
trims or refuses them. In query strings NUL is refused by common.middleware.
docs/security.md.
"""

import re
from typing import Any

from django.http import QueryDict
from rest_framework import parsers
from rest_framework.exceptions import ParseError, ValidationError

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


# C0 controls but tab, LF and CR; DEL; the C1 controls.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
HAS_NUL = "Null characters are not allowed."
HAS_CONTROL = "Control characters are not allowed."


def _text_refusal(text: str) -> str | None:
    found = CONTROL.search(text)
    if found is None:
        return None
    return HAS_NUL if "\x00" in text else HAS_CONTROL


def check_text(value: Any) -> None:
    """Refuse (400, under the field's name: dotted for nested values, "items.0.name") the
    first string or key of a parsed body that holds a control character."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            problem = _text_refusal(item)
            if problem:
                raise ValidationError({path or "non_field_errors": [problem]})
        elif isinstance(item, dict):
            for key, child in item.items():
                name = f"{path}.{key}" if path else str(key)
                problem = _text_refusal(str(key))
                if problem:
                    raise ValidationError({CONTROL.sub("?", name): [problem]})
                stack.append((child, name))
        elif isinstance(item, list):
            stack.extend((child, f"{path}.{i}" if path else str(i)) for i, child in enumerate(item))


def _check_form(data: QueryDict) -> None:
    check_text(
        {key: data.getlist(key) if len(data.getlist(key)) > 1 else data.get(key) for key in data}
    )


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(TOO_DEEP)
        check_json(data)
        check_text(data)
        return data


class FormParser(parsers.FormParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        _check_form(data)
        return data


class MultiPartParser(parsers.MultiPartParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        parsed = super().parse(stream, media_type, parser_context)
        _check_form(parsed.data)
        return parsed
