"""A new password-digest key does not lock anybody out: digests made under an older key are
found and re-keyed at the next sign-in."""

import pytest

from accounts.models import RegistrationCode, User
from accounts.passwords import password_digest

pytestmark = pytest.mark.django_db


@pytest.fixture
def rekeyed(settings, customer):
    old_key = settings.PASSWORD_DIGEST_KEY
    settings.PASSWORD_DIGEST_KEY = "a-new-key-of-its-own-0123456789"
    settings.PASSWORD_DIGEST_OLD_KEYS = [old_key]
    return customer, old_key


def test_sign_in_finds_an_old_digest_and_rekeys_it(api_client, rekeyed):
    customer, old_key = rekeyed
    assert customer.password_digest == password_digest("casey-secret-1", old_key)

    response = api_client.post("/api/auth/login", {"password": "casey-secret-1"}, format="json")

    assert response.status_code == 200
    customer.refresh_from_db()
    assert customer.password_digest == password_digest("casey-secret-1")
    assert (
        api_client.post(
            "/api/auth/login", {"password": "casey-secret-1"}, format="json"
        ).status_code
        == 200
    )


def test_a_password_under_an_old_digest_is_still_taken(api_client, rekeyed):
    RegistrationCode.objects.create(code="WELCOME")
    response = api_client.post(
        "/api/auth/register",
        {
            "name": "Nina",
            "email": "nina@example.com",
            "password": "casey-secret-1",
            "registrationCode": "WELCOME",
        },
        format="json",
    )

    assert response.status_code == 409
    assert (
        response.json()["message"]
        == "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
    )
    assert not User.objects.filter(email="nina@example.com").exists()
    assert RegistrationCode.objects.get(code="WELCOME").use_count == 0


def test_without_old_keys_an_old_digest_is_not_found(api_client, rekeyed, settings):
    settings.PASSWORD_DIGEST_OLD_KEYS = []
    response = api_client.post("/api/auth/login", {"password": "casey-secret-1"}, format="json")

    assert response.status_code == 401
    assert response.json() == {"message": "Invalid password", "code": "sign_in_refused"}


def test_digest_keys_counts_users_per_key_as_they_are_rekeyed(api_client, rekeyed):
    from io import StringIO

    from django.core.management import call_command

    def report():
        out = StringIO()
        call_command("digest_keys", stdout=out)
        return out.getvalue()

    customer, old_key = rekeyed
    before = report()
    assert old_key not in before
    before = before.splitlines()
    assert before[0].endswith(": 0 user(s)")  # nobody on the new key yet
    assert before[1].startswith("PASSWORD_DIGEST_OLD_KEYS #1") and before[1].endswith(": 1 user(s)")

    api_client.post("/api/auth/login", {"password": "casey-secret-1"}, format="json")

    after = report().splitlines()
    assert after[0].startswith("PASSWORD_DIGEST_KEY (current)")
    assert after[0].endswith(": 1 user(s)")
    assert after[1].startswith("PASSWORD_DIGEST_OLD_KEYS #1") and after[1].endswith(": 0 user(s)")
