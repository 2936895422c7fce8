"""create_admin in a scripted install: the password from standard input or the environment,
and a clear stop instead of a prompt nobody can answer."""

import io

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery staple 42"


def run(stdin_text, *args, monkeypatch, tty=False):
    stdin = io.StringIO(stdin_text)
    stdin.isatty = lambda: tty  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", stdin)
    out = io.StringIO()
    call_command("create_admin", "--email", "owner@example.com", *args, stdout=out)
    return out.getvalue()


def test_password_from_standard_input(monkeypatch):
    assert run(f"{PASSWORD}\n", "--password-stdin", monkeypatch=monkeypatch) == (
        "Created admin owner@example.com.\n"
    )
    assert User.objects.get(email="owner@example.com").check_password(PASSWORD)


def test_password_from_the_environment(monkeypatch):
    monkeypatch.setenv("SHOP_ADMIN_PASSWORD", PASSWORD)
    run("", monkeypatch=monkeypatch)
    assert User.objects.get(email="owner@example.com").check_password(PASSWORD)


def test_without_a_terminal_or_a_password_it_stops_and_says_how(monkeypatch):
    monkeypatch.delenv("SHOP_ADMIN_PASSWORD", raising=False)
    with pytest.raises(CommandError, match="--password-stdin or SHOP_ADMIN_PASSWORD"):
        run("", monkeypatch=monkeypatch)
    with pytest.raises(CommandError, match="standard input held no password"):
        run("", "--password-stdin", monkeypatch=monkeypatch)
    assert not User.objects.filter(email="owner@example.com").exists()
