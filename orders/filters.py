"""The admin order list's filters, read from a query string: each value is checked, and a
bad one is a 400 naming the parameter (never an empty list that hides a typo)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import NoReturn

from common.errors import InvalidInput
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

    def without_status(self) -> "OrderFilters":
        return OrderFilters(**{**self.__dict__, "status": ""})


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
