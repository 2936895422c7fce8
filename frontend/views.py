from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Shop</title></head><body><main><h1>Shop</h1>
<p>The web app has not been built yet. Run <code>make run</code>, which builds it.</p>
<p>The API is at <a href="/api/docs/">/api/docs/</a>.</p></main></body></html>"""


def _built_index():
    # webpack writes index.html beside the bundles; collectstatic copies it to STATIC_ROOT.
    # Read on every page load (a few KB, tens of microseconds): a process keeps no copy that
    # could outlive the release it was read from.
    for candidate in (
        Path(settings.STATIC_ROOT) / "frontend" / "index.html",
        finders.find("frontend/index.html"),
    ):
        if candidate and Path(candidate).is_file():
            return Path(candidate).read_text(encoding="utf-8")
    return None


def app(request, *args, **kwargs):
    """Every client route gets the React app's index.html; the router takes it from there."""
    html = _built_index()
    response = HttpResponse(html or PLACEHOLDER, content_type="text/html; charset=utf-8")
    # The page names hashed bundles; it must be re-read after every deploy.
    response["Cache-Control"] = "no-cache"
    if settings.RELEASE:
        # Which release served the page: an operator watches a rolling upgrade by it.
        response["X-Release"] = settings.RELEASE
    return response
