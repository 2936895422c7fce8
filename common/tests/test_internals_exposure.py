"""Issue 43, items 3 and 8: a proxy the shop was not told about is noticed, and the
shop's internals (/metrics, /readyz's detail) are read only from this machine or with the
metrics token."""

import logging

import pytest

from common.proxies import PROXY_FIX, forget_for_tests

pytestmark = pytest.mark.django_db

OUTSIDE = {"REMOTE_ADDR": "203.0.113.7"}
THROUGH_PROXY = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "198.51.100.9"}


@pytest.fixture(autouse=True)
def fresh_proxy_mark(media_root):
    forget_for_tests()
    yield
    forget_for_tests()


class TestReadyzDetail:
    def test_a_stranger_reads_only_the_status(self, client):
        body = client.get("/readyz", **OUTSIDE).json()

        assert body == {"status": "ok"}

    def test_this_machine_reads_every_dependency(self, client):
        body = client.get("/readyz").json()

        assert body["status"] == "ok"
        assert (body["database"], body["cache"], body["storage"]) == ("ok", "ok", "ok")

    def test_the_metrics_token_reads_the_detail_from_anywhere(self, client, settings):
        settings.METRICS_TOKEN = "s3cret-token"

        body = client.get("/readyz", HTTP_AUTHORIZATION="Bearer s3cret-token", **OUTSIDE).json()

        assert "database" in body and "tasks" in body

    def test_a_broken_cache_is_only_degraded_to_a_stranger(self, client, settings):
        settings.CACHES = {
            "default": {
                "BACKEND": "django_redis.cache.RedisCache",
                "LOCATION": "redis://127.0.0.1:1/0",
                "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.2},
            }
        }

        body = client.get("/readyz", **OUTSIDE).json()

        assert body == {"status": "degraded"}


class TestUnconfiguredProxy:
    def test_forwarded_requests_from_loopback_warn_once_and_degrade_readyz(
        self, client, caplog, settings
    ):
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 0}
        with caplog.at_level(logging.WARNING, logger="shop.security"):
            for _ in range(3):
                client.get("/api/shop/info", **THROUGH_PROXY)

        assert [r.getMessage() for r in caplog.records if r.name == "shop.security"] == [PROXY_FIX]
        assert client.get("/readyz", **THROUGH_PROXY).json() == {"status": "degraded"}
        local = client.get("/readyz").json()
        assert local["status"] == "degraded"
        assert local["proxy"] == PROXY_FIX

    def test_a_counted_proxy_is_no_problem(self, client, settings):
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}

        client.get("/api/shop/info", **THROUGH_PROXY)

        assert client.get("/readyz").json()["status"] == "ok"

    def test_direct_visitors_raise_nothing(self, client):
        client.get("/api/shop/info", **OUTSIDE)
        client.get("/api/shop/info")

        assert client.get("/readyz").json()["status"] == "ok"


class TestMetricsDoor:
    def test_a_visitor_through_an_uncounted_proxy_is_refused(self, client, settings):
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 0}

        assert client.get("/metrics", **THROUGH_PROXY).status_code == 403

    def test_a_visitor_through_a_counted_local_proxy_is_refused_too(self, client, settings):
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
        forwarded = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "127.0.0.1"}

        assert client.get("/metrics", **forwarded).status_code == 403

    def test_the_operator_on_this_machine_and_the_token_still_read(self, client, settings):
        settings.METRICS_TOKEN = "s3cret-token"

        assert client.get("/metrics").status_code == 200
        token = {"HTTP_AUTHORIZATION": "Bearer s3cret-token"}
        assert client.get("/metrics", **THROUGH_PROXY, **token).status_code == 200
        assert client.get("/metrics", **OUTSIDE).status_code == 403
