"""deploy/env.sample names every variable the settings read (config/), each with its comment,
and nothing they do not read: a server's env file made from it leaves nothing to guess."""

import re
from pathlib import Path

from dotenv import dotenv_values

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "deploy" / "env.sample"
READ = re.compile(
    r"(?:os\.environ(?:\.get|\.setdefault|\.pop)?\s*[\[(]|os\.getenv\(|env_(?:bool|list|rate)\()"
    r"\s*\"([A-Z][A-Z0-9_]*)\""
)
# Read in config/ but never from the env file, with the reason.
NOT_IN_THE_FILE = {
    "ENV_FILE": "names the file itself",
    "DJANGO_SETTINGS_MODULE": "manage.py and config/wsgi.py set it",
    "PROMETHEUS_MULTIPROC_DIR": "config/gunicorn.conf.py makes one per start",
}
LINE = re.compile(r"^(?:# )?([A-Z][A-Z0-9_]*)=")


def read_in_config():
    return {
        name
        for path in (ROOT / "config").rglob("*.py")
        if path.name != "testenv.py"
        for name in READ.findall(path.read_text())
    }


def sample_names():
    return [m.group(1) for line in SAMPLE.read_text().splitlines() if (m := LINE.match(line))]


def test_the_sample_lists_every_variable_the_settings_read_and_no_other():
    read = read_in_config()
    assert {"REDIS_URL", "AWS_STORAGE_BUCKET_NAME", "EMAIL_PORT", "METRICS_TOKEN"} <= read
    assert sorted(read - set(NOT_IN_THE_FILE) - set(sample_names())) == []
    assert sorted(set(sample_names()) - read) == []
    assert len(sample_names()) == len(set(sample_names()))


def test_each_variable_has_its_comment():
    lines = SAMPLE.read_text().splitlines()
    for number, line in enumerate(lines):
        if LINE.match(line):
            above = lines[number - 1]
            assert above.startswith("# ") and not LINE.match(above), line


def test_the_sample_is_an_env_file_the_server_reads():
    values = dotenv_values(SAMPLE, interpolate=False)
    # What a production server needs set, the keys aside (the runbook writes them above).
    assert {
        "ALLOWED_HOSTS",
        "CSRF_TRUSTED_ORIGINS",
        "DATABASE_URL",
        "SECURE_SSL",
        "NUM_PROXIES",
        "EMAIL_BACKEND",
        "EMAIL_HOST",
        "EMAIL_PORT",
        "SHOP_EMAIL",
    } <= set(values)
    assert not any(value and ("$" in value or value[0] in "'\"") for value in values.values())
