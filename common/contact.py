"""The forms of a person's contact details, one rule for the profile (accounts) and the
checkout (orders.delivery): a US phone number written "(714) 555-0142", a five-digit ZIP."""

import re

import phonenumbers

from common.errors import InvalidInput

ZIP_INVALID = "Please enter a valid 5-digit ZIP code"
PHONE_INVALID = "Please enter a valid phone number"
FIVE_DIGITS = re.compile(r"\d{5}")


def clean_phone(raw: str | None) -> str:
    """A valid US number in one form, "(714) 555-0142"; empty stays empty; else a 400 under
    `phoneNumber`."""
    raw = (raw or "").strip()
    if not raw:
        return ""
    try:
        number = phonenumbers.parse(raw, "US")
    except phonenumbers.NumberParseException:
        number = None
    if (
        number is None
        or not phonenumbers.is_valid_number(number)
        or phonenumbers.region_code_for_number(number) != "US"
    ):
        raise InvalidInput(PHONE_INVALID, errors={"phoneNumber": [PHONE_INVALID]})
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
