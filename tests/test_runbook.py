"""docs/deploy.md's commands as an operator types them: each `sh` block of the runbook is
read from the file, and the ones a test can run here are run as written, with only the
server's paths, host and port put in this machine's place (tests/runbook.py)."""

import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.liveserver import ROOT, free_port, gunicorn, prepare_database, server_env
from tests.runbook import HOST, NO_INDEX, as_here, commands, one_command

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]


def sh(command, **kwargs):
    return subprocess.run(
        ["/bin/sh", "-c", command], capture_output=True, text=True, timeout=60, **kwargs
    )


def test_the_release_check_names_the_release_with_secure_ssl(tmp_path):
    check = one_command("grep -i x-release")
    port = free_port()
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        VAR_DIR=tmp_path / "var",
        ALLOWED_HOSTS=f"{HOST},127.0.0.1",
        SECURE_SSL=1,
        NUM_PROXIES=1,
        RELEASE="rel-20261129",
    )
    prepare_database(env, demo=False)

    with gunicorn(env, workers=1, port=port):
        answer = sh(check.replace("127.0.0.1:8000", f"127.0.0.1:{port}"))
        # The check the runbook had before, without nginx's header: the redirect to HTTPS.
        plain = sh(f"curl -sI -H 'Host: {HOST}' http://127.0.0.1:{port}/")

    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.strip().lower() == "x-release: rel-20261129"
    assert plain.stdout.split()[1] == "301"


def test_every_runbook_command_is_run_by_a_test_or_named_as_needing_a_whole_server():
    from tests.runbook import MACHINE_ONLY, RUN_BY_TESTS

    unaccounted = [
        command
        for command in commands()
        if not any(command.startswith(prefix) for prefix in RUN_BY_TESTS)
        and not any(command.startswith(prefix) for prefix in MACHINE_ONLY)
    ]
    assert unaccounted == []


def fake_static(folder):
    (folder / "frontend").mkdir(parents=True)
    (folder / "frontend" / "index.html").write_text("<!doctype html><div id=root></div>")
    return folder


def build(release_id, dist, tmp_path):
    result = subprocess.run(
        [sys.executable, ROOT / "tools" / "release.py", "build", "--release-id", release_id]
        + ["--static", fake_static(tmp_path / f"static-{release_id}"), "--out", dist],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def run_as_written(lines, places, *, cwd, home):
    """The runbook's lines in one bash, as root's shell would run them (the alias included),
    with nothing of this process's environment: Debian's python3 first on PATH, and every
    way pip could reach a package index pointed nowhere."""
    script = "set -e\nshopt -s expand_aliases\n" + "\n".join(as_here(c, places) for c in lines)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), **NO_INDEX}
    return subprocess.run(
        ["/bin/bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=900
    )


def test_first_install_and_upgrade_as_written(tmp_path):
    if not Path("/usr/bin/python3").exists():
        pytest.skip("no /usr/bin/python3")
    dist, srv, etc, root_home = (tmp_path / name for name in ("dist", "srv", "etc", "root"))
    for folder in (etc, root_home):
        folder.mkdir()
    build("release-1", dist, tmp_path)
    build("release-2", dist, tmp_path)
    places = {
        # No shop user here: this test's user stands in for it.
        "sudo -u shop ": "",
        "/srv/shop": srv,
        "/etc/shop": etc,
        "/tmp/release.py": tmp_path / "release.py",
        "/root/": f"{root_home}/",
    }
    first = [
        one_command("tar -xzOf"),
        one_command("/tmp/release.py install"),
        one_command("for name in SECRET_KEY"),
        one_command("deploy/env.sample"),
        # The editor's part: this machine's database and no mail server.
        f"printf '%s\\n' DATABASE_URL=sqlite:///{srv}/var/db.sqlite3 "
        "EMAIL_BACKEND=django.core.mail.backends.locmem.EmailBackend >> /etc/shop/env",
        one_command("alias shop-manage="),
        *[c for c in commands() if c.startswith("shop-manage ") or "shop-admin-password)" in c],
    ]
    installed = run_as_written(
        first, {"shop-ID": "shop-release-1", **places}, cwd=dist, home=root_home
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert "installed release-1" in installed.stdout
    assert "Created admin owner@example.com." in installed.stdout
    env_lines = (etc / "env").read_text().splitlines()
    assert [line.split("=")[0] for line in env_lines[:3]] == [
        "SECRET_KEY",
        "PASSWORD_DIGEST_KEY",
        "METRICS_TOKEN",
    ]
    assert oct((etc / "env").stat().st_mode & 0o777) == "0o640"
    assert oct((root_home / "shop-admin-password").stat().st_mode & 0o777) == "0o600"

    upgrade = [
        c
        for c in commands()
        if "/srv/shop/current/tools/release.py install" in c or "/srv/shop/releases/ID/" in c
    ]
    # Prepared, migrated from the new release, then switched (docs/deploy.md's order).
    upgrade = [upgrade[1], upgrade[2], upgrade[3], upgrade[0]]
    upgraded = run_as_written(
        upgrade,
        {"shop-ID": "shop-release-2", "releases/ID/": "releases/release-2/", **places},
        cwd=dist,
        home=root_home,
    )
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    assert os.readlink(srv / "current") == "releases/release-2"
    password = (root_home / "shop-admin-password").read_text().strip()
    admin = subprocess.run(
        [srv / "current" / ".venv" / "bin" / "python", "manage.py", "shell", "-c"]
        + [
            "from accounts.models import User; "
            "admin = User.objects.get(email='owner@example.com'); "
            f"print(admin.check_password('{password}'), admin.is_staff)"
        ],
        cwd=srv / "current",
        env={"PATH": "/usr/bin:/bin", "ENV_FILE": str(etc / "env")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert admin.stdout.split()[-2:] == ["True", "True"], admin.stdout + admin.stderr


def pg_superuser():
    """A PostgreSQL server this machine reaches as `postgres` (trust), or a skip."""
    import psycopg

    try:
        return psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True)
    except psycopg.OperationalError:
        pytest.skip("no PostgreSQL at 127.0.0.1:5432")


def test_database_role_and_database_without_a_prompt(tmp_path):
    admin = pg_superuser()
    name = f"shop_runbook_{uuid.uuid4().hex[:8]}"
    lines = [
        one_command("> /root/shop-db-password)"),
        one_command("createuser"),
        one_command("ALTER ROLE"),
        one_command("createdb"),
    ]
    places = {
        "/root/": f"{tmp_path}/",
        # This machine's server answers postgres over TCP; no postgres user to sudo to.
        "sudo -u postgres ": "env PGHOST=127.0.0.1 PGUSER=postgres ",
    }
    # The role and database get a name of their own: other tests share this server.
    lines = [re.sub(r"\bshop\b(?!-)", name, line) for line in lines]
    try:
        done = subprocess.run(
            ["/bin/bash", "-c", "set -e\n" + "\n".join(as_here(c, places) for c in lines)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            env={"PATH": "/usr/bin:/bin"},
        )
        assert done.returncode == 0, done.stdout + done.stderr
        password = (tmp_path / "shop-db-password").read_text().strip()
        row = admin.execute(
            "SELECT rolcanlogin, rolpassword IS NOT NULL,"
            " (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = %s)"
            " FROM pg_authid WHERE rolname = %s",
            [name, name],
        ).fetchone()
        assert row == (True, True, name)
        assert len(password) >= 24
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'DROP ROLE IF EXISTS "{name}"')
        admin.close()
