"""Debian's nginx with docs/nginx/shop.conf in front of app servers, and app servers run from an
installed release (tools/release.py) the way their systemd units would: shared by
tests/test_release.py, bench/deploy_rehearsal.py and bench/proxy_check.py."""

import re
import shutil
import signal
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

from tests.liveserver import free_port, wait_until_up

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "docs" / "nginx" / "shop.conf"
HOST = "shop.example.com"


def nginx_binary():
    """Debian's nginx (`make nginx` installs it as root), or None."""
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    return found if Path(found).exists() else None


def nginx_config(workdir, app_ports, port, edit=None):
    """docs/nginx/shop.conf as shipped, but plain HTTP on `port` instead of TLS and one
    upstream line per app server; `edit` may change the text further."""
    site = CONF.read_text() if edit is None else edit(CONF.read_text())
    upstream = re.search(r"\n(\s*)server 127\.0\.0\.1:8000( [^;]*);", site)
    indent, options = upstream.group(1), upstream.group(2)
    servers = "".join(f"\n{indent}server 127.0.0.1:{p}{options};" for p in app_ports)
    site = site.replace(upstream.group(0), servers)
    site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{port};")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{free_port()};")
    site = re.sub(r"\n\s*ssl_certificate(_key)?\s[^\n]*", "", site)
    (workdir / "shop.conf").write_text(site)
    main = f"""
daemon off;
user root;
worker_processes 1;
pid {workdir}/nginx.pid;
error_log {workdir}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {workdir}/body;
    proxy_temp_path {workdir}/proxy;
    fastcgi_temp_path {workdir}/fastcgi;
    uwsgi_temp_path {workdir}/uwsgi;
    scgi_temp_path {workdir}/scgi;
    include {workdir}/shop.conf;
}}
"""
    (workdir / "nginx.conf").write_text(main)
    return workdir / "nginx.conf"


def _listening(port):
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def nginx(workdir, app_ports, edit=None):
    """nginx in front of the app servers on these ports; yields its base URL."""
    binary, port, workdir = nginx_binary(), free_port(), Path(workdir)
    conf = nginx_config(workdir, app_ports, port, edit)
    subprocess.run([binary, "-t", "-c", str(conf)], check=True, capture_output=True)
    process = subprocess.Popen([binary, "-c", str(conf)], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not _listening(port):
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"nginx did not start: {(workdir / 'error.log').read_text()}")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


class ReleaseProcess:
    """A process run from ROOT/current as it resolves at start, like a systemd unit with
    WorkingDirectory=ROOT/current: it keeps its release when `current` moves on, until
    restart()."""

    def __init__(self, root, argv, env, log_path, *, ready=None, pin_static_root=False):
        self.root, self.argv, self.env, self.log_path = Path(root), argv, env, Path(log_path)
        self.ready = ready
        # A release built from a revision older than release archives looks for its static
        # files in VAR_DIR; this points it at the ones it carries.
        self.pin_static_root = pin_static_root
        self.process = None
        self.release = None

    def start(self, *, wait=True):
        self.release = (self.root / "current").resolve()
        env = dict(self.env)
        if self.pin_static_root:
            env["STATIC_ROOT"] = str(self.release / "static")
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen(
                self.argv,
                cwd=self.release,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        if wait:
            self.wait_ready()

    def wait_ready(self):
        if self.ready:
            self.ready(self)

    def terminate(self):
        # SIGTERM, as systemd sends: gunicorn finishes requests in flight, the worker its
        # task in hand.
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def restart(self):
        self.stop()
        self.start()


def app_server(root, env, log_path, *, workers=1, pin_static_root=False):
    """gunicorn from ROOT/current on a free port (its `port` attribute), answering /healthz
    once start() returns."""
    port = free_port()
    argv = [
        ".venv/bin/gunicorn",
        "config.wsgi",
        "-c",
        "config/gunicorn.conf.py",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
    ]

    def ready(server):
        wait_until_up(server.base, server.process, server.log_path, timeout=60)

    server = ReleaseProcess(root, argv, env, log_path, ready=ready, pin_static_root=pin_static_root)
    server.port, server.base = port, f"http://127.0.0.1:{port}"
    return server
