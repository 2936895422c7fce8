"""Dates asked for in a query string (the order list, exports, the sales report): the
shop's business dates (common/shoptime.py), parsed and bounded."""

from collections.abc import Mapping
from datetime import date
from typing import NoReturn

from common.errors import InvalidInput

# Dates asked for in a query: a day outside these could not have its start or end (or a
# default range around it) computed without overflowing datetime, and no order is there.
FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2100, 12, 31)


def _refuse(name: str, message: str) -> NoReturn:
    raise InvalidInput(message, errors={name: [message]})


def parse_day(value: str | None, name: str) -> date | None:
    """`value` (YYYY-MM-DD) as a date from FIRST_DAY to LAST_DAY, or None when blank; any
    other value is refused (InvalidInput) naming `name`."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        _refuse(name, f"{name} must be a date written YYYY-MM-DD.")
    if not FIRST_DAY <= day <= LAST_DAY:
        _refuse(name, f"{name} must be a date from {FIRST_DAY} to {LAST_DAY}.")
    return day


def query_date_range(params: Mapping[str, str]) -> tuple[date | None, date | None]:
    """The `from` and `to` days of a query string (None when not given), from on or before to."""
    date_from, date_to = parse_day(params.get("from"), "from"), parse_day(params.get("to"), "to")
    if date_from and date_to and date_from > date_to:
        # The words of the forms that send them (the dashboard's and the orders' From and To).
        _refuse("from", "From must be on or before To.")
    return date_from, date_to
