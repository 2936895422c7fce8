"""Issue 26 journey: a customer who forgot their password asks for a link on the sign-in
screen, opens the emailed link and signs in with the new password."""

import re
import subprocess
import sys
import uuid

from playwright.sync_api import expect

from tests.liveserver import ROOT

from .conftest import sign_in
from .helpers import make_customer


def _send_queued_emails(server_environment):
    """Run the background worker over the queue once; the emails it sent, as the console
    backend prints them."""
    env = {**server_environment, "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    worker = subprocess.run(
        [sys.executable, "manage.py", "run_worker", "--batch", "--no-startup-delay"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return worker.stdout + worker.stderr


def test_a_customer_resets_a_forgotten_password_from_the_emailed_link(
    server, server_environment, new_page
):
    email, old_password, _ = make_customer(server, name="Forgetful Fran")
    page = new_page()
    page.goto("/login")
    page.get_by_role("link", name="Forgot password?").click()
    expect(page.get_by_role("heading", level=1, name="Forgot password?")).to_be_visible()
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_text("If an account uses this email")).to_be_visible()

    mail = _send_queued_emails(server_environment)
    link = re.search(r"https?://\S+/reset-password\?token=\S+", mail)
    assert link, mail[:2000]

    new_password = f"mango-{uuid.uuid4().hex[:12]}-kite"
    page.goto(link.group(0))
    page.get_by_label("New password").fill(new_password)
    page.get_by_role("button", name="Set new password").click()
    page.wait_for_url(lambda url: "/reset-password" not in url)

    # The link is good once; the old password no longer signs in; the new one does.
    # The reset is said on the page it leads to, until dismissed.
    expect(
        page.get_by_role("status").filter(has_text="Your password has been reset")
    ).to_be_visible()
    # A used link is said when the page opens, before a password is typed.
    again = new_page()
    again.goto(link.group(0))
    expect(again.get_by_role("alert")).to_have_text(
        "This reset link has expired or was already used. Ask for a new one."
    )
    expect(again.get_by_label("New password")).to_have_count(0)
    stale = new_page()
    stale.goto("/login")
    stale.get_by_label("Password").first.fill(old_password)
    stale.get_by_role("button", name="Enter").click()
    expect(stale.get_by_role("alert").first).to_be_visible()
    expect(stale).to_have_url(re.compile(r"/login"))
    sign_in(new_page(), new_password)
