"""Every file index.html names is served immutable for a year, with Brotli and gzip
variants, from a real collectstatic; index.html itself is never cached long."""

import gzip
import re
from pathlib import Path

import brotli
import pytest
from django.conf import settings
from django.test import Client, override_settings

BUILT_INDEX = Path(settings.BASE_DIR) / "frontend" / "static" / "frontend" / "index.html"
ONE_YEAR_IMMUTABLE = "public, max-age=31536000, immutable"

# `make build` (which `make test` runs before the Python suite) collects them with the
# production storage; collecting again here would cost 20 s of Brotli per run.
MANIFEST = Path(settings.STATIC_ROOT) / "staticfiles.json"

pytestmark = pytest.mark.skipif(
    not (BUILT_INDEX.is_file() and MANIFEST.is_file()),
    reason="needs the built bundle and collected static files: run `make build`",
)


@pytest.fixture(scope="module")
def collected():
    return Path(settings.STATIC_ROOT)


@pytest.fixture
def static_client(collected):
    # A new client builds a new middleware chain: whitenoise scans the collected folder.
    with override_settings(STATIC_ROOT=collected, WHITENOISE_AUTOREFRESH=False):
        yield Client()


def named_files(html):
    return re.findall(r'(?:src|href)="?(/static/[^" >]+)', html)


def test_index_names_hashed_bundles(static_client):
    files = named_files(BUILT_INDEX.read_text())

    assert any(name.endswith(".js") for name in files)
    assert any(name.endswith(".css") for name in files)
    assert all(re.search(r"\.[0-9a-f]{10}\.(js|css)$", name) for name in files)


def test_every_file_index_names_is_immutable_with_br_and_gzip(static_client):
    for url in named_files(BUILT_INDEX.read_text()):
        plain = static_client.get(url)
        body = b"".join(plain.streaming_content)
        assert plain.status_code == 200, url
        assert plain["Cache-Control"] == ONE_YEAR_IMMUTABLE, url
        assert "Accept-Encoding" in plain["Vary"], url

        br = static_client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
        assert br["Content-Encoding"] == "br", url
        assert br["Cache-Control"] == ONE_YEAR_IMMUTABLE, url
        assert brotli.decompress(b"".join(br.streaming_content)) == body, url

        gz = static_client.get(url, headers={"Accept-Encoding": "gzip"})
        assert gz["Content-Encoding"] == "gzip", url
        assert gzip.decompress(b"".join(gz.streaming_content)) == body, url


def test_unhashed_static_files_keep_a_short_max_age(static_client):
    response = static_client.get("/static/frontend/index.html")

    assert response.status_code == 200
    assert response["Cache-Control"] == "max-age=60, public"


def test_the_app_page_is_never_cached_long(static_client, db):
    response = static_client.get("/product/1")

    assert response["Cache-Control"] == "no-cache"
    assert named_files(response.content.decode()) == named_files(BUILT_INDEX.read_text())
