"""A real gunicorn on a real database (a scratch PostgreSQL one when asked), for the browser
suite, the live-server tests and the benchmarks under bench/ (which import it with the project
folder on sys.path)."""

import atexit
import fcntl
import hashlib
import http.client
import io
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TEST_SECRET_KEY = "live-server-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(**overrides):
    """The environment of a production-like server (DEBUG off) with the given overrides.
    The developer's own cache settings stay out: a server gets Redis only when asked."""
    env = {
        **os.environ,
        "SECRET_KEY": TEST_SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "CONN_MAX_AGE": "60",
    }
    for name in ("DEBUG", "CACHE_URL", "REDIS_URL"):
        env.pop(name, None)
    env.update({key: str(value) for key, value in overrides.items()})
    return env


def manage(*args, env):
    """Run a manage.py command in the server's environment; its output, or an error with it."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if result.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def pg_server(settings_dict):
    """The PostgreSQL server of a Django connection's settings, as a URL without a database."""
    user = settings_dict["USER"] or "postgres"
    host = settings_dict["HOST"] or "127.0.0.1"
    return f"postgres://{user}@{host}:{settings_dict['PORT'] or 5432}"


@contextmanager
def pg_database(server, prefix, template=None):
    """A fresh database on a PostgreSQL server (trust auth), or a copy of the database at the
    URL `template` (which nothing may be connected to); yields its URL, dropped after."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    copy = f' TEMPLATE "{template.rsplit("/", 1)[1]}"' if template else ""
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"{copy}')
    try:
        yield f"{server}/{name}"
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def prepare_database(env, *, demo=True):
    """Migrate (and load the demo data into) the server's database. A SQLite file, or a
    PostgreSQL database nothing is connected to yet, is copied from one prepared before with
    the same keys and demo settings, media on disk included: migrating and drawing the demo
    images in a subprocess costs seconds, and most live tests want the same starting shop.
    The copies are shared by the processes of one pytest run (SHOP_TEST_TEMPLATES, set by
    conftest.py), so parallel workers prepare each kind once."""
    target = _sqlite_path(env)
    pg_target = _pg_target(env)
    # Demo images stored in a bucket would not be copied with the database.
    if (target is None and pg_target is None) or (demo and env.get("AWS_STORAGE_BUCKET_NAME")):
        _prepare(env, demo=demo)
        return
    _copy(_template_for(env, demo=demo, pg_server=pg_target), env)


def _template_for(env, *, demo, pg_server):
    # Migrating reads nothing of the environment; the demo data reads its keys and settings.
    if demo:
        key = repr(sorted((k, v) for k, v in env.items() if k.startswith(_TEMPLATE_KEYS)))
    else:
        key = "migrated"
    if pg_server is not None:
        key += f" on {pg_server[0]}"
    template = _templates.get(key) or _template(key, env, demo=demo, pg_server=pg_server)
    _templates[key] = template
    return template


def _copy(template, env):
    """Make env's database and media a copy of a template's (database, media)."""
    pg_target = _pg_target(env)
    if pg_target is None:
        target = _sqlite_path(env)
        target.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(template[0]) as source, sqlite3.connect(target) as copy:
            source.backup(copy)
    else:
        _pg_copy(pg_target, template[0])
    if template[1].exists():
        shutil.copytree(template[1], _media_root(env), dirs_exist_ok=True)


def prepare_env_file_shop(env_file):
    """prepare_database for a scratch shop whose settings are all in one env file (SECRET_KEY,
    DATABASE_URL of a SQLite file, VAR_DIR), as a server's /etc/shop/env holds them: its
    manage.py commands read that file and nothing else of this process's environment."""
    from dotenv import dotenv_values

    values = dotenv_values(env_file)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "ENV_FILE": str(env_file)}
    env.update({k: values[k] for k in ("SECRET_KEY", "DATABASE_URL", "VAR_DIR") if values.get(k)})
    prepare_database(env)


# What the demo data depends on: the keys its password digests were made with, and its own
# settings.
_TEMPLATE_KEYS = ("DEMO_", "SECRET_KEY", "PASSWORD_DIGEST")
_templates = {}


def _template(key, env, *, demo, pg_server=None):
    """The prepared (database, media) pair for `key` (a SQLite file, or on `pg_server` a
    PostgreSQL database's URL): made once per run and kept in the run's shared folder under a
    lock (another process may be making the same one), or in a folder of this process's own
    outside a pytest run (bench/)."""
    shared = os.environ.get("SHOP_TEST_TEMPLATES")
    if shared:
        folder = Path(shared) / hashlib.sha256(key.encode()).hexdigest()[:20]
        lock = open(f"{folder}.lock", "w")  # noqa: SIM115 (held until the template is ready)
    else:
        folder = Path(tempfile.mkdtemp(prefix="shop-template-"))
        atexit.register(shutil.rmtree, folder, True)
        lock = None
    if pg_server is None:
        database = folder / "db.sqlite3"
        url = f"sqlite:///{database}"
    else:
        # Named after the run's folder: conftest.py drops the run's templates at its end.
        database = url = f"{pg_server[0]}/{_pg_template_prefix()}{folder.name}"
    template = database, folder / "media"
    try:
        if lock is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "ready").exists():
            shutil.rmtree(folder, ignore_errors=True)  # a half-made one from a failed attempt
            folder.mkdir(parents=True)
            if pg_server is not None:
                if not demo:
                    _pg_execute(pg_server[0], f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}"')
                    _pg_execute(pg_server[0], f'CREATE DATABASE "{url.rsplit("/", 1)[1]}"')
                if shared:
                    with open(Path(shared) / "pg_servers", "a") as servers:
                        servers.write(pg_server[0] + "\n")
                else:
                    atexit.register(drop_pg_templates, pg_server[0], url.rsplit("/", 1)[1])
            # Without the shared cache's settings, so the template always holds the cache
            # table: the next test to copy it may count its throttles in the database.
            settings = {k: v for k, v in env.items() if k not in ("REDIS_URL", "CACHE_URL")}
            settings.update(DATABASE_URL=url, MEDIA_ROOT=str(template[1]))
            if demo:
                # The demo data on a copy of the run's migrated database.
                _copy(_template_for(env, demo=False, pg_server=pg_server), settings)
                manage("demo_data", env=settings)
            else:
                _prepare(settings, demo=False)
            (folder / "ready").touch()
    finally:
        if lock is not None:
            lock.close()
    return template


def _pg_template_prefix():
    return (
        "shoptpl_" + Path(os.environ.get("SHOP_TEST_TEMPLATES", "own")).name.replace("-", "_") + "_"
    )


def drop_pg_templates(server=None, prefix=None):
    """Drop the PostgreSQL templates of this run, on every server it made one on (conftest.py,
    at the run's end)."""
    import psycopg

    prefix = prefix or _pg_template_prefix()
    if server is None:
        listed = Path(os.environ.get("SHOP_TEST_TEMPLATES", "")) / "pg_servers"
        servers = set(listed.read_text().split()) if listed.is_file() else set()
    else:
        servers = {server}
    for each in servers:
        with psycopg.connect(f"{each}/postgres", autocommit=True) as admin:
            names = admin.execute(
                "SELECT datname FROM pg_database WHERE starts_with(datname, %s)", [prefix]
            ).fetchall()
            for (name,) in names:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                if server is None:
                    # The folder that marked it ready, in a folder the next run may share.
                    shutil.rmtree(listed.parent / name.removeprefix(prefix), ignore_errors=True)


def _pg_target(env):
    """(server URL, database name) of a PostgreSQL DATABASE_URL, or None."""
    url = env.get("DATABASE_URL") or ""
    if not url.startswith(("postgres://", "postgresql://")) or "?" in url:
        return None
    server, name = url.rsplit("/", 1)
    return server, name


def _pg_execute(server, sql):
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(sql)


def _pg_copy(target, template_url):
    """Make the (empty, unused) target database a copy of the template database."""
    import psycopg

    server, name = target
    _pg_execute(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    for attempt in range(100):
        try:
            _pg_execute(
                server, f'CREATE DATABASE "{name}" TEMPLATE "{template_url.rsplit("/", 1)[1]}"'
            )
            return
        except psycopg.errors.ObjectInUse:
            # Another process's copy of the same template at this very moment.
            if attempt == 99:
                raise
            time.sleep(0.1)


def _prepare(env, *, demo):
    manage("migrate", "--noinput", "-v0", env=env)
    # The default profile's cache is a database table (throttles shared by every worker).
    manage("createcachetable", env=env)
    if demo:
        manage("demo_data", env=env)


def _sqlite_path(env):
    url = env.get("DATABASE_URL") or ""
    return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None


def _media_root(env):
    if env.get("MEDIA_ROOT"):
        return Path(env["MEDIA_ROOT"])
    return Path(env.get("VAR_DIR") or ROOT / "var") / "media"


@contextmanager
def gunicorn(env, *, workers=2, log_path=None, port=None):
    """Serve the project on a free port; yields the base URL, stops the server after."""
    port = port or free_port()
    log = open(log_path, "w") if log_path else subprocess.DEVNULL
    process = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "config.wsgi",
            "-c",
            "config/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process, log_path)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        if log_path:
            log.close()


def wait_until_up(base, process, log_path=None, timeout=30):
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1)
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                tail = Path(log_path).read_text()[-2000:] if log_path else ""
                raise RuntimeError(f"gunicorn did not start at {base}\n{tail}")
            time.sleep(0.2)


def call(
    base,
    method,
    path,
    body=None,
    *,
    token=None,
    headers=None,
    raw=None,
    content_type=None,
    timeout=20,
):
    """One HTTP request: (status, body bytes, headers). Never raises for an HTTP status."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(f"{base}{path}", data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type or "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read(), error.headers


def login(base, password, headers=None):
    status, body, _ = call(base, "POST", "/api/auth/login", {"password": password}, headers=headers)
    if status != 200:
        raise RuntimeError(f"login failed: {status} {body[:200]!r}")
    return json.loads(body)["token"]


def sold_at_the_counter(base, products, where="deliveryOption=pickup"):
    """The products of `products` (answers) the compliance rules let a pickup (or the place
    `where` names, in the check's query words) buy, as the server says (GET
    /api/compliance/check): the demo's kratom and flavoured vapes are not."""
    if not products:
        return []
    ids = ",".join(str(p["id"]) for p in products[:200])
    status, body, _ = call(base, "GET", f"/api/compliance/check?productIds={ids}&{where}")
    assert status == 200, body[:300]
    blocked = {line["productId"] for line in json.loads(body)["blocked"]}
    return [p for p in products if p["id"] not in blocked]


def multipart(fields, files):
    """A multipart/form-data body and its content type: fields {name: value}, files
    {name: (filename, bytes, content type)}."""
    boundary = uuid.uuid4().hex
    out = io.BytesIO()
    for name, value in fields.items():
        out.write(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        )
    for name, (filename, content, ctype) in files.items():
        out.write(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            f"Content-Type: {ctype}\r\n\r\n".encode()
        )
        out.write(content + b"\r\n")
    out.write(f"--{boundary}--\r\n".encode())
    return out.getvalue(), f"multipart/form-data; boundary={boundary}"


def _worker_pids(log_path):
    return re.findall(r"pid=<?(\d+)>?", log_path.read_text())


def connections_on_workers(base, log_path, count=2, tries=None):
    """Keep-alive connections, each served by one worker for its whole life: one on each of
    `count` workers (told apart by the pid in the access log). The server's keep-alive
    (GUNICORN_KEEPALIVE) must outlast the test's pauses between requests."""
    host, port = base.removeprefix("http://").split(":")
    by_pid = {}
    for _ in range(tries or 30 * count):
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        conn.request("GET", "/healthz")
        conn.getresponse().read()
        time.sleep(0.1)  # the access line is written just after the answer
        if by_pid.setdefault(_worker_pids(log_path)[-1], conn) is not conn:
            conn.close()
        if len(by_pid) == count:
            break
    assert len(by_pid) == count, f"{count} workers wanted, connections reached {list(by_pid)}"
    return list(by_pid.values())
