"""The API docs load nothing from another host and run under the site's CSP."""

import re

import pytest
from django.contrib.staticfiles import finders

EXTERNAL = re.compile(r"""(?:https?:)?//(?!127\.0\.0\.1|localhost|testserver)[\w.-]+""")


pytestmark = pytest.mark.usefixtures("plain_static_files")


def urls_in(html):
    return re.findall(r"""(?:src|href)=["']?([^"' >]+)""", html)


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_docs_page_names_no_other_host(client, path):
    response = client.get(path)
    html = response.content.decode()

    assert response.status_code == 200
    assert EXTERNAL.findall(html) == []
    scripts = re.findall(r"""<script[^>]*src=["']?([^"' >]+)""", html)
    assert scripts
    for url in urls_in(html):
        assert url.startswith("/"), url
        if url.startswith("/static/"):
            # Served from the pinned sidecar package through our own static files.
            assert finders.find(url.removeprefix("/static/")), url


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_csp_allows_the_docs_and_nothing_else(client, path):
    html = client.get(path).content.decode()
    policy = client.get(path)["Content-Security-Policy"]

    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("style-src")[0]
    # No inline script to allow: every <script> has a src.
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert "worker-src 'self' blob:" in policy
    assert "img-src 'self' data: blob:;" in policy  # no image from another host either


def test_swagger_ui_start_script_is_a_file_with_no_other_host(client):
    html = client.get("/api/docs/").content.decode()
    start = next(u for u in urls_in(html) if u.startswith("/api/docs/"))

    script = client.get(start.replace("&amp;", "&"))

    assert script.status_code == 200
    assert "javascript" in script["Content-Type"]
    assert EXTERNAL.findall(script.content.decode()) == []
    assert '"validatorUrl": null' in script.content.decode()
