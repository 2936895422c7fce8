"""collectstatic's compressed copies (common.static.StaticFilesStorage): every file a page
loads gets Brotli and gzip, the same bytes are compressed once, source maps never."""

import brotli
import pytest
from whitenoise.compress import Compressor

from common.static import StaticFilesStorage

SCRIPT = b"function add(a, b) { return a + b; }\n" * 200


@pytest.fixture
def storage(tmp_path):
    return StaticFilesStorage(location=tmp_path, base_url="/static/")


def test_same_bytes_are_compressed_once_and_maps_never(storage, tmp_path, monkeypatch):
    files = {
        "app.js": SCRIPT,
        "app.0123456789ab.js": SCRIPT,  # the manifest's copy of app.js
        "other.js": SCRIPT.replace(b"add", b"sum"),
        "app.js.map": b'{"version": 3, "mappings": "' + b"AAAA;" * 2000 + b'"}',
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    compressed = []
    real = Compressor.compress_brotli
    monkeypatch.setattr(
        Compressor,
        "compress_brotli",
        staticmethod(lambda data: compressed.append(data) or real(data)),
    )

    written = sorted(name for _, name in storage.compress_files(list(files)))

    assert written == [
        "app.0123456789ab.js.br",
        "app.0123456789ab.js.gz",
        "app.js.br",
        "app.js.gz",
        "other.js.br",
        "other.js.gz",
    ]
    assert sorted(compressed) == sorted([SCRIPT, files["other.js"]])
    for name in ("app.js", "app.0123456789ab.js", "other.js"):
        assert brotli.decompress((tmp_path / f"{name}.br").read_bytes()) == files[name]
    assert not (tmp_path / "app.js.map.br").exists()
