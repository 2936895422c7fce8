"""The deploy files run as shipped: systemd-analyze accepts the units, the cron lines of
docs/deploy.md and the timers' commands work from an empty environment against a scratch
shop, and two gunicorns never share a control socket."""

import os
import re
import shlex
import shutil
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest
from dotenv import dotenv_values

from tests.liveserver import gunicorn, prepare_env_file_shop, server_env

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
DOC = ROOT / "docs" / "deploy.md"
# The paths the shipped files assume, and what each test puts in their place.
SERVER_CHECKOUT, SERVER_ENV_FILE, SERVER_BACKUPS = (
    "/srv/shop/current",
    "/etc/shop/env",
    "/var/backups/shop",
)
CRON_LINE = re.compile(r"^\s*((?:\S+\s+){5})(cd /srv/shop/current && .*)$")

pytestmark = pytest.mark.sqlite_only


def units():
    return sorted(DEPLOY.glob("*.service")) + sorted(DEPLOY.glob("*.timer"))


def unit(path):
    """A unit file's settings; repeated keys (ExecStart=) as lists."""
    sections = {}
    section = None
    for line in path.read_text().splitlines():
        if line.startswith("[") and line.endswith("]"):
            section = sections.setdefault(line[1:-1], {})
        elif "=" in line and not line.startswith("#") and section is not None:
            key, value = line.split("=", 1)
            section.setdefault(key, []).append(value)
    return sections


def manage_args(command):
    """`manage.py low_stock_digest` of a cron line or an ExecStart: what is run."""
    return command.split("manage.py ", 1)[1].strip()


def substitute(text, *, env_file, backups):
    return (
        text.replace(SERVER_CHECKOUT, str(ROOT))
        .replace(SERVER_ENV_FILE, str(env_file))
        .replace(SERVER_BACKUPS, str(backups))
    )


def cron_lines():
    return [
        match.group(2) for line in DOC.read_text().splitlines() if (match := CRON_LINE.match(line))
    ]


def timer_services():
    """The services the timers start, with the commands each runs."""
    services = {}
    for timer in sorted(DEPLOY.glob("*.timer")):
        service = DEPLOY / f"{timer.stem}.service"
        services[service] = unit(service)["Service"]["ExecStart"]
    return services


def run_empty_env(argv, *, cwd=ROOT, env=None):
    """As cron and systemd start a command: nothing inherited from this process."""
    return subprocess.run(
        ["env", "-i", *(f"{k}={v}" for k, v in (env or {}).items()), *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.live
def test_systemd_accepts_every_unit(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        if os.environ.get("CI"):
            pytest.fail("systemd-analyze is not installed")
        pytest.skip("systemd-analyze is not installed here")
    # systemd checks that each ExecStart= binary exists: this checkout stands in for /srv/shop.
    for path in units():
        (tmp_path / path.name).write_text(path.read_text().replace(SERVER_CHECKOUT, str(ROOT)))

    result = subprocess.run(
        [analyze, "verify", *sorted(str(p) for p in tmp_path.iterdir())],
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout + result.stderr == ""  # warnings (unknown keys, ...) included


def test_units_run_as_the_shop_user_with_the_one_env_file():
    names = {path.name for path in units()}
    assert {"shop-web.service", "shop-worker.service"} <= names
    for path in units():
        sections = unit(path)
        if path.suffix == ".timer":
            assert f"{path.stem}.service" in names, path.name
            assert sections["Install"]["WantedBy"] == ["timers.target"], path.name
            continue
        service = sections["Service"]
        assert service["User"] == ["shop"], path.name
        assert service["EnvironmentFile"] == [SERVER_ENV_FILE], path.name
        assert service["WorkingDirectory"] == [SERVER_CHECKOUT], path.name
        assert "network-online.target" in sections["Unit"]["After"][0], path.name
        # A timer's service is started by its timer, never at boot on its own.
        timer_started = (DEPLOY / f"{path.stem}.timer").exists()
        assert ("Install" in sections) is not timer_started, path.name
        assert path.name in DOC.read_text() or timer_started, path.name


def test_cron_and_timers_schedule_the_same_commands():
    from_cron = sorted(manage_args(line) for line in cron_lines())
    from_timers = sorted(
        manage_args(command) for commands in timer_services().values() for command in commands
    )

    # expire_pending_orders has its own section of the doc too.
    assert sorted(set(from_cron)) == from_timers
    assert from_timers == sorted(
        [
            "low_stock_digest",
            "expire_pending_orders",
            "prune_db_task_results --min-age-days 14",
            "clearsessions",
            "axes_reset_logs --age 30",
            "delete_old_exports",
            "backup /var/backups/shop --dated --keep 14",
            "compliance_monthly",
        ]
    )


@pytest.fixture
def scratch_shop(tmp_path):
    """A migrated SQLite shop whose settings are one env file (the demo catalog has low
    stock)."""
    env_file = tmp_path / "env"
    env_file.write_text(
        "SECRET_KEY=scratch-server-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz\n"
        f"DATABASE_URL=sqlite:///{tmp_path / 'db.sqlite3'}\n"
        f"VAR_DIR={tmp_path / 'var'}\n"
        "EMAIL_BACKEND=django.core.mail.backends.console.EmailBackend\n"
        "SHOP_EMAIL=owner@scratch.test\n"
    )
    env_file.chmod(0o600)
    # migrate, createcachetable and demo_data with that file, or a copy of the run's shop
    # that was made so (tests/liveserver.py): how the shop was made is not what is tested.
    prepare_env_file_shop(env_file)
    return env_file


def run_cron_lines(env_file, backups):
    outputs = {}
    for line in cron_lines():
        command = substitute(line, env_file=env_file, backups=backups)
        result = run_empty_env(["/bin/sh", "-c", command], cwd="/")
        assert result.returncode == 0, f"{line}\n{result.stdout}{result.stderr}"
        outputs[manage_args(line)] = result.stdout
    return outputs


def run_timer_services(env_file, backups):
    """Each command as systemd starts it: the unit's working directory, EnvironmentFile= and
    Environment=, nothing else."""
    outputs = {}
    for service, commands in timer_services().items():
        settings = unit(service)["Service"]
        (working_directory,) = settings["WorkingDirectory"]
        (environment_file,) = settings["EnvironmentFile"]
        env = dotenv_values(substitute(environment_file, env_file=env_file, backups=backups))
        env.update(value.split("=", 1) for value in settings.get("Environment", []))
        for command in commands:
            argv = shlex.split(substitute(command, env_file=env_file, backups=backups))
            result = run_empty_env(
                argv, cwd=working_directory.replace(SERVER_CHECKOUT, str(ROOT)), env=env
            )
            assert result.returncode == 0, (
                f"{service.name}: {command}\n{result.stdout}{result.stderr}"
            )
            outputs[manage_args(command)] = result.stdout
    return outputs


@pytest.mark.live
def test_cron_lines_and_timers_run_as_written_from_an_empty_environment(scratch_shop, tmp_path):
    # The backup unit's ExecStartPre=+install ... makes its folder as root; cron's is made by
    # hand (docs/deploy.md).
    cron_backups, timer_backups = tmp_path / "backups-cron", tmp_path / "backups-systemd"
    cron_backups.mkdir(mode=0o700)
    timer_backups.mkdir(mode=0o700)

    from_cron = run_cron_lines(scratch_shop, cron_backups)
    from_timers = run_timer_services(scratch_shop, timer_backups)

    assert "Low-stock digest queued for owner@scratch.test" in from_cron["low_stock_digest"]
    # The same day's digest from a second scheduler (or server) is not sent again.
    assert "was queued already: not sent again" in from_timers["low_stock_digest"]
    assert "Cancelled 0 pending orders" in from_timers["expire_pending_orders"]
    assert "Deleted 0 exports older than 7 days." in from_cron["delete_old_exports"]
    assert "email to the admins queued" in from_cron["compliance_monthly"]
    assert "not sent again" in from_timers["compliance_monthly"]
    for backups in (cron_backups, timer_backups):
        (backup,) = backups.iterdir()
        assert (backup / "manifest.json").is_file()


def gunicorn_env(tmp_path, **overrides):
    """Two instances of one user: one home folder, no XDG_RUNTIME_DIR (a system service)."""
    env = server_env(HOME=tmp_path / "home", VAR_DIR=tmp_path / "var", **overrides)
    env.pop("XDG_RUNTIME_DIR", None)
    env.pop("GUNICORN_CONTROL_SOCKET", None)
    env.update({key: str(value) for key, value in overrides.items()})
    return env


def control(socket, command):
    result = subprocess.run(
        [str(Path(sys.executable).parent / "gunicornc"), "-s", str(socket), "-c", command, "-j"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.live
def test_gunicorn_opens_no_control_socket_unless_asked(tmp_path):
    (tmp_path / "home").mkdir()
    env = gunicorn_env(tmp_path)

    with gunicorn(env, workers=1), gunicorn(env, workers=1):
        assert list((tmp_path / "home").iterdir()) == []  # no ~/.gunicorn/gunicorn.ctl


@pytest.mark.live
def test_each_gunicorn_answers_on_its_own_control_socket(tmp_path):
    (tmp_path / "home").mkdir()
    sockets = [tmp_path / "a" / "gunicorn.ctl", tmp_path / "b" / "gunicorn.ctl"]

    with ExitStack() as stack:
        bases = [
            stack.enter_context(
                gunicorn(gunicorn_env(tmp_path, GUNICORN_CONTROL_SOCKET=socket), workers=1)
            )
            for socket in sockets
        ]
        listeners = [control(socket, "show listeners") for socket in sockets]

    for base, other, answer in zip(bases, reversed(bases), listeners, strict=True):
        assert base.rsplit(":", 1)[1] in answer
        assert other.rsplit(":", 1)[1] not in answer
