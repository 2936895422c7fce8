"""Page-number pagination with the shape docs/api.md fixes:
{"<plural>": [...], "pagination": {"page", "limit", "totalItems", "totalPages", "hasNextPage"}},
and keyset pages of the same shape with "nextCursor" (keyset_answer).
"""

import base64
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from common.errors import InvalidInput

MAX_LIMIT = 100
MAX_NUMBER = 2**63 - 1


def _positive_int(raw: str | None, name: str, default: int) -> int:
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise InvalidInput(
            f"{name} must be a whole number from 1.",
            errors={name: ["Must be a whole number from 1."]},
        )
    # Past a 64-bit integer no page exists, and the answer could not even be written (JSON
    # encoders stop there): bad input, not a 500.
    if not 1 <= value <= MAX_NUMBER:
        raise InvalidInput(
            f"{name} must be a whole number from 1.",
            errors={name: ["Must be a whole number from 1."]},
        )
    return value


def page_params(request: Any, default_limit: int) -> tuple[int, int]:
    page = _positive_int(request.query_params.get("page"), "page", 1)
    limit = min(_positive_int(request.query_params.get("limit"), "limit", default_limit), MAX_LIMIT)
    return page, limit


def paginate(
    request: Any,
    queryset: Any,
    *,
    key: str,
    serialize: Callable[[Any], Any],
    default_limit: int,
    count: Callable[[], int] | None = None,
) -> dict[str, Any]:
    """The request's page of `queryset` (page_params, then page_answer)."""
    page, limit = page_params(request, default_limit)
    total = count() if count is not None else queryset.count()
    return page_answer(queryset, page=page, limit=limit, total=total, key=key, serialize=serialize)


def page_answer(
    queryset: Any,
    *,
    page: int,
    limit: int,
    total: int,
    key: str,
    serialize: Callable[[Any], Any],
) -> dict[str, Any]:
    """Slice `queryset` (already ordered, stably) for `page`; `serialize` gets the slice as
    a queryset, not yet run. `total` is the count of the whole list, which a caller may
    keep (e.g. per catalog version) instead of a COUNT(*) per request.

    A page past the end is an empty page, not an error: an infinite list whose rows were
    deleted between two requests should just stop.
    """
    start = (page - 1) * limit
    rows = queryset[start : start + limit] if start < total else queryset.none()
    pagination = _pagination(page=page, limit=limit, total=total, has_next=start + limit < total)
    return {key: serialize(rows), "pagination": pagination}


def _pagination(*, page: int, limit: int, total: int, has_next: bool) -> dict[str, Any]:
    """The `pagination` object of every paged answer (docs/api.md)."""
    return {
        "page": page,
        "limit": limit,
        "totalItems": total,
        "totalPages": math.ceil(total / limit) if total else 0,
        "hasNextPage": has_next,
    }


# --- Keyset (cursor) pages -----------------------------------------------------------------

BAD_CURSOR = "cursor is not one this list gave; start again from the first page."


def encode_cursor(position: dict[str, Any]) -> str:
    """An opaque token for where the next page starts (the list's own keys and the page
    number it will be), URL-safe."""
    raw = json.dumps(position, separators=(",", ":"), default=str).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(raw: str) -> dict[str, Any]:
    """The position of `encode_cursor`, or a 400 naming `cursor`."""
    try:
        padded = raw + "=" * (-len(raw) % 4)
        position = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (ValueError, UnicodeError):
        position = None
    if not isinstance(position, dict):
        raise InvalidInput(BAD_CURSOR, errors={"cursor": [BAD_CURSOR]})
    return position


def keyset_answer(
    queryset: Any,
    *,
    page: int,
    limit: int,
    total: int,
    key: str,
    serialize: Callable[[Any], Any],
    next_cursor: Callable[[Any, int], str],
) -> dict[str, Any]:
    """A page read from `queryset`, already narrowed to the rows after the cursor's
    position: one row more than `limit` says whether another page follows, with no COUNT
    and no OFFSET. The shape is page_answer's, plus `nextCursor` (null on the last page):
    `next_cursor(last row, next page number)` writes it (encode_cursor)."""
    rows = list(queryset[: limit + 1])
    more = len(rows) > limit
    rows = rows[:limit]
    cursor = next_cursor(rows[-1], page + 1) if more else None
    pagination = _pagination(page=page, limit=limit, total=total, has_next=more)
    return {key: serialize(rows), "pagination": {**pagination, "nextCursor": cursor}}


@dataclass(frozen=True)
class NewestPosition:
    """Where a page of a newest-first list (created_at, then id, both descending) ended: the
    next page starts after this row. Rows added meanwhile are newer and never shift a page.
    Its cursor is the one orders.filters.OrderPosition writes."""

    created_at: datetime
    row_id: int

    def as_cursor(self, page: int) -> str:
        return encode_cursor({"at": self.created_at.isoformat(), "id": self.row_id, "page": page})

    def rows_after(self, queryset: Any) -> Any:
        # created_at <= the position is the index range; the exclude drops the position's
        # own moment up to its id.
        return queryset.filter(created_at__lte=self.created_at).exclude(
            created_at=self.created_at, id__gte=self.row_id
        )


def parse_newest_cursor(raw: str) -> tuple[NewestPosition, int]:
    """The position and page number of a NewestPosition `cursor`, or a 400 naming it."""
    position = decode_cursor(raw)
    try:
        at = datetime.fromisoformat(position["at"])
        row_id, page = int(position["id"]), int(position["page"])
    except (KeyError, TypeError, ValueError):
        at, row_id, page = None, 0, 0
    if (
        at is None
        or at.tzinfo is None
        or not 1 <= row_id <= MAX_NUMBER
        or not 2 <= page <= MAX_NUMBER
    ):
        raise InvalidInput(BAD_CURSOR, errors={"cursor": [BAD_CURSOR]})
    return NewestPosition(created_at=at, row_id=row_id), page
