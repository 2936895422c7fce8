"""Static files: content-hashed names are cached by browsers and proxies for a year.

Two kinds of hashed names exist: webpack's bundles (`main.809595de7f.js`, a 10-hex
contenthash, named directly by index.html) and the copies Django's manifest storage makes
(`main.809595de7f.0123456789ab.js`, 12 hex). A file changes only under a new name, so
both are immutable (settings.WHITENOISE_IMMUTABLE_FILE_TEST). Everything else keeps
whitenoise's short max-age; index.html itself is served by frontend.views.app with
no-cache.

`collectstatic` writes Brotli and gzip copies of every file (StaticFilesStorage below), which
is most of a build's time: Brotli at its best quality costs about 2 s per MB.
"""

import hashlib
import shutil
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from whitenoise.compress import Compressor
from whitenoise.middleware import WhiteNoiseMiddleware
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Source maps are fetched only by a developer's browser tools, never by a shopper's page:
# they are served as they are (the API docs' are 12 of the 21 MB collected).
NOT_COMPRESSED = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")

ONE_YEAR = 365 * 24 * 60 * 60


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    def add_cache_headers(self, headers: Any, path: str, url: str) -> None:
        if self.immutable_file_test(path, url):
            headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
        else:
            super().add_cache_headers(headers, path, url)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """whitenoise's storage, compressing each distinct content once.

    The manifest keeps every file under its own name and its hashed one (the same bytes,
    unless the file names others, as CSS does): the second copy gets the first one's
    compressed files instead of a second compression.
    """

    def compress_files(self, paths: Any) -> Any:
        extensions = getattr(settings, "WHITENOISE_SKIP_COMPRESS_EXTENSIONS", NOT_COMPRESSED)
        self.compressor = self.create_compressor(extensions=extensions, quiet=True)
        same_content = defaultdict(list)
        for path in paths:
            if self.compressor.should_compress(path):
                with open(self.path(path), "rb") as file:
                    same_content[hashlib.file_digest(file, "sha256").digest()].append(path)

        def compress(group: list[str]) -> list[tuple[str, str]]:
            first, *copies = group
            full = self.path(first)
            done = []
            for written in self.compressor.compress(full):
                suffix = written[len(full) :]
                done.append((first, first + suffix))
                for copy in copies:
                    shutil.copy2(written, self.path(copy) + suffix)
                    done.append((copy, copy + suffix))
            return done

        with ThreadPoolExecutor() as executor:
            for done in executor.map(compress, same_content.values()):
                yield from done
