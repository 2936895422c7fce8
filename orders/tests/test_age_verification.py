"""Age verification before a 21+ order is accepted (docs/api.md, "Checkout rules, added"):
the customer's full date of birth, from the profile or sent with the checkout once, must show
21 or older on the shop's today (orders.age.DateOfBirthVerifier, the AGE_VERIFIER setting).
Each test pins the clock to Wednesday 10 June 2026 in the shop's zone."""

from datetime import date, datetime

import pytest
import time_machine

from accounts.models import User
from common.shoptime import SHOP_TIME_ZONE
from orders.age import AgeCheck, age_on
from orders.models import Order
from tests.factories import checkout_body, line, make_product, post_checkout, refused_order

pytestmark = pytest.mark.django_db

TODAY = date(2026, 6, 10)


@pytest.fixture(autouse=True)
def pinned_clock():
    with time_machine.travel(datetime(2026, 6, 10, 9, 0, tzinfo=SHOP_TIME_ZONE), tick=False):
        yield


@pytest.fixture
def unknown_age(customer):
    """The customer with no date of birth on file."""
    User.objects.filter(pk=customer.pk).update(date_of_birth=None)
    return customer


def vape_body(**fields):
    vape = make_product(name="Cloud Nine", category="disposables", quantity=10)
    return checkout_body(line(vape), **{"ageConfirmed": True, **fields})


def born_on(customer, day):
    User.objects.filter(pk=customer.pk).update(date_of_birth=day)


def stored_birth(customer):
    return User.objects.get(pk=customer.pk).date_of_birth


def test_a_21_plus_order_is_refused_without_a_date_of_birth(customer_client, unknown_age):
    answer = refused_order(customer_client, vape_body())

    assert "date of birth" in answer["errors"]["dateOfBirth"][0]


def test_a_date_of_birth_sent_with_the_checkout_is_kept_and_the_order_placed(
    customer_client, unknown_age
):
    placed = post_checkout(customer_client, vape_body(dateOfBirth="1999-01-31"))

    assert placed["order"]["idCheckRequired"] is True
    assert stored_birth(unknown_age) == date(1999, 1, 31)
    assert customer_client.get("/api/auth/me").json()["dateOfBirth"] == "1999-01-31"


def test_a_date_of_birth_other_than_the_one_on_file_is_refused(customer_client, customer):
    answer = refused_order(customer_client, vape_body(dateOfBirth="1980-01-01"))

    assert "ask the shop" in answer["errors"]["dateOfBirth"][0]
    assert stored_birth(customer) == date(1990, 5, 17)
    # The same date again is no change, and the order goes through.
    post_checkout(customer_client, vape_body(dateOfBirth="1990-05-17"))


def test_under_21_is_refused_and_the_date_sent_is_not_kept(customer_client, unknown_age):
    day_before_21 = date(TODAY.year - 21, TODAY.month, TODAY.day + 1)

    answer = refused_order(customer_client, vape_body(dateOfBirth=day_before_21.isoformat()))

    assert "21 or older" in answer["errors"]["dateOfBirth"][0]
    assert stored_birth(unknown_age) is None


def test_a_customer_on_file_as_under_21_is_refused(customer_client, customer):
    born_on(customer, date(TODAY.year - 21, TODAY.month, TODAY.day + 1))

    answer = refused_order(customer_client, vape_body())

    assert "21 or older" in answer["errors"]["dateOfBirth"][0]


def test_the_21st_birthday_itself_is_accepted(customer_client, customer):
    born_on(customer, date(TODAY.year - 21, TODAY.month, TODAY.day))

    placed = post_checkout(customer_client, vape_body())

    assert Order.objects.get(pk=placed["order"]["id"]).id_check_required is True


def test_an_order_of_no_21_plus_goods_needs_no_date_of_birth(customer_client, unknown_age):
    balloons = make_product(name="Balloons", category="party-supplies", quantity=10)

    post_checkout(customer_client, checkout_body(line(balloons)))

    assert stored_birth(unknown_age) is None


@pytest.mark.parametrize(
    ("sent", "words"),
    [("2030-01-01", "future"), ("1899-12-31", "1900"), ("1990-02-30", "such as")],
)
def test_a_bad_date_of_birth_is_a_400_naming_it(customer_client, unknown_age, sent, words):
    answer = refused_order(customer_client, vape_body(dateOfBirth=sent))

    assert words in answer["errors"]["dateOfBirth"][0]
    assert stored_birth(unknown_age) is None


def test_the_age_confirmation_is_still_asked(customer_client, customer):
    answer = refused_order(customer_client, vape_body(ageConfirmed=False))

    assert "ageConfirmed" in answer["errors"]


class RefusingVerifier:
    """A stand-in for a paid database check that answers no."""

    def verify(self, user, day):
        return AgeCheck(ok=False, message="The age check service could not confirm your age.")


def test_the_verifier_is_the_one_the_setting_names(customer_client, customer, settings):
    settings.AGE_VERIFIER = f"{__name__}.RefusingVerifier"

    answer = refused_order(customer_client, vape_body())

    assert answer["errors"]["dateOfBirth"] == ["The age check service could not confirm your age."]


@pytest.mark.parametrize(
    ("born", "day", "years"),
    [
        (date(2005, 6, 10), date(2026, 6, 10), 21),
        (date(2005, 6, 11), date(2026, 6, 10), 20),
        (date(2004, 2, 29), date(2025, 2, 28), 20),
        (date(2004, 2, 29), date(2025, 3, 1), 21),
    ],
)
def test_age_in_whole_years(born, day, years):
    assert age_on(born, day) == years
