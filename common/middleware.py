import logging
import re
import tempfile
import time
import uuid
from collections.abc import Callable
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.crypto import constant_time_compare
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.settings import api_settings

from common import metrics
from common.errors import UNAVAILABLE_MESSAGE, database_retry_after, json_error
from common.observability import request_context
from common.proxies import note_unconfigured_proxy

request_logger = logging.getLogger("shop.requests")
REQUEST_ID = re.compile(r"[\w.:-]+", re.ASCII)
GetResponse = Callable[[HttpRequest], HttpResponse]


class RequestLogMiddleware:
    """One JSON log line per request. The path is logged without its query string, and
    nothing from bodies or headers: no passwords, tokens or addresses reach the log.

    Its request id (X-Request-ID, or a new one) is on every line logged and every error
    reported while the request runs (common.observability), and on the answer; the answer
    is counted in the metrics (common.metrics)."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.META.get("HTTP_X_REQUEST_ID", "")[:64]
        # A client's id goes into log lines, error reports and bodies: plain characters only.
        request_id = given if given and REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        request.request_id = request_id  # type: ignore[attr-defined]
        note_unconfigured_proxy(request)
        with request_context(request_id, request):
            started = time.perf_counter()
            response = self.get_response(request)
            seconds = time.perf_counter() - started
            if request_logger.isEnabledFor(logging.INFO):
                self._log(request, response, seconds, request_id)
        metrics.request_answered(request, response.status_code, seconds)
        response["X-Request-ID"] = request_id
        return response

    @staticmethod
    def _log(request: HttpRequest, response: HttpResponse, seconds: float, request_id: str) -> None:
        try:
            user = getattr(request, "user", None)
            # DRF authenticates inside the view; it leaves its user on the Django request.
            user_id = (
                getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
            )
        except DatabaseError:
            # The session's user could not be read (the database is away): the answer, a
            # 503 already, is logged without it instead of becoming a 500 here.
            user_id = None
        extra = {
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": round(seconds * 1000, 1),
            "user_id": user_id,
            "request_id": request_id,
        }
        # The record is made here, not by logger.info, which walks the stack to name the
        # calling line on every request (a line the JSON never shows; docs/performance.md).
        record = request_logger.makeRecord(
            request_logger.name, logging.INFO, __file__, 0, "request", (), None, extra=extra
        )
        request_logger.handle(record)


class ContentSecurityPolicyMiddleware:
    """The React app runs from same-origin scripts only (no inline script); images may
    also come from the S3 domain and hero images from any https URL an admin entered."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response
        img_sources = ["'self'", "data:", "blob:", "https:", *settings.MEDIA_IMAGE_SOURCES]
        self.policy = "; ".join(
            [
                "default-src 'self'",
                "script-src 'self'",
                "style-src 'self' 'unsafe-inline'",
                f"img-src {' '.join(img_sources)}",
                "font-src 'self' data:",
                "connect-src 'self'",
                "object-src 'none'",
                "base-uri 'self'",
                "form-action 'self'",
                "frame-ancestors 'none'",
            ]
        )
        # The API docs (Swagger UI, ReDoc) load only our own files: no https: images
        # (ReDoc's footer logo would come from its CDN; blocked, it hides itself), and
        # ReDoc's search runs in a Web Worker it creates from a blob.
        docs_images = f"img-src {' '.join(img_sources)}"
        self.docs_policy = (
            self.policy.replace(docs_images, "img-src 'self' data: blob:")
            + "; worker-src 'self' blob:"
        )
        self.docs_prefixes = ("/api/docs", "/api/redoc")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        docs = request.path.startswith(self.docs_prefixes)
        response.setdefault("Content-Security-Policy", self.docs_policy if docs else self.policy)
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response


# The forms that carry up to five images: product and hero create/update, in the API and
# in the Django admin (its other pages, the sign-in included, take 1 MB at most).
UPLOAD_PATHS = re.compile(
    r"^/(api/products(/\d+)?|api/hero/images(/\d+)?|admin/(shop/product|hero/heroimage)/.*)$"
)
# Signing in or up never needs more than the anonymous limit, whatever headers come along.
SIGN_IN_PATHS = re.compile(r"^/(api/auth/(login|register|password-check)|admin/login/)$")
# Ids past a signed 64-bit integer name no row; SQLite cannot even bind them (a 500).
MAX_ID = 2**63 - 1
NUL_IN_QUERY = "Text cannot contain NUL characters."


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"


def too_large(limit: int) -> JsonResponse:
    return json_error(f"This request is too large (at most {_size(limit)} here).", 413)


def _token_user(request: HttpRequest) -> Any:
    """The user of a valid bearer token, else None. The check is the API's own
    (REST_FRAMEWORK's DEFAULT_AUTHENTICATION_CLASSES: accounts' token check of signature,
    expiry, active user and password version), so common names no app and the limits follow
    whatever credential the API accepts."""
    classes: Any = api_settings.DEFAULT_AUTHENTICATION_CLASSES
    for authentication in classes:
        try:
            found = authentication().authenticate(request)
        except AuthenticationFailed:
            return None
        if found:
            return found[0]
    return None


def _session_user(request: HttpRequest) -> Any:
    """The user of a signed-in Django admin session, else None: the session exists and
    names an active user, with the password hash it was opened with (or one made with a
    SECRET_KEY_FALLBACKS key). It is checked here, before SessionMiddleware, because the
    admin's CSRF check parses a form before the admin sees who is asking.

    Django's auth.get_user makes the same checks but cycles or flushes the session it
    reads; this is a copy the request never saves, so that would sign the user out."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not key:
        return None
    session = import_module(settings.SESSION_ENGINE).SessionStore(key)
    user_id = session.get(auth.SESSION_KEY)
    backend_path = session.get(auth.BACKEND_SESSION_KEY)
    if user_id is None or backend_path not in settings.AUTHENTICATION_BACKENDS:
        return None
    user = auth.load_backend(backend_path).get_user(user_id)
    held = session.get(auth.HASH_SESSION_KEY)
    if user is None or not held:
        return None
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    return user if any(constant_time_compare(held, made) for made in hashes) else None


def _caller(request: HttpRequest) -> Any:
    """Who is asking, by the credential the endpoint itself checks: the Django admin its
    session (staff only: it lets no one else in), everything else the bearer token."""
    if request.path.startswith("/admin/"):
        user = _session_user(request)
        return user if user is not None and user.is_staff else None
    return _token_user(request)


class RequestLimitsMiddleware:
    """Bounds every request before a view or parser sees it (docs/security.md).

    - A body over its endpoint's limit is a 413 before one byte of it is read: the
      Content-Length says so. A body without one (chunked) is read here up to the limit and
      refused past it; within it, it is handed on as if it had come with a length.
    - A NUL character anywhere in the query string is a 400 (PostgreSQL refuses such text).
    - An id in the URL past a 64-bit integer is looked up as 0: the view answers its 404.
    """

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    @staticmethod
    def body_limit(request: HttpRequest) -> int:
        if SIGN_IN_PATHS.match(request.path):
            return settings.ANONYMOUS_BODY_LIMIT
        user = _caller(request)
        if user is None:
            return settings.ANONYMOUS_BODY_LIMIT
        # Only admins write products and hero images; a customer's token buys other JSON.
        if UPLOAD_PATHS.match(request.path) and user.is_staff:
            return settings.UPLOAD_BODY_LIMIT
        return settings.JSON_BODY_LIMIT

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refused = self._refuse_body(request)
        if refused is not None:
            return refused
        if "\x00" in request.META.get("QUERY_STRING", "") or any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in request.GET.lists()
        ):
            return json_error(NUL_IN_QUERY, 400)
        return self.get_response(request)

    def _refuse_body(self, request: HttpRequest) -> HttpResponse | None:
        """The answer to a body that must not be read, or None to go on."""
        length = request.META.get("CONTENT_LENGTH") or ""
        try:
            if length.strip():
                try:
                    declared = int(length)
                except ValueError:
                    return json_error("The Content-Length header must be a whole number.", 400)
                # Within the anonymous limit, who is asking does not matter: no lookup.
                if declared > settings.ANONYMOUS_BODY_LIMIT:
                    limit = self.body_limit(request)
                    if declared > limit:
                        return too_large(limit)
            elif "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
                return self._take_chunked_body(request)
        except (OperationalError, InterfaceError) as error:
            # The credential check reads the session or user row; this middleware runs
            # before DatabaseBusyMiddleware, so it answers the same 503 itself.
            response = json_error(UNAVAILABLE_MESSAGE, 503)
            response["Retry-After"] = database_retry_after(error)
            return response
        return None

    def _take_chunked_body(self, request: HttpRequest) -> HttpResponse | None:
        # Django reads a body by its Content-Length only (a chunked one would look empty):
        # read at most limit + 1 bytes into a spooled file and pass it on with its length.
        source = request.META["wsgi.input"]
        spool = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE)
        total = 0
        limit, asked = settings.ANONYMOUS_BODY_LIMIT, False
        while chunk := source.read(min(64 * 1024, limit + 1 - total)):
            spool.write(chunk)
            total += len(chunk)
            if total > limit and not asked:
                # Past the anonymous limit: only now is who is asking worth a lookup.
                limit, asked = self.body_limit(request), True
            if total > limit:
                spool.close()
                return too_large(limit)
        spool.seek(0)
        request.META["CONTENT_LENGTH"] = str(total)
        request._stream = spool  # type: ignore[assignment]
        return None

    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: dict[str, Any]
    ) -> None:
        # Such an id names no row, like id 0 (ids start at 1): the view then answers its own
        # 404 ("Product not found", "Order not found", ...) without the database binding it.
        for key, value in view_kwargs.items():
            if isinstance(value, int) and not -MAX_ID <= value <= MAX_ID:
                view_kwargs[key] = 0
        return None


__all__ = [
    "RequestLogMiddleware",
    "ContentSecurityPolicyMiddleware",
    "RequestLimitsMiddleware",
    "settings",
]
