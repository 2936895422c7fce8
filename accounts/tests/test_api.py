from datetime import timedelta

import jwt
import pytest
from django.conf import settings
from django.utils import timezone

from accounts.models import RegistrationCode, User
from accounts.passwords import password_digest

pytestmark = pytest.mark.django_db


def login(client, password, **extra):
    return client.post("/api/auth/login", {"password": password, **extra}, format="json")


def register(client, **overrides):
    body = {
        "name": "Nina New",
        "email": "nina@example.com",
        "password": "nina-secret-9",
        "registrationCode": "WELCOME",
        **overrides,
    }
    return client.post("/api/auth/register", body, format="json")


@pytest.fixture
def code(db):
    return RegistrationCode.objects.create(code="WELCOME")


class TestLogin:
    def test_password_alone_signs_in_its_user(self, api_client, customer, other_customer):
        response = login(api_client, "olive-secret-1")

        assert response.status_code == 200
        body = response.json()
        assert body["message"] == "Login successful"
        assert body["user"] == {
            "id": other_customer.pk,
            "name": "Olive Other",
            "email": "olive@example.com",
            "role": "customer",
        }

    @pytest.mark.parametrize("token", ["not-a-token", "revoked"])
    def test_a_stale_or_bad_token_does_not_stop_a_sign_in(
        self, api_client, other_customer, admin_user, token
    ):
        if token == "revoked":
            token = login(api_client, "olive-secret-1").json()["token"]
            # The password changed elsewhere: this token is now refused wherever it counts.
            User.objects.filter(email="olive@example.com").update(password_version=99)
        api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")

        response = login(api_client, "ada-secret-1")

        assert response.status_code == 200, response.json()
        assert response.json()["message"] == "Login successful"

    def test_token_carries_the_claims_the_app_reads(self, api_client, admin_user):
        token = login(api_client, "ada-secret-1").json()["token"]

        claims = jwt.decode(token, options={"verify_signature": False})
        assert claims["userId"] == admin_user.pk
        assert claims["email"] == "ada@example.com"
        assert claims["role"] == "admin"
        assert claims["pwv"] == admin_user.password_version
        assert claims["exp"] > claims["iat"]

    def test_wrong_password_is_401(self, api_client, customer):
        response = login(api_client, "not-the-password")

        assert response.status_code == 401
        assert response.json() == {"message": "Invalid password", "code": "sign_in_refused"}
        assert "WWW-Authenticate" in response

    @pytest.mark.parametrize("body", [{}, {"password": ""}, {"password": None}])
    def test_missing_password_is_400(self, api_client, body):
        response = api_client.post("/api/auth/login", body, format="json")

        assert response.status_code == 400
        assert response.json()["message"] == "Password is required"

    def test_email_narrows_the_lookup(self, api_client, customer, other_customer):
        assert login(api_client, "casey-secret-1", email="casey@example.com").status_code == 200
        assert login(api_client, "casey-secret-1", email="olive@example.com").status_code == 401

    def test_inactive_user_cannot_sign_in(self, api_client, customer):
        customer.is_active = False
        customer.save()

        response = login(api_client, "casey-secret-1")

        assert response.status_code == 401
        assert response.json()["message"] == "Invalid password"
        assert "token" not in response.json()

    def test_trailing_slash_is_answered_without_redirect(self, api_client, customer):
        response = api_client.post(
            "/api/auth/login/", {"password": "casey-secret-1"}, format="json"
        )

        assert response.status_code == 200

    def test_throttled_after_the_configured_rate(self, api_client, customer, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "3/min"}

        statuses = [login(api_client, "wrong-password").status_code for _ in range(4)]

        assert statuses == [401, 401, 401, 429]
        assert login(api_client, "casey-secret-1").json() == {
            "message": "Too many attempts. Please try again later.",
            "code": "throttled",
        }


class TestRegistration:
    def test_valid_code_creates_a_customer_and_signs_in(self, api_client, code):
        response = register(api_client)

        assert response.status_code == 201
        body = response.json()
        assert body["message"] == "Registration successful"
        assert body["user"]["email"] == "nina@example.com"
        assert body["user"]["role"] == "customer"
        user = User.objects.get(email="nina@example.com")
        assert not user.is_staff
        assert login(api_client, "nina-secret-9").json()["user"]["id"] == user.pk
        code.refresh_from_db()
        assert code.use_count == 1

    @pytest.mark.parametrize(
        "change",
        [
            {"is_active": False},
            {"expires_at": timezone.now() - timedelta(minutes=1)},
            {"max_uses": 2, "use_count": 2},
        ],
        ids=["disabled", "expired", "exhausted"],
    )
    def test_unusable_code_is_refused(self, api_client, code, change):
        RegistrationCode.objects.filter(pk=code.pk).update(**change)

        response = register(api_client)

        assert response.status_code == 400
        assert response.json()["message"] == "Invalid registration code"
        assert not User.objects.filter(email="nina@example.com").exists()

    def test_wrong_code_is_refused(self, api_client, code):
        response = register(api_client, registrationCode="NOPE")

        assert response.status_code == 400
        assert response.json()["message"] == "Invalid registration code"

    def test_code_with_uses_left_works_until_used_up(self, api_client, code):
        RegistrationCode.objects.filter(pk=code.pk).update(max_uses=1)

        assert register(api_client).status_code == 201
        second = register(api_client, email="second@example.com", password="second-secret-7")
        assert second.status_code == 400
        assert second.json()["message"] == "Invalid registration code"
        assert not User.objects.filter(email="second@example.com").exists()
        code.refresh_from_db()
        assert code.use_count == 1

    def test_duplicate_email_is_409_and_code_not_used(self, api_client, code, customer):
        response = register(api_client, email="CASEY@example.com")

        assert response.status_code == 409
        assert response.json()["message"] == "An account with this email already exists"
        code.refresh_from_db()
        assert code.use_count == 0

    def test_password_of_another_account_is_409(self, api_client, code, customer):
        response = register(api_client, password="casey-secret-1")

        assert response.status_code == 409
        assert (
            response.json()["message"]
            == "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
        )

    @pytest.mark.parametrize("field", ["name", "email", "password", "registrationCode"])
    def test_every_field_is_required(self, api_client, code, field):
        response = register(api_client, **{field: ""})

        assert response.status_code == 400
        assert field in response.json()["errors"]

    def test_invalid_email(self, api_client, code):
        response = register(api_client, email="not-an-email")

        assert response.status_code == 400
        assert response.json()["message"] == "Please enter a valid email address"


class TestUsers:
    def test_admin_lists_users(self, admin_client_api, customer, admin_user):
        response = admin_client_api.get("/api/auth/users")

        assert response.status_code == 200
        rows = {row["email"]: row for row in response.json()["users"]}
        assert rows["casey@example.com"]["role"] == "customer"
        assert rows["ada@example.com"]["role"] == "admin"
        assert set(rows["casey@example.com"]) == {
            "id",
            "name",
            "email",
            "role",
            "active",
            "created_at",
        }

    def test_admin_changes_a_password_and_old_tokens_stop_working(
        self, admin_client_api, customer, customer_client, api_client
    ):
        assert customer_client.get("/api/auth/users").status_code == 403  # token still good

        response = admin_client_api.put(
            f"/api/auth/users/{customer.pk}/password",
            {"newPassword": "brand-new-pass"},
            format="json",
        )

        assert response.status_code == 200
        assert response.json()["user"]["email"] == "casey@example.com"
        assert customer_client.get("/api/auth/users").status_code == 401
        assert login(api_client, "casey-secret-1").status_code == 401
        assert login(api_client, "brand-new-pass").status_code == 200

    def test_short_password_is_refused(self, admin_client_api, customer):
        response = admin_client_api.put(
            f"/api/auth/users/{customer.pk}/password", {"newPassword": "abc"}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["message"] == "Password must be at least 6 characters long"
        customer.refresh_from_db()
        assert customer.check_password("casey-secret-1")

    def test_password_of_another_user_is_refused(self, admin_client_api, customer, other_customer):
        response = admin_client_api.put(
            f"/api/auth/users/{customer.pk}/password",
            {"newPassword": "olive-secret-1"},
            format="json",
        )

        assert response.status_code == 409
        assert (
            response.json()["message"]
            == "Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one."
        )

    def test_unknown_user_is_404(self, admin_client_api):
        response = admin_client_api.put(
            "/api/auth/users/999999/password", {"newPassword": "whatever-1"}, format="json"
        )

        assert response.status_code == 404
        assert response.json() == {"message": "User not found", "code": "not_found"}


@pytest.mark.parametrize(
    "method,path,body",
    [
        ("get", "/api/auth/users", None),
        ("put", "/api/auth/users/{id}/password", {"newPassword": "another-pass-1"}),
    ],
)
@pytest.mark.parametrize("who,expected", [("anonymous", 401), ("customer", 403), ("admin", 200)])
def test_admin_endpoints_permissions(
    client_for, customer, admin_user, method, path, body, who, expected
):
    user = {"anonymous": None, "customer": customer, "admin": admin_user}[who]
    client = client_for(user)

    response = getattr(client, method)(path.format(id=customer.pk), body, format="json")

    assert response.status_code == expected
    if expected == 401:
        assert response["WWW-Authenticate"].startswith("Bearer")
        assert "message" in response.json()


@pytest.mark.parametrize("who", ["anonymous", "customer", "admin"])
def test_login_and_register_are_open_to_everyone(client_for, customer, admin_user, code, who):
    client = client_for({"anonymous": None, "customer": customer, "admin": admin_user}[who])

    assert login(client, "casey-secret-1").status_code == 200
    assert (
        register(client, email=f"{who}@example.org", password=f"{who}-fresh-pw").status_code == 201
    )


def test_bad_token_is_401_not_403(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not.a.token")

    response = api_client.get("/api/auth/users")

    assert response.status_code == 401
    assert response.json() == {
        "message": "Your session has expired. Please sign in again.",
        "code": "not_authenticated",
    }


def test_expired_token_is_401(api_client, customer):
    now = timezone.now()
    payload = {
        "token_type": "access",
        "userId": customer.pk,
        "exp": int((now - timedelta(minutes=1)).timestamp()),
        "iat": int((now - timedelta(hours=1)).timestamp()),
        "jti": "x",
        "pwv": customer.password_version,
    }
    token = jwt.encode(payload, settings.SIMPLE_JWT["SIGNING_KEY"], algorithm="HS256")
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")

    response = api_client.get("/api/auth/users")

    assert response.status_code == 401
    assert response.json() == {
        "message": "Your session has expired. Please sign in again.",
        "code": "not_authenticated",
    }


def test_digest_follows_every_password_change(customer):
    customer.set_password("changed-in-admin")
    customer.save()

    assert customer.password_digest == password_digest("changed-in-admin")
