"""Free text written to a CSV file that people open in a spreadsheet."""

from typing import Protocol

# A spreadsheet runs a cell that starts like a formula (=HYPERLINK(...), +, -, @, or a tab or
# carriage return before one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Writable(Protocol):
    """Where a CSV export goes: a file opened for text, a command's output, an HttpResponse."""

    def write(self, text: str, /) -> object: ...


def text_cell(value: object) -> str:
    """`value` as a CSV cell a spreadsheet shows as text: a leading quote defuses a formula.
    For free text typed by people (customers' names and addresses, admins' product and
    category names), never for numbers, dates or fixed codes."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text
