"""Age-restricted (21+) goods: the confirmation checkout needs, the buyer's age verified
before the order is accepted, and the ID notice an order carries for the people who hand
it over.

Verification is an interface, `AgeVerifier`, chosen by the setting AGE_VERIFIER (a dotted
path to a class): today's one implementation, `DateOfBirthVerifier`, reads the customer's
full date of birth (set once, accounts.birth); a paid database check (the PACT Act's
delivery sales) plugs in as another class with the same `verify`."""

from dataclasses import dataclass
from datetime import date
from typing import Protocol

from django.conf import settings
from django.utils.module_loading import import_string

from accounts.models import User
from accounts.services import profile_update
from common.errors import InvalidInput
from common.shoptime import shop_today
from orders.models import Order
from orders.pricing import DeliveryOption

LEGAL_AGE = 21
AGE_NOT_CONFIRMED = "Please confirm you are 21 or older to order age-restricted products."
PICKUP_ID_NOTICE = "Bring a valid photo ID (21+)"
DELIVERY_ID_NOTICE = "ID will be checked at delivery (21+)"
NO_DATE_OF_BIRTH = (
    "Age-restricted products need your date of birth: enter it once, here or in your profile."
)
UNDER_AGE = "Age-restricted products are sold only to customers 21 or older."


@dataclass(frozen=True)
class AgeCheck:
    """A verifier's answer: `ok`, or why not in words for the customer (`message`)."""

    ok: bool
    message: str = ""


class AgeVerifier(Protocol):
    def verify(self, user: User, day: date) -> AgeCheck:
        """Whether `user` is LEGAL_AGE or older on `day` (the shop's today)."""
        ...


def age_on(born: date, day: date) -> int:
    """Whole years from `born` to `day`: 21 on the 21st birthday itself (a 29 February
    birthday falls on 1 March in other years)."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


class DateOfBirthVerifier:
    """The customer's own date of birth, from their profile, shows 21 or older."""

    def verify(self, user: User, day: date) -> AgeCheck:
        born = user.date_of_birth
        if born is None:
            return AgeCheck(ok=False, message=NO_DATE_OF_BIRTH)
        if age_on(born, day) < LEGAL_AGE:
            return AgeCheck(ok=False, message=UNDER_AGE)
        return AgeCheck(ok=True)


def age_verifier() -> AgeVerifier:
    verifier: AgeVerifier = import_string(settings.AGE_VERIFIER)()
    return verifier


def check_age(*, restricted: bool, age_confirmed: bool) -> None:
    if restricted and age_confirmed is not True:
        raise InvalidInput(AGE_NOT_CONFIRMED, errors={"ageConfirmed": [AGE_NOT_CONFIRMED]})


def verify_buyer(*, user: User, restricted: bool, date_of_birth: date | None) -> None:
    """Checkout's age verification (400 naming dateOfBirth): a `date_of_birth` sent with the
    checkout is stored first when the profile has none (a different one than on file is
    refused); then a 21+ order needs the verifier's yes on the shop's today. Call inside the
    checkout's transaction: a refused checkout stores no date either."""
    if date_of_birth is not None:
        user = profile_update(user=user, date_of_birth=date_of_birth)
    if not restricted:
        return
    verdict = age_verifier().verify(user, shop_today())
    if not verdict.ok:
        raise InvalidInput(verdict.message, errors={"dateOfBirth": [verdict.message]})


def id_notice(order: Order) -> str | None:
    """The sentence the confirmation page, emails, order card and pick list show, or None.
    A shipped parcel is handed over by the carrier, who checks ID at the door as well."""
    if not order.id_check_required:
        return None
    if order.delivery_option == DeliveryOption.PICKUP:
        return PICKUP_ID_NOTICE
    return DELIVERY_ID_NOTICE


def id_notices() -> dict[str, str]:
    return {"pickup": PICKUP_ID_NOTICE, "delivery": DELIVERY_ID_NOTICE}
