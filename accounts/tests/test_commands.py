from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import RegistrationCode, User

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_registration_codes_create_list_disable():
    code = run(
        "registration_codes", "create", "--note", "spring fair", "--max-uses", "3", "--days", "7"
    ).strip()

    listed = run("registration_codes", "list")
    assert code in listed and "usable" in listed and "uses 0/3" in listed

    run("registration_codes", "disable", code)
    assert not RegistrationCode.objects.get(code=code).is_active
    assert "not usable" in run("registration_codes", "list")


def test_disabling_an_unknown_code_fails():
    with pytest.raises(CommandError):
        run("registration_codes", "disable", "NOPE")


def test_create_admin_is_idempotent():
    run("create_admin", "--email", "boss@example.com", "--password", "boss-secret-1")
    run("create_admin", "--email", "boss@example.com", "--password", "boss-secret-1")

    boss = User.objects.get(email="boss@example.com")
    assert boss.is_staff and boss.is_superuser
    assert User.objects.filter(email="boss@example.com").count() == 1


# demo_data printing the sign-in details, twice: shop/tests/test_commands.py's TestDemo.


@pytest.mark.parametrize("days", ["0", "-3"])
def test_registration_code_with_no_days_left_is_refused(days):
    with pytest.raises(CommandError, match="--days must be 1 or more"):
        run("registration_codes", "create", "--days", days)
    assert not RegistrationCode.objects.exists()


def test_registration_code_without_days_never_expires():
    code = run("registration_codes", "create").strip()
    assert RegistrationCode.objects.get(code=code).expires_at is None


def test_new_codes_are_easy_to_type_and_never_look_like_an_option():
    from accounts.services import CODE_ALPHABET, registration_code_create

    codes = [registration_code_create().code for _ in range(200)]
    assert len(set(codes)) == 200
    assert all(len(code) == 14 and set(code) <= set(CODE_ALPHABET) for code in codes)
    # The command takes a created code back as it printed it.
    run("registration_codes", "disable", codes[0])
