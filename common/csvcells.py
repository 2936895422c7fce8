"""Free text written to a CSV file that people open in a spreadsheet."""

from typing import Any

# A spreadsheet runs a cell that starts like a formula (=HYPERLINK(...), +, -, @, or a tab or
# carriage return before one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: Any) -> Any:
    """`value` as a CSV cell a spreadsheet shows as text: a leading quote defuses a formula.
    For free text typed by people (customers' names and addresses, admins' product and
    category names), never for numbers, dates or fixed codes."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text
