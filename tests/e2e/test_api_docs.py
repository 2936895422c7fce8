"""Swagger UI and ReDoc render offline, under the site's CSP, from our own files only."""

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect


@pytest.mark.parametrize(
    ("path", "shows"),
    [("/api/docs/", "/api/auth/login"), ("/api/redoc/", "Shop API")],
)
def test_the_docs_render_from_our_own_host_only(new_page, server, path, shows):
    page = new_page()
    hosts, problems = set(), []
    # data: and blob: URLs (icons, ReDoc's search worker) have no host; every other
    # request that reached the network went to the shop itself (CSP-blocked ones never do).
    page.on(
        "requestfinished",
        lambda request: (
            hosts.add(urlparse(request.url).netloc) if request.url.startswith("http") else None
        ),
    )
    failed = []
    page.on("requestfailed", lambda request: failed.append((request.url, request.failure)))
    page.on(
        "console",
        lambda message: problems.append(message.text) if message.type == "error" else None,
    )

    page.goto(path)

    # ReDoc lays out the whole schema before it shows anything: seconds on a busy machine.
    expect(page.get_by_text(shows).first).to_be_visible(timeout=30_000)
    assert hosts == {urlparse(server).netloc}
    # A request to another host is stopped by the CSP itself, not by this machine's network.
    elsewhere = [
        (url, why)
        for url, why in failed
        if url.startswith("http") and urlparse(url).netloc not in hosts
    ]
    # Chromium words it "net::ERR_BLOCKED_BY_CSP" or just "csp", by version.
    assert all("csp" in (why or "").lower() for _, why in elsewhere), elsewhere
    # Only ReDoc's CDN footer logo is refused (img-src); no script, style or worker is.
    refused = [p for p in problems if "Content Security Policy" in p]
    assert [p for p in refused if "cdn.redoc.ly/redoc/logo-mini.svg" not in p] == []
