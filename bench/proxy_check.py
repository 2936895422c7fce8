"""Check docs/nginx/shop.conf against the shop on this machine: a real nginx (Debian's,
`apt-get install nginx`) in front of a real gunicorn. Prints one line per check.

    .venv/bin/python bench/proxy_check.py

TLS is swapped for plain HTTP on spare ports (no certificate here); everything else is
the file as shipped. Not part of `make test`: it needs nginx and takes about 20 s.
"""

import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.deploykit import nginx_config
from tests.liveserver import call, free_port, gunicorn, login, prepare_database, server_env

results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'}  {name}{'  (' + detail + ')' if detail else ''}")


def slow_body(port, length=100_000):
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(
        b"POST /api/rides HTTP/1.1\r\nHost: shop.example.com\r\n"
        b"Content-Type: application/json\r\n" + f"Content-Length: {length}\r\n\r\n{{".encode()
    )
    return sock


def main():
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        sys.exit("nginx not found: apt-get install nginx")
    workdir = Path(tempfile.mkdtemp(prefix="proxy-check-"))
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        ALLOWED_HOSTS="shop.example.com,127.0.0.1",
        NUM_PROXIES=1,
        AUTH_THROTTLE_RATE="none",
        RIDE_THROTTLE_RATE="none",
    )
    prepare_database(env)
    app_port, port = free_port(), free_port()
    conf = nginx_config(workdir, [app_port], port)
    subprocess.run([nginx, "-t", "-c", str(conf)], check=True, capture_output=True)
    with gunicorn(env, workers=2, port=app_port, log_path=workdir / "gunicorn.log"):
        proxy = subprocess.Popen([nginx, "-c", str(conf)], stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            time.sleep(0.5)
            host = {"Host": "shop.example.com"}
            status = call(base, "GET", "/healthz", headers=host)[0]
            check("GET /healthz through nginx", status == 200, str(status))
            token = login(base, "shopper-demo-1357", headers=host)
            check("sign-in through nginx", bool(token))

            # 20 slow uploads: more than gunicorn's 2 x 8 threads, all waiting in nginx.
            slow = [slow_body(port) for _ in range(20)]
            time.sleep(1)
            started = time.monotonic()
            status = call(base, "GET", "/healthz", headers=host, timeout=5)[0]
            elapsed = time.monotonic() - started
            status2 = call(base, "GET", "/api/categories", headers=host, timeout=5)[0]
            check(
                "20 slow-body uploads held by nginx, the site still answers",
                status == 200 and status2 == 200 and elapsed < 1,
                f"/healthz {status} in {elapsed * 1000:.0f} ms, /api/categories {status2}",
            )

            # A stalled upload is dropped after client_body_timeout (10 s): nginx logs 408
            # and closes the connection; gunicorn never saw the request.
            started = time.monotonic()
            slow[0].settimeout(20)
            answer = slow[0].recv(200).decode(errors="replace")
            elapsed = time.monotonic() - started + 1  # +1: the sleep above
            check(
                "a stalled upload is dropped after client_body_timeout",
                answer == "" or " 408 " in answer.split("\r\n", 1)[0],
                f"{answer.splitlines()[0] if answer else 'connection closed'} after about "
                f"{elapsed:.0f} s",
            )
            for sock in slow:
                sock.close()

            big = socket.create_connection(("127.0.0.1", port), timeout=5)
            big.sendall(
                b"POST /api/products HTTP/1.1\r\nHost: shop.example.com\r\n"
                b"Content-Type: multipart/form-data; boundary=x\r\n"
                + f"Content-Length: {61 * 1024 * 1024}\r\n\r\n".encode()
            )
            first = big.recv(200).decode(errors="replace").split("\r\n", 1)[0]
            big.close()
            check("a body over 60 MB is refused by nginx", " 413 " in first, first)

            index = call(base, "GET", "/", headers=host)[1].decode()
            bundle = re.search(r'src="?(/static/[^" >]+\.js)', index).group(1)
            status, _, headers = call(
                base, "GET", bundle, headers={**host, "Accept-Encoding": "br, gzip"}
            )
            check(
                "a hashed bundle keeps its Brotli body and one-year immutable cache",
                status == 200
                and headers.get("Content-Encoding") == "br"
                and headers.get("Cache-Control") == "public, max-age=31536000, immutable",
                f"{bundle}: {headers.get('Content-Encoding')}, {headers.get('Cache-Control')}",
            )
        finally:
            proxy.terminate()
            proxy.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)
    print(f"{sum(results)} of {len(results)} checks passed")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
