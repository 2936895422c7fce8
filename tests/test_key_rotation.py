"""Both keys rotate across two app servers, one restart at a time, as docs/deploy.md
("Rotating keys") says, and no sign-in and no session token is refused at any step.

Phase 1 lists the new key beside the old one on every server (accepted, not yet used);
phase 2 makes it the key in use, with the old one accepted. Without phase 1 a server still
on the old keys refuses what an upgraded server signed or re-keyed."""

import json
from contextlib import ExitStack

import pytest

from tests.liveserver import call, gunicorn, prepare_database, server_env

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]

PASSWORD = "shopper-demo-1357"
OLD_SECRET, NEW_SECRET = "old-secret-key-" + "a" * 40, "new-secret-key-" + "b" * 40
OLD_DIGEST, NEW_DIGEST = "old-digest-key-" + "c" * 40, "new-digest-key-" + "d" * 40

BEFORE = {"SECRET_KEY": OLD_SECRET, "PASSWORD_DIGEST_KEY": OLD_DIGEST}
ACCEPTS_NEW = {**BEFORE, "SECRET_KEY_FALLBACKS": NEW_SECRET, "PASSWORD_DIGEST_OLD_KEYS": NEW_DIGEST}
USES_NEW = {
    "SECRET_KEY": NEW_SECRET,
    "SECRET_KEY_FALLBACKS": OLD_SECRET,
    "PASSWORD_DIGEST_KEY": NEW_DIGEST,
    "PASSWORD_DIGEST_OLD_KEYS": OLD_DIGEST,
}


def test_both_keys_rotate_across_two_servers_without_signing_anyone_out(tmp_path):
    common = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "MEDIA_ROOT": tmp_path / "media",
        "VAR_DIR": tmp_path,
        "AUTH_THROTTLE_RATE": "none",
        "FAILED_SIGN_INS_PER_MINUTE": "0",
        "DEMO_CUSTOMER_PASSWORD": PASSWORD,
    }
    prepare_database(server_env(**common, **BEFORE))
    keys = [BEFORE, BEFORE]
    tokens = []
    refused = []

    def check(step, bases):
        for n, base in enumerate(bases):
            status, body, _ = call(base, "POST", "/api/auth/login", {"password": PASSWORD})
            if status != 200:
                refused.append((step, f"sign-in on server {n}", status))
                continue
            tokens.append(json.loads(body)["token"])
        for n, base in enumerate(bases):
            for t, token in enumerate(tokens):
                status = call(base, "GET", "/api/auth/me", token=token)[0]
                if status != 200:
                    refused.append((step, f"token {t} on server {n}", status))

    steps = [
        ("server 0 accepts the new keys", 0, ACCEPTS_NEW),
        ("server 1 accepts the new keys", 1, ACCEPTS_NEW),
        ("server 0 uses the new keys", 0, USES_NEW),
        ("server 1 uses the new keys", 1, USES_NEW),
    ]
    with ExitStack() as everything:
        servers = [
            everything.enter_context(ExitStack()),
            everything.enter_context(ExitStack()),
        ]
        bases = [
            servers[n].enter_context(gunicorn(server_env(**common, **keys[n]), workers=1))
            for n in range(2)
        ]
        check("before", bases)
        for step, n, new_keys in steps:
            servers[n].close()  # the restart: stop, then start with the new environment
            keys[n] = new_keys
            servers[n] = everything.enter_context(ExitStack())
            bases[n] = servers[n].enter_context(
                gunicorn(server_env(**common, **new_keys), workers=1)
            )
            check(step, bases)

    assert refused == []
    assert len(tokens) == 10
