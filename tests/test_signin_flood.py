"""Sign-in defences that cannot be turned against the shop, on real gunicorn servers with
several workers, the client address taken from X-Forwarded-For (NUM_PROXIES=1):

- a flood of failed sign-ins from one address (the API and the Django admin's unknown
  emails) leaves other addresses' right passwords working, the customer's and the admin's,
  on both doors;
- five wrong passwords for the admin from one address lock that pair only: the admin's own
  browser (its device cookie) still gets in from that same address;
- with Redis down (a closed port) the throttles still count, in the database's cache table
  that every worker shares: a limit stays one limit;
- a flood of wrong sign-ins from many addresses trips the shop-wide ceiling; a customer with
  the right password then gets in from a new browser by solving the challenge, and from a
  known browser (device cookie) at once;
- 60 simultaneous sign-ins from one address against a limit of 20 are judged exactly 20, on
  the database cache (SQLite, or PostgreSQL in the PostgreSQL pass) and on Redis.
"""

import http.client
import json
import os
import re
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from threading import Barrier, Event

import pytest
from django.db import connection

from tests.challenge import sign_in
from tests.liveserver import (
    call,
    free_port,
    gunicorn,
    manage,
    pg_database,
    pg_server,
    prepare_database,
    server_env,
)

pytestmark = pytest.mark.live

ADMIN_EMAIL = "admin@example.com"
ADMIN_PASSWORD = "admin-demo-2468"
CUSTOMER_PASSWORD = "shopper-demo-1357"
CSRF = "b" * 32  # a CSRF secret of Django's shape; the cookie and the form agree
THROTTLED = "Too many attempts. Please try again later."
REDIS_URL = os.environ.get("TEST_SIGNIN_REDIS_URL", "redis://127.0.0.1:6379/13")


def _sqlite_env(workdir, **overrides):
    return server_env(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        MEDIA_ROOT=workdir / "media",
        VAR_DIR=workdir,
        STATIC_ROOT=workdir / "static",
        NUM_PROXIES=1,
        **overrides,
    )


def api_login(base, password, ip):
    # Generous: on a busy machine password hashing gets only the CPU that is left over.
    status, body, response_headers = call(
        base,
        "POST",
        "/api/auth/login",
        {"password": password},
        headers={"X-Forwarded-For": ip},
        timeout=120,
    )
    return status, json.loads(body), response_headers


def admin_sign_in(base, email, password, ip, device=None):
    """POST the Django admin's sign-in form (no redirect followed): status, the device
    cookie it set (or None), the body."""
    host, port = base.removeprefix("http://").split(":")
    form = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": CSRF, "username": email, "password": password, "next": "/admin/"}
    )
    cookies = f"csrftoken={CSRF}" + (f"; shop_device={device}" if device else "")
    conn = http.client.HTTPConnection(host, int(port), timeout=120)
    try:
        conn.request(
            "POST",
            "/admin/login/",
            form,
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": cookies,
                "X-Forwarded-For": ip,
            },
        )
        response = conn.getresponse()
        body = response.read().decode(errors="replace")
        set_cookies = " ".join(response.headers.get_all("Set-Cookie") or [])
    finally:
        conn.close()
    found = re.search(r'shop_device="?([^";]+)', set_cookies)
    signed_in = response.status == 302 and response.headers["Location"] == "/admin/"
    return (200 if signed_in else response.status), (found.group(1) if found else None), body


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """Three workers; the ceiling small enough that one address could fill it alone if its
    failures all counted (20 get past its throttle), and each address's share of it 3."""
    workdir = tmp_path_factory.mktemp("signin-flood")
    env = _sqlite_env(
        workdir,
        AUTH_THROTTLE_RATE="20/min",
        FAILED_SIGN_INS_PER_MINUTE="10",
        FAILED_SIGN_IN_SHARE_PER_ADDRESS="3",
        # Hashing runs at the lowest CPU priority: on a busy machine a sign-in may wait long.
        SIGN_IN_HASH_WAIT_SECONDS="120",
    )
    prepare_database(env)
    # The admin's sign-in page links its static files by the manifest; the admin's are enough.
    ignored = ["drf_spectacular_sidecar", "rest_framework", "vendor", "*.map"]
    manage("collectstatic", "--noinput", "-v0", *[f"--ignore={name}" for name in ignored], env=env)
    with gunicorn(env, workers=3, log_path=workdir / "gunicorn.log") as base:
        yield base


@pytest.mark.sqlite_only
def test_one_address_flooding_blocks_nobody_else(shop):
    flooder = "203.0.113.66"
    statuses = [
        admin_sign_in(shop, f"nobody{n}@example.com", "guess", flooder)[0] for n in range(65)
    ]
    statuses += [api_login(shop, f"wrong-guess-{n}", flooder)[0] for n in range(60)]

    # 20 reached a password check (the form again: 200; the API: 401), the rest were refused.
    assert statuses.count(429) == 125 - 20, statuses
    assert api_login(shop, "wrong-guess", flooder)[0] == 429

    assert api_login(shop, CUSTOMER_PASSWORD, "198.51.100.1")[0] == 200
    assert api_login(shop, ADMIN_PASSWORD, "198.51.100.2")[0] == 200
    assert admin_sign_in(shop, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.3")[0] == 200


@pytest.mark.sqlite_only
def test_the_admins_browser_gets_in_through_a_lock_on_its_own_address(shop):
    office = "192.0.2.10"
    status, device, _ = admin_sign_in(shop, ADMIN_EMAIL, ADMIN_PASSWORD, office)
    assert status == 200 and device

    # Someone at the same address (an office, a café) fails five times on the admin's email.
    guesses = [admin_sign_in(shop, ADMIN_EMAIL, f"guess-{n}", office)[0] for n in range(5)]
    assert guesses == [200, 200, 200, 200, 429]
    status, _, body = admin_sign_in(shop, ADMIN_EMAIL, ADMIN_PASSWORD, office)
    assert status == 429 and "Account locked" in body

    # The admin's own browser, same address, right password: in.
    assert admin_sign_in(shop, ADMIN_EMAIL, ADMIN_PASSWORD, office, device=device)[0] == 200
    # And from anywhere else, without the cookie: the pair is locked, not the account.
    assert admin_sign_in(shop, ADMIN_EMAIL, ADMIN_PASSWORD, "192.0.2.11")[0] == 200


@pytest.mark.sqlite_only
def test_throttles_still_count_with_redis_down(tmp_path):
    workers, rate = 2, 5
    env = _sqlite_env(
        tmp_path,
        # Nothing listens there: every Redis call is refused.
        REDIS_URL=f"redis://127.0.0.1:{free_port()}/13",
        AUTH_THROTTLE_RATE=f"{rate}/min",
        FAILED_SIGN_INS_PER_MINUTE="0",
    )
    prepare_database(env, demo=False)
    log_path = tmp_path / "gunicorn.log"
    with gunicorn(env, workers=workers, log_path=log_path) as base:
        statuses = [api_login(base, f"wrong-{n}", "203.0.113.9")[0] for n in range(30)]

    # Every worker counts in the same table: `rate` get through, whichever worker answers.
    assert statuses == [401] * rate + [429] * (30 - rate), statuses
    outage_lines = re.findall(r"throttles count in the database", log_path.read_text())
    assert 1 <= len(outage_lines) <= workers


@pytest.fixture
def under_a_flood(tmp_path):
    """A shop whose ceiling trips after 30 failed sign-ins a minute, 5 from one address,
    with a small challenge (a test solves it in a few milliseconds)."""
    env = _sqlite_env(
        tmp_path,
        AUTH_THROTTLE_RATE="20/min",
        FAILED_SIGN_INS_PER_MINUTE="30",
        FAILED_SIGN_IN_SHARE_PER_ADDRESS="5",
        SIGN_IN_CHALLENGE_MAX_NUMBER="20000",
        SIGN_IN_HASH_WAIT_SECONDS="20",
    )
    prepare_database(env)
    with gunicorn(env, workers=2, log_path=tmp_path / "gunicorn.log") as base:
        yield base


@pytest.mark.sqlite_only
def test_a_many_address_flood_challenges_new_browsers_and_lets_customers_in(under_a_flood):
    base = under_a_flood
    status, _, device, _ = sign_in(base, CUSTOMER_PASSWORD, "192.0.2.50")
    assert status == 200 and device  # Casey's own browser, from an earlier visit

    tripped, stop, flood_answers = Event(), Event(), []

    def guesser(thread):
        for n in range(400):
            if stop.is_set():
                return
            status, body, _ = api_login(
                base, f"wrong-{thread}-{n}", f"10.{thread}.{n // 250}.{n % 250}"
            )
            flood_answers.append((status, body.get("code")))
            if body.get("code") == "challenge_required":
                tripped.set()

    with ThreadPoolExecutor(8) as pool:
        for thread in range(8):
            pool.submit(guesser, thread)
        try:
            assert tripped.wait(60), f"the ceiling never tripped: {flood_answers[-10:]}"
            # A new browser (no cookie), from an address of its own, during the flood.
            began = time.monotonic()
            status, answer, _, challenged = sign_in(base, CUSTOMER_PASSWORD, "198.51.100.77")
            new_browser_seconds = time.monotonic() - began
            # And Casey's own browser.
            began = time.monotonic()
            known_status, _, _, known_challenged = sign_in(
                base, CUSTOMER_PASSWORD, "198.51.100.78", device=device
            )
            known_seconds = time.monotonic() - began
        finally:
            stop.set()

    assert status == 200, answer
    assert known_status == 200 and not known_challenged
    # Under attack for the rest of the minute the ceiling tripped in, and the next.
    assert challenged
    assert new_browser_seconds < 20 and known_seconds < 20  # bounded, on a busy machine too
    codes = [code for _, code in flood_answers]
    assert codes.count("challenge_required") > 0
    # Guessers that do not solve the challenge get no password checked past the ceiling.
    assert {status for status, _ in flood_answers} <= {401, 429, 503}


def _sixty_at_once(base):
    start = Barrier(60)

    def one(n):
        start.wait()
        status, body, _ = api_login(base, f"wrong-at-once-{n}", "203.0.113.60")
        return status, body["message"]

    with ThreadPoolExecutor(60) as pool:
        return list(pool.map(one, range(60)))


def _redis_reachable():
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
        return True
    except redis.RedisError:
        return False


@pytest.fixture(params=["database cache", "redis"])
def twenty_a_minute(request, tmp_path):
    """A server whose sign-in limit is 20 a minute per address, with room for all 20 to
    wait for their password hash (so each is judged: 401)."""
    overrides = {
        "AUTH_THROTTLE_RATE": "20/min",
        "FAILED_SIGN_INS_PER_MINUTE": "0",
        "SIGN_IN_HASH_QUEUE": "60",
        "SIGN_IN_HASH_WAIT_SECONDS": "120",
        # Without the challenge a stranger waits for a hashing seat instead of being asked to
        # solve one: every attempt the throttle lets through reaches its password check.
        "SIGN_IN_CHALLENGE_MAX_NUMBER": "0",
        # 60 counts queue for SQLite's one write lock: on a busy machine the last wait longer
        # than the default 3 s, and a 503 would say nothing about counting.
        "SQLITE_TIMEOUT": "60",
    }
    if request.param == "redis":
        if not _redis_reachable():
            if os.environ.get("CI"):
                pytest.fail(f"Redis is not reachable at {REDIS_URL}")
            pytest.skip(f"needs Redis at {REDIS_URL}")
        import redis

        redis.Redis.from_url(REDIS_URL).flushdb()
        overrides["REDIS_URL"] = REDIS_URL
    with ExitStack() as stack:
        if connection.vendor == "postgresql":
            database = stack.enter_context(
                pg_database(pg_server(connection.settings_dict), "signin")
            )
            env = server_env(DATABASE_URL=database, MEDIA_ROOT=tmp_path, NUM_PROXIES=1, **overrides)
        else:
            env = _sqlite_env(tmp_path, **overrides)
        prepare_database(env, demo=False)
        yield stack.enter_context(gunicorn(env, workers=3, log_path=tmp_path / "gunicorn.log"))


def test_sixty_at_once_are_judged_exactly_twenty(twenty_a_minute):
    answers = _sixty_at_once(twenty_a_minute)

    assert sorted(answers) == sorted([(401, "Invalid password")] * 20 + [(429, THROTTLED)] * 40), (
        answers
    )
