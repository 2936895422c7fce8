"""A person's date of birth (User.date_of_birth): what a real one is, and who may set it.

The customer sets theirs once (PATCH /api/auth/me, or `dateOfBirth` in a checkout body);
afterwards only an admin changes it (PATCH /api/auth/users/{id}, the Django admin), so a
buyer cannot type a new date to get past the age check (orders.age)."""

from datetime import date

from common.errors import InvalidInput

EARLIEST = date(1900, 1, 1)
DATE_OF_BIRTH_INVALID = "The date of birth must be a date such as 1990-05-17."
IN_THE_FUTURE = "The date of birth cannot be in the future."
TOO_EARLY = "The date of birth cannot be before 1900."
ALREADY_SET = (
    "Your date of birth is already on file and cannot be changed here. To correct it, ask the shop."
)


def _refuse(message: str) -> InvalidInput:
    return InvalidInput(message, errors={"dateOfBirth": [message]})


def date_of_birth_check(value: date, *, today: date) -> None:
    """Refuse (400 naming dateOfBirth) a date after `today` or before 1900."""
    if value > today:
        raise _refuse(IN_THE_FUTURE)
    if value < EARLIEST:
        raise _refuse(TOO_EARLY)


def own_date_of_birth(current: date | None, value: date, *, today: date) -> date | None:
    """What a customer's own setting of `value` changes: the date to store when none is on
    file, None when `value` is the one on file already; a different one is a 400."""
    if current is not None:
        if current != value:
            raise _refuse(ALREADY_SET)
        return None
    date_of_birth_check(value, today=today)
    return value
