"""manage.py just works: in a checkout that `make` set up, every command reads the env file the
Makefile wrote (var/env, or ENV_FILE), with nothing typed by hand; the real environment wins."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHOW = (
    "from django.conf import settings; "
    "print(settings.SECRET_KEY, settings.PASSWORD_DIGEST_KEY, settings.SHOP_NAME, "
    "settings.DATABASES['default']['NAME'])"
)

# Each test serves its own SQLite file, whatever the run's database.
pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]


def make_env(var_dir):
    """The Makefile's own rule, as `make run` runs it, into var_dir."""
    result = subprocess.run(
        ["make", "-s", "env", f"VAR_DIR={var_dir}", f"PYTHON={sys.executable}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def manage(*args, **env):
    """manage.py from an empty environment plus `env` (VAR_DIR stands for the checkout's var/)."""
    return subprocess.run(
        ["env", "-i", *(f"{k}={v}" for k, v in env.items()), sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_make_writes_a_private_env_file_with_the_keys(tmp_path):
    var = tmp_path / "var"

    make_env(var)

    assert mode(var) == 0o700
    assert {path.name: mode(path) for path in var.iterdir()} == {
        "env": 0o600,
        "secret_key": 0o600,
        "password_digest_key": 0o600,
    }
    secret, digest = (
        (var / name).read_text().strip() for name in ("secret_key", "password_digest_key")
    )
    assert (var / "env").read_text() == f"SECRET_KEY={secret}\nPASSWORD_DIGEST_KEY={digest}\n"


def test_every_manage_py_command_runs_with_no_environment(tmp_path):
    var = tmp_path / "var"
    make_env(var)
    secret, digest = (
        (var / name).read_text().strip() for name in ("secret_key", "password_digest_key")
    )

    migrated = manage("migrate", "--noinput", "-v0", VAR_DIR=var)
    shown = manage("shell", "-c", SHOW, VAR_DIR=var)

    assert migrated.returncode == 0, migrated.stderr
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[-1] == f"{secret} {digest} Corner Shop {var / 'db.sqlite3'}"


def test_an_existing_checkout_keeps_its_keys_and_its_own_lines(tmp_path):
    var = tmp_path / "var"
    var.mkdir(mode=0o700)
    # What the Makefile wrote before the env file existed.
    for name in ("secret_key", "password_digest_key"):
        (var / name).write_text(f"old-{name}-0123456789\n")
        (var / name).chmod(0o600)

    make_env(var)
    with (var / "env").open("a") as env:
        env.write("SHOP_NAME=Corner Shop Two\n")
    (var / "secret_key").write_text("new-secret-key-0123456789\n")
    make_env(var)  # a key file newer than the env file: the keys are written again

    assert (var / "env").read_text() == (
        "SECRET_KEY=new-secret-key-0123456789\n"
        "PASSWORD_DIGEST_KEY=old-password_digest_key-0123456789\n"
        "SHOP_NAME=Corner Shop Two\n"
    )
    assert mode(var / "env") == 0o600


def test_the_real_environment_wins_over_the_file(tmp_path):
    env_file = tmp_path / "shop.env"
    env_file.write_text("SECRET_KEY=from-the-file-0123456789\nSHOP_NAME=From The File\n")

    shown = manage("shell", "-c", SHOW, ENV_FILE=env_file, SHOP_NAME="From The Environment")

    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[-1].startswith("from-the-file-0123456789 ")
    assert " From The Environment " in shown.stdout.splitlines()[-1]


@pytest.mark.parametrize(
    ("env_file", "message"),
    [
        ("/nonexistent/shop.env", "ENV_FILE names /nonexistent/shop.env, which does not exist."),
        # Empty: no file at all, not even the checkout's var/env.
        ("", "SECRET_KEY is not set."),
    ],
)
def test_without_a_usable_env_file_manage_py_refuses_to_start(tmp_path, env_file, message):
    var = tmp_path / "var"
    make_env(var)

    refused = manage("check", ENV_FILE=env_file, VAR_DIR=var)

    assert refused.returncode != 0
    assert message in refused.stderr
    assert os.path.exists(var / "env")
