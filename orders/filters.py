"""The admin order list's filters, read from a query string: each value is checked, and a
bad one is a 400 naming the parameter (never an empty list that hides a typo)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import NoReturn

from common.errors import InvalidInput
from common.pagination import BAD_CURSOR, MAX_NUMBER, decode_cursor, encode_cursor
from common.querydates import query_date_range
from orders.models import OrderStatus
from orders.pricing import DeliveryOption

MAX_SEARCH_LENGTH = 200
ORDER_NUMBER = re.compile(r"#?(\d{1,18})")


@dataclass(frozen=True)
class OrderFilters:
    status: str = ""
    delivery_option: str = ""
    search: str = ""
    date_from: date | None = None
    date_to: date | None = None
    due_today: bool = False
    # The users whose email holds `search`, once looked up (orders.selectors.order_filters_resolved).
    customer_ids: tuple[int, ...] | None = None

    def without_status(self) -> "OrderFilters":
        return OrderFilters(**{**self.__dict__, "status": ""})


@dataclass(frozen=True)
class OrderPosition:
    """Where a page of the newest-first list ended: the next page starts after this order
    (keyset pagination: an index range, however deep the page; orders placed meanwhile are
    newer and never shift a page)."""

    created_at: datetime
    order_id: int

    def as_cursor(self, page: int) -> str:
        return encode_cursor({"at": self.created_at.isoformat(), "id": self.order_id, "page": page})


def parse_order_cursor(raw: str) -> tuple[OrderPosition, int]:
    """The position and page number of a `cursor` the list gave, or a 400 naming it."""
    position = decode_cursor(raw)
    try:
        at = datetime.fromisoformat(position["at"])
        order_id, page = int(position["id"]), int(position["page"])
    except (KeyError, TypeError, ValueError):
        at, order_id, page = None, 0, 0
    if (
        at is None
        or at.tzinfo is None
        or not 1 <= order_id <= MAX_NUMBER
        or not 2 <= page <= MAX_NUMBER
    ):
        raise InvalidInput(BAD_CURSOR, errors={"cursor": [BAD_CURSOR]})
    return OrderPosition(created_at=at, order_id=order_id), page


def _refuse(name: str, message: str) -> NoReturn:
    raise InvalidInput(message, errors={name: [message]})


def _choice(params: Mapping[str, str], name: str, choices: list[str]) -> str:
    value = (params.get(name) or "").strip()
    if value and value not in choices:
        _refuse(name, f"{name} must be one of: {', '.join(choices)}.")
    return value


def parse_order_filters(params: Mapping[str, str]) -> OrderFilters:
    status = _choice(params, "status", OrderStatus.values)
    option = _choice(params, "deliveryOption", DeliveryOption.values)
    due = _choice(params, "due", ["today"])
    search = (params.get("search") or "").strip()
    if len(search) > MAX_SEARCH_LENGTH:
        _refuse("search", f"Search must be at most {MAX_SEARCH_LENGTH} characters")
    date_from, date_to = query_date_range(params)
    return OrderFilters(
        status=status,
        delivery_option=option,
        search=search,
        date_from=date_from,
        date_to=date_to,
        due_today=due == "today",
    )
