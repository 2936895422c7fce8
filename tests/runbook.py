"""The commands of docs/deploy.md as written: read from its `sh` blocks, and put to run on this
machine by swapping the server's paths for a test's folders (tests/test_runbook.py)."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "deploy.md"
HOST = "shop.example.com"
ENV_LINE = re.compile(r"^[A-Z][A-Z0-9_]*=")
# Every way pip could find a package index, pointed nowhere: an install that asks one fails.
NO_INDEX = {
    "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
    "PIP_EXTRA_INDEX_URL": "",
    "PIP_FIND_LINKS": "",
    "PIP_CONFIG_FILE": os.devnull,
    "PIP_NO_INDEX": "1",
}

# Each command's first words, and the test that runs it as written.
RUN_BY_TESTS = {
    "tar -xzOf shop-ID.tar.gz": "test_runbook.py::test_first_install_and_upgrade_as_written",
    "sudo -u shop python3 /tmp/release.py install": "test_first_install_and_upgrade_as_written",
    "(umask 027; for name in SECRET_KEY": "test_first_install_and_upgrade_as_written",
    "alias shop-manage=": "test_first_install_and_upgrade_as_written",
    "cat /srv/shop/current/deploy/env.sample": "test_first_install_and_upgrade_as_written",
    "shop-manage ": "test_first_install_and_upgrade_as_written",
    "(umask 077; python3 -c": "test_first_install_and_upgrade_as_written",
    "python3 /srv/shop/current/tools/release.py install": "test_first_install_and_upgrade...",
    "sudo -u shop python3 /srv/shop/current/tools/release.py install": "test_first_install...",
    "sudo -u shop env ENV_FILE=/etc/shop/env /srv/shop/releases/ID/": "test_first_install...",
    "sudo -u postgres createuser shop": "test_database_role_and_database_without_a_prompt",
    'echo "ALTER ROLE shop PASSWORD': "test_database_role_and_database_without_a_prompt",
    "sudo -u postgres createdb --owner shop shop": "test_database_role_and_database...",
    "curl -sI -H 'Host: shop.example.com' -H 'X-Forwarded-Proto: https'": "test_the_release_check",
    "promtool ": "tests/test_monitoring.py",
}
# Commands that need a whole server (a system user, systemd as PID 1, a build with webpack),
# and where what they do is checked instead.
MACHINE_ONLY = {
    "useradd ": "adds a system user to the machine",
    "install -d -o ": "needs the shop user",
    "chgrp shop ": "needs the shop user",
    "cp /srv/shop/current/deploy/": "copies into /etc/systemd/system",
    "systemd-analyze verify": "tests/test_deploy_files.py verifies the same units",
    "systemctl ": "needs systemd as PID 1; the units' commands run in test_deploy_files.py",
    "make release": "webpack and collectstatic: make rehearsal builds two releases",
    "apt-get install ": "installs packages on the machine (make test installs nginx the same way)",
    "cp /srv/shop/current/docs/nginx/shop.conf /etc/nginx/": "tests/deploykit.py serves that file",
    "install -d -m 0755 ": "folders of the machine's nginx and TLS",
    "cp /srv/shop/current/deploy/maintenance/": "tests/test_maintenance_page.py serves them",
    "rm -f /etc/nginx/": "the machine's own nginx site",
    "certbot ": "needs a public domain name",
    "ln -sf /etc/letsencrypt/": "needs certbot's certificate",
    "nginx -t": "tests/deploykit.py runs nginx -t on the file",
}


def commands(text=None):
    """Every command of the doc's `sh` blocks, continuation lines joined, comments and the
    env file's NAME=value lines left out."""
    text = DOC.read_text() if text is None else text
    found = []
    for block in re.findall(r"^[ \t]*```sh\n(.*?)^[ \t]*```", text, re.S | re.M):
        pending = ""
        for raw in block.splitlines():
            line = raw.strip()
            if not pending and (not line or line.startswith("#") or ENV_LINE.match(line)):
                continue
            pending = f"{pending}\n{line}" if pending else line
            unclosed = pending.count("(") > pending.count(")")
            if pending.endswith("\\") or unclosed:
                continue
            found.append(pending)
            pending = ""
    return found


def one_command(containing):
    (command,) = [command for command in commands() if containing in command]
    return command


def as_here(command, places):
    """The command with each server path (or word) of `places` swapped for this machine's."""
    for server, here in places.items():
        command = command.replace(server, str(here))
    return command
