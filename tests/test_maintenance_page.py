"""A database outage or every app server down behind Debian's nginx with docs/nginx/shop.conf:
customers get a 503 with Retry-After and the maintenance page (the API's JSON for /api/),
never nginx's bare 502."""

import json
import os

import pytest

from tests.deploykit import HOST, nginx, nginx_binary
from tests.liveserver import ROOT, call, free_port, gunicorn, server_env

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]
MAINTENANCE = ROOT / "deploy" / "maintenance"


@pytest.fixture(autouse=True)
def needs_nginx():
    if not nginx_binary():
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed (`make nginx`)")
        pytest.skip("needs Debian's nginx (`make nginx` installs it as root)")


def shipped_pages(site):
    """The maintenance files from this tree instead of /var/www/shop-maintenance."""
    assert "root /var/www/shop-maintenance;" in site
    return site.replace("root /var/www/shop-maintenance;", f"root {MAINTENANCE};")


def ask(base, path):
    status, body, headers = call(base, "GET", path, headers={"Host": HOST})
    return status, body.decode(), {k.lower(): v for k, v in headers.items()}


def assert_maintenance_page(answer):
    status, body, headers = answer
    assert status == 503
    assert headers["retry-after"].isdigit()
    assert headers["content-type"].startswith("text/html")
    assert "The shop is back in a moment" in body
    assert headers["cache-control"] == "no-store"


def test_every_server_down_gives_the_maintenance_page_and_json(tmp_path):
    with nginx(tmp_path, [free_port(), free_port()], edit=shipped_pages) as proxy:
        page = ask(proxy, "/products/some-lamp")
        api = ask(proxy, "/api/categories")

    assert_maintenance_page(page)
    assert page[2]["retry-after"] == "30"
    status, body, headers = api
    assert status == 503
    assert headers["retry-after"] == "30"
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body) == {
        "message": "The shop is back in a moment: please try again in a minute.",
        "code": "unavailable",
    }


def test_a_database_outage_gives_503_with_retry_after_never_a_502(tmp_path):
    # Two servers whose PostgreSQL is not there (nothing listens on its port).
    env = server_env(
        DATABASE_URL=f"postgres://shop@127.0.0.1:{free_port()}/shop",
        DB_CONNECT_TIMEOUT=1,
        ALLOWED_HOSTS=f"{HOST},127.0.0.1",
        NUM_PROXIES=1,
        VAR_DIR=tmp_path / "var",
    )
    with (
        gunicorn(env, workers=1) as a,
        gunicorn(env, workers=1) as b,
        nginx(
            tmp_path, [int(a.rsplit(":", 1)[1]), int(b.rsplit(":", 1)[1])], edit=shipped_pages
        ) as proxy,
    ):
        readyz = ask(proxy, "/readyz")
        # More than max_fails=3 per server: nginx has marked both failed by the end.
        answers = [ask(proxy, "/api/categories") for _ in range(8)]
        pages = [ask(proxy, "/admin/login/") for _ in range(4)]
        marked_failed = ask(proxy, "/readyz")

    for status, body, headers in answers:
        assert status == 503, body
        assert headers["retry-after"].isdigit()
        assert json.loads(body)["code"] == "unavailable"
    for answer in pages:
        assert_maintenance_page(answer)
    # The probe's own answer, not the page: it names what is down.
    assert readyz[0] == 503
    # Through nginx the caller is anonymous: the status only, the detail stays inside.
    assert json.loads(readyz[1])["status"] == "unavailable"
    assert marked_failed[0] == 503
    assert json.loads(marked_failed[1])["code"] == "unavailable"
