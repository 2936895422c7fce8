"""Throttle counting (common/throttles.py): atomic on every cache the shop runs on, a window
that starts with its first request, and still counting, in the database's cache table shared
by every process, while Redis is down."""

import logging
import os
import threading
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from common import throttles
from config.env import redis_caches
from tests.liveserver import free_port

pytestmark = pytest.mark.django_db

REDIS_URL = os.environ.get("TEST_THROTTLE_REDIS_URL", "redis://127.0.0.1:6379/12")
DATABASE_CACHE = {
    "default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "shop_cache"}
}


def login(api_client, password="wrong-password", ip="10.4.0.1"):
    return api_client.post("/api/auth/login", {"password": password}, format="json", REMOTE_ADDR=ip)


@pytest.fixture
def in_process_counts():
    throttles.forget_in_process_counts()
    yield
    throttles.forget_in_process_counts()


def _redis_reachable():
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
        return True
    except redis.RedisError:
        return False


@pytest.fixture
def redis_cache(settings, in_process_counts):
    if not _redis_reachable():
        if os.environ.get("CI"):
            pytest.fail(f"Redis is not reachable at {REDIS_URL}")
        pytest.skip(f"needs Redis at {REDIS_URL}")
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()
    settings.CACHES = redis_caches(REDIS_URL)
    yield
    redis.Redis.from_url(REDIS_URL).flushdb()


def _sixty_at_once():
    """60 threads count one key at once; the counts they were given."""
    start = threading.Barrier(60)
    numbers = []

    def one():
        from django.db import connection

        start.wait()
        try:
            numbers.append(throttles.count("race", 60)[0])
        finally:
            connection.close()

    threads = [threading.Thread(target=one) for _ in range(60)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(numbers)


class TestWindow:
    def test_the_window_starts_with_the_first_request(self, api_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}
        first = datetime(2026, 11, 23, 12, 0, 50, tzinfo=UTC)
        with time_machine.travel(first, tick=False):
            assert [login(api_client).status_code for _ in range(3)] == [401, 401, 429]
        # A clock minute later the window that began at :50 is still open.
        with time_machine.travel(first + timedelta(seconds=30), tick=False):
            refused = login(api_client)
            assert refused.status_code == 429
            assert refused["Retry-After"] == "30"
            assert refused.json() == {
                "message": "Too many attempts. Please try again later.",
                "code": "throttled",
            }
        with time_machine.travel(first + timedelta(seconds=61), tick=False):
            assert login(api_client).status_code == 401

    def test_each_address_has_its_own_count(self, api_client, settings):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "1/min"}
        assert login(api_client, ip="10.4.0.1").status_code == 401
        assert login(api_client, ip="10.4.0.1").status_code == 429
        assert login(api_client, ip="10.4.0.2").status_code == 401


class TestDatabaseCache:
    def test_counts_in_the_table_within_the_window(self, settings):
        settings.CACHES = DATABASE_CACHE
        first = datetime(2026, 11, 23, 12, 0, 0, tzinfo=UTC)
        with time_machine.travel(first, tick=False):
            assert [throttles.count("k", 60)[0] for _ in range(3)] == [1, 2, 3]
            assert throttles.peek("k") == 3
        with time_machine.travel(first + timedelta(seconds=59), tick=False):
            number, left = throttles.count("k", 60)
            assert (number, round(left)) == (4, 1)
        with time_machine.travel(first + timedelta(seconds=61), tick=False):
            assert throttles.peek("k") == 0
            assert throttles.count("k", 60)[0] == 1

    def test_the_login_throttle_counts_there(self, api_client, settings):
        settings.CACHES = DATABASE_CACHE
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "2/min"}

        assert [login(api_client).status_code for _ in range(3)] == [401, 401, 429]


@pytest.mark.postgres("row locks: SELECT ... FOR UPDATE on the cache table")
@pytest.mark.django_db(transaction=True)
def test_sixty_at_once_on_the_database_cache_each_get_their_own_count(settings):
    settings.CACHES = DATABASE_CACHE

    assert _sixty_at_once() == list(range(1, 61))


class TestRedis:
    def test_sixty_at_once_each_get_their_own_count(self, redis_cache):
        assert _sixty_at_once() == list(range(1, 61))

    def test_the_window_expires_in_redis(self, redis_cache):
        number, left = throttles.count("k", 60)
        assert number == 1 and 59 < left <= 60
        assert throttles.peek("k") == 1


class TestRedisDown:
    @pytest.fixture
    def redis_down(self, settings, in_process_counts):
        # Nothing listens there: a real refused connection.
        settings.CACHES = redis_caches(f"redis://127.0.0.1:{free_port()}/12")

    def test_counts_go_to_the_database_cache_every_process_shares(self, redis_down):
        from django.core.cache import caches

        assert [throttles.count("shared", 60)[0] for _ in range(3)] == [1, 2, 3]

        # In the table, where another process (or server) counts on from the same number.
        assert caches["throttle_fallback"].get("shared")[0] == 3
        throttles.forget_in_process_counts()  # nothing of it was kept in this process
        assert throttles.count("shared", 60)[0] == 4

    def test_throttles_count_in_the_database(self, redis_down, api_client, settings, caplog):
        settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "auth": "3/min"}
        with caplog.at_level(logging.WARNING, logger="shop.throttles"):
            statuses = [login(api_client).status_code for _ in range(30)]

        assert statuses == [401] * 3 + [429] * 27
        # One warning for the outage, not one per request.
        warnings = [r.getMessage() for r in caplog.records if r.name == "shop.throttles"]
        assert warnings == [
            "shared cache unreachable: throttles count in the database until it is back"
        ]

    def test_the_ceiling_counts_in_the_database(self, redis_down, api_client, customer, settings):
        settings.FAILED_SIGN_INS_PER_MINUTE = 4
        settings.FAILED_SIGN_IN_SHARE_PER_ADDRESS = 1
        with time_machine.travel(datetime(2026, 11, 23, 12, 0, 0, tzinfo=UTC), tick=False):
            for n in range(4):
                assert login(api_client, ip=f"10.5.0.{n}").status_code == 401

            assert login(api_client, "casey-secret-1", ip="10.5.0.9").status_code == 429

    def test_counting_goes_back_to_redis_when_it_answers(
        self, redis_down, settings, caplog, monkeypatch
    ):
        if not _redis_reachable():
            pytest.skip(f"needs Redis at {REDIS_URL}")
        monkeypatch.setattr(throttles, "REDIS_RETRY_SECONDS", 0)
        with caplog.at_level(logging.WARNING, logger="shop.throttles"):
            assert throttles.count("back", 60)[0] == 1  # in the database
            settings.CACHES = redis_caches(REDIS_URL)  # Redis answers again
            import redis

            redis.Redis.from_url(REDIS_URL).delete("shop:1:back")
            assert throttles.count("back", 60)[0] == 1  # in Redis, from nothing
            assert throttles.count("back", 60)[0] == 2

        assert [r.getMessage() for r in caplog.records if r.name == "shop.throttles"] == [
            "shared cache unreachable: throttles count in the database until it is back",
            "shared cache reachable again: throttles count there",
        ]
        assert redis.Redis.from_url(REDIS_URL).get("shop:1:back") == b"2"
