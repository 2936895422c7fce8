"""The browser suite: a real gunicorn on a fresh database with demo data, driven by
Debian's Chromium through Playwright (never a downloaded browser)."""

import os
from pathlib import Path

import pytest

from tests.liveserver import gunicorn, prepare_database, server_env

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = ROOT / "test-results" / "e2e"

ADMIN_PASSWORD = "admin-demo-2468"
CUSTOMER_PASSWORD = "shopper-demo-1357"
REGISTRATION_CODE = "WELCOME-DEMO"


def pytest_collection_modifyitems(config, items):
    # This hook sees every collected test of the session, not only this folder's.
    browser_items = [
        item for item in items if Path(str(item.path)).is_relative_to(Path(__file__).parent)
    ]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    reason = None
    if not Path(CHROMIUM).exists():
        reason = f"Chromium not found at {CHROMIUM} (make test installs Debian's chromium when run as root)"
    elif not (ROOT / "var" / "static" / "frontend" / "index.html").exists():
        reason = "the React bundle is not built (make build)"
    if reason is None or not browser_items:
        return
    if os.environ.get("CI"):
        raise pytest.UsageError(f"browser suite cannot run on CI: {reason}")
    for item in browser_items:
        item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def server_environment(tmp_path_factory):
    """The environment of the suite's server, for a journey that runs a manage.py command
    (the background worker) on the same shop."""
    workdir = tmp_path_factory.mktemp("e2e-server")
    env = server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        # The suite signs up more customers with the demo code in a run than a code's hourly
        # count allows (30); the limits themselves are tested in accounts/tests.
        AUTH_THROTTLE_RATE="none",
        RIDE_THROTTLE_RATE="none",
        REGISTRATION_CODE_THROTTLE_RATE="none",
    )
    prepare_database(env)
    return env


@pytest.fixture(scope="session")
def server(server_environment, tmp_path_factory):
    """Base URL of a gunicorn serving a migrated temporary database with demo data."""
    log_path = tmp_path_factory.mktemp("e2e-server-log") / "gunicorn.log"
    with gunicorn(server_environment, workers=3, log_path=log_path) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect, sync_playwright

    # Generous but finite, like the contexts' own timeout: the machine may be busy benchmarking.
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, server, request):
    """new_page(viewport=None, motion="reduce") -> a page in a fresh context; its last screen
    is saved.

    The journeys run as a shopper who asked the system for reduced motion: the shop must work
    for them (its CSS then ends animations at once), and Chromium draws a fifth less. The walk
    of every screen (test_screens.py) passes motion="no-preference": toasts and dialogs move
    as most shoppers see them."""
    contexts = []

    def make(viewport=None, motion="reduce"):
        context = browser.new_context(
            base_url=server,
            viewport=viewport or {"width": 1280, "height": 900},
            reduced_motion=motion,
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for n, context in enumerate(contexts):
        for m, page in enumerate(context.pages):
            try:
                page.screenshot(
                    path=str(ARTIFACTS / f"{request.node.name}-{n}{m}.png"), full_page=False
                )
            except Exception:
                pass
        context.close()


def sign_in(page, password):
    page.goto("/login")
    page.get_by_label("Password").first.fill(password)
    page.get_by_role("button", name="Enter").click()
    page.wait_for_url(lambda url: not url.endswith("/login"))
    return page
