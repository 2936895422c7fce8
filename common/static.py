"""Static files: content-hashed names are cached by browsers and proxies for a year.

Two kinds of hashed names exist: webpack's bundles (`main.809595de7f.js`, a 10-hex
contenthash, named directly by index.html) and the copies Django's manifest storage makes
(`main.809595de7f.0123456789ab.js`, 12 hex). A file changes only under a new name, so
both are immutable (settings.WHITENOISE_IMMUTABLE_FILE_TEST). Everything else keeps
whitenoise's short max-age; index.html itself is served by frontend.views.app with
no-cache.
"""

from whitenoise.middleware import WhiteNoiseMiddleware

ONE_YEAR = 365 * 24 * 60 * 60


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    def add_cache_headers(self, headers, path, url):
        if self.immutable_file_test(path, url):
            headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
        else:
            super().add_cache_headers(headers, path, url)
