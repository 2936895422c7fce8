import pytest
from django.contrib.auth.hashers import make_password
from django.core.management import call_command

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_hash_upgrade_on_login_keeps_sessions(settings):
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]
    user = User.objects.create_user(email="old@example.com", password="old-hash-pass")
    User.objects.filter(pk=user.pk).update(
        password=make_password("old-hash-pass", hasher="pbkdf2_sha256")
    )
    user.refresh_from_db()
    version = user.password_version

    assert user.check_password("old-hash-pass")

    user.refresh_from_db()
    assert user.password.startswith("md5$")
    assert user.password_version == version


def test_createsuperuser_keeps_the_digest(monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "super-secret-42")
    call_command("createsuperuser", "--noinput", email="root@example.com", name="Root")

    user = User.objects.get(email="root@example.com")
    assert user.is_staff and user.role == "admin"
    from accounts.selectors import user_by_password

    assert user_by_password("super-secret-42") == user


def test_unusable_password_has_no_digest():
    user = User.objects.create_user(email="nopass@example.com", password=None)

    assert user.password_digest is None
    assert not user.has_usable_password()


def test_migrations_are_complete():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
