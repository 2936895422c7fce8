"""The weak-password table: what registration, an admin's change, `create_admin` and the
strength hint refuse, each with a message that says what to do."""

import pytest
from django.core.management import CommandError, call_command

from accounts import validators
from accounts.models import RegistrationCode, User
from accounts.services import user_login

pytestmark = pytest.mark.django_db

EMAIL = "nina.newton@example.com"
NAME = "Nina Newton"

WEAK = [
    ("abc", validators.PASSWORD_TOO_SHORT),
    ("      ", validators.ONLY_SPACES),
    ("!!!!!!", validators.TOO_FEW_DISTINCT.format(min=4)),
    ("abababab", validators.TOO_FEW_DISTINCT.format(min=4)),
    ("password", validators.TOO_COMMON),
    ("83749201", validators.ONLY_DIGITS),
    ("nina.newton@example.com", validators.TOO_SIMILAR),
    ("Corner Shop", validators.HAS_SHOP_NAME),
    ("my-cornershop-99x", validators.HAS_SHOP_NAME),
    ("CORNER  shop!", validators.HAS_SHOP_NAME),
    ("shop2026", validators.TOO_GUESSABLE),
    ("Summer2024", validators.TOO_GUESSABLE),
]


def register(client, password):
    return client.post(
        "/api/auth/register",
        {"name": NAME, "email": EMAIL, "password": password, "registrationCode": "WELCOME"},
        format="json",
    )


@pytest.fixture
def code(db):
    return RegistrationCode.objects.create(code="WELCOME")


@pytest.mark.parametrize("password,message", WEAK)
def test_registration_refuses_weak_passwords(api_client, code, password, message):
    response = register(api_client, password)

    assert response.status_code == 400
    assert response.json()["message"] == message
    assert message in response.json()["errors"]["password"]
    assert not User.objects.filter(email=EMAIL).exists()


def test_a_password_made_of_the_name_alone_is_refused(api_client, code):
    response = api_client.post(
        "/api/auth/register",
        {
            "name": "Bartholomew Quincyfield",
            "email": "bq7@example.com",
            "password": "quincyfield-bartholomew-7",
            "registrationCode": "WELCOME",
        },
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["message"] == validators.TOO_SIMILAR
    assert not User.objects.filter(email="bq7@example.com").exists()


def test_every_message_says_what_to_do():
    for _, message in WEAK[1:]:
        assert "Please" in message


def test_strong_password_registers(api_client, code):
    assert register(api_client, "amber-kettle-drift-42").status_code == 201
    assert User.objects.get(email=EMAIL).password_weak is False


@pytest.mark.parametrize("password,message", WEAK)
def test_admin_password_change_refuses_weak_passwords(
    admin_client_api, customer, password, message
):
    response = admin_client_api.put(
        f"/api/auth/users/{customer.pk}/password", {"newPassword": password}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["message"] == message
    customer.refresh_from_db()
    assert customer.check_password("casey-secret-1")


def test_admin_password_change_refuses_the_users_own_email(admin_client_api, customer):
    response = admin_client_api.put(
        f"/api/auth/users/{customer.pk}/password",
        {"newPassword": "casey@example.com"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"]["newPassword"][0] == validators.TOO_SIMILAR


def test_create_admin_refuses_a_weak_password():
    with pytest.raises(CommandError, match="too easy to guess"):
        call_command("create_admin", "--email", "boss@example.com", "--password", "shop2026")
    assert not User.objects.filter(email="boss@example.com").exists()


class TestStrengthHint:
    def check(self, client, **body):
        return client.post("/api/auth/password-check", body, format="json")

    def test_weak_password_gets_its_messages(self, api_client):
        response = self.check(api_client, password="Corner Shop")

        assert response.status_code == 200
        body = response.json()
        assert body["ok"] is False
        assert validators.HAS_SHOP_NAME in body["messages"]
        assert 0 <= body["score"] <= 4

    def test_email_typed_so_far_counts(self, api_client):
        email = "zorblax.quintavius@example.com"
        alone = self.check(api_client, password="zorblax.quintavius").json()
        body = self.check(api_client, password="zorblax.quintavius", email=email).json()

        assert alone["ok"] is True
        assert body["ok"] is False
        assert body["messages"] == [validators.TOO_SIMILAR]

    def test_strong_password_is_ok(self, api_client):
        body = self.check(api_client, password="amber-kettle-drift-42").json()

        assert body == {"ok": True, "score": 4, "messages": []}

    def test_a_password_in_use_is_not_revealed(self, api_client, customer):
        taken = self.check(api_client, password="casey-secret-1").json()
        fresh = self.check(api_client, password="casey-secret-2").json()

        assert taken["ok"] is fresh["ok"] is True
        assert taken["messages"] == fresh["messages"] == []

    def test_input_is_capped(self, api_client):
        response = self.check(api_client, password="x" * 129)

        assert response.status_code == 400
        assert response.json()["message"] == "The strength check takes at most 128 characters."

    def test_throttled_on_its_own_scope(self, api_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "password_check": "2/min"}
        statuses = [self.check(api_client, password="abc-def-ghi").status_code for _ in range(3)]

        assert statuses == [200, 200, 429]
        # The sign-in throttle is a different bucket.
        assert (
            api_client.post("/api/auth/login", {"password": "x"}, format="json").status_code == 401
        )


class TestExistingWeakPasswords:
    def test_still_sign_in_and_are_listed(self, api_client, make_user):
        weak = make_user(email="old@example.com", password="shop2026")
        strong = make_user(email="fine@example.com", password="amber-kettle-drift-42")
        assert weak.password_weak is None

        for password in ("shop2026", "amber-kettle-drift-42"):
            response = api_client.post("/api/auth/login", {"password": password}, format="json")
            assert response.status_code == 200

        weak.refresh_from_db()
        strong.refresh_from_db()
        assert (weak.password_weak, strong.password_weak) == (True, False)

        from io import StringIO

        out = StringIO()
        call_command("weak_passwords", stdout=out)
        text = out.getvalue()
        assert "old@example.com" in text
        assert "fine@example.com" not in text

    def test_a_strong_password_is_judged_only_once(self, make_user, django_assert_num_queries):
        make_user(password="amber-kettle-drift-42")
        user_login(password="amber-kettle-drift-42")
        with django_assert_num_queries(1):
            user_login(password="amber-kettle-drift-42")


def test_django_admin_password_change_refuses_a_weak_password(admin_browser, customer):
    response = admin_browser.post(
        f"/admin/accounts/user/{customer.pk}/password/",
        {"password1": "Corner Shop 1", "password2": "Corner Shop 1"},
    )

    assert response.status_code == 200
    assert validators.HAS_SHOP_NAME.replace("'", "&#x27;") in response.content.decode()
    customer.refresh_from_db()
    assert customer.check_password("casey-secret-1")
