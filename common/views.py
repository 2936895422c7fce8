import mimetypes
import posixpath
import time
import uuid
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.db import connection
from django.http import FileResponse, Http404, HttpRequest, JsonResponse
from django.utils._os import safe_join
from django.views.decorators.csrf import csrf_exempt

from common.errors import json_error
from common.observability import current_request_id
from common.proxies import may_read_internals, unconfigured_proxy
from common.selectors import task_queue_health
from common.storedfiles import PRIVATE_DIR

ONE_YEAR = 60 * 60 * 24 * 365


def serve_media(request: HttpRequest, path: str) -> FileResponse:
    """Uploaded files in the one-process default profile. Stored names are content
    hashes, so a file never changes under its name and may be cached for a year."""
    if posixpath.normpath(path).split("/")[0] == PRIVATE_DIR:
        raise Http404  # exports and the like: handed out by their own views only
    try:
        full = Path(safe_join(settings.MEDIA_ROOT, posixpath.normpath(path)))
    except Exception:  # SuspiciousFileOperation for ../ paths
        raise Http404
    if not full.is_file():
        raise Http404
    content_type, _ = mimetypes.guess_type(str(full))
    response = FileResponse(
        full.open("rb"), content_type=content_type or "application/octet-stream"
    )
    response["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@csrf_exempt  # token-authenticated API: a POST to an unknown path is a 404, not a CSRF page
def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    return json_error("Not found.", 404)


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers. Touches nothing else, so a sick neighbour never gets
    a healthy process restarted."""
    return JsonResponse({"status": "ok"})


def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness: 503 only when the database is unreachable (nothing works without it).
    A cache, storage or task queue problem, or a proxy NUM_PROXIES does not count
    (common.proxies), degrades the shop but it still sells, so the answer stays 200 with
    "degraded". Anyone reads the status; each dependency's state and the fix only a direct
    loopback client or the metrics token (docs/deploy.md)."""
    checks: dict[str, Any] = {"database": _database_state()}
    checks["cache"] = _cache_state()
    checks["storage"] = _storage_state()
    checks["tasks"] = _task_queue_state() if checks["database"] == "ok" else {"state": "unknown"}
    proxy_fix = unconfigured_proxy()
    if proxy_fix:
        checks["proxy"] = proxy_fix
    detail = may_read_internals(request)
    if checks["database"] != "ok":
        body = {
            "status": "unavailable",
            **(checks if detail else {}),
            "message": "Not ready: database unreachable." if detail else "Not ready.",
            "code": "unavailable",
        }
        return JsonResponse(body, status=503)
    degraded = (
        checks["cache"] != "ok"
        or checks["storage"] != "ok"
        or checks["tasks"]["state"] not in ("ok", "external")
        or bool(proxy_fix)
    )
    status = "degraded" if degraded else "ok"
    return JsonResponse({"status": status, **checks} if detail else {"status": status})


def _database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception:
        return "unreachable"


def _cache_state() -> str:
    # With Redis down, django-redis turns errors into misses: a value that does not come
    # back is the sign.
    token = uuid.uuid4().hex
    try:
        cache.set("readyz", token, 5)
        return "ok" if cache.get("readyz") == token else "unreachable"
    except Exception:
        return "unreachable"


# A load balancer may ask every second on every server: the storage round trip (three
# requests on S3) runs at most once per this many seconds per process. The probe runs in
# the request, no thread: S3's client gives up by its own timeouts (config/settings/files.py,
# `client_config`), and a slow verdict is kept like any other.
STORAGE_VERDICT_SECONDS = 5
_storage_verdict: dict[str, Any] = {"storage": None, "until": 0.0, "state": None}


def _storage_state() -> str:
    """A probe file written, read back and deleted through the media storage: what an
    upload needs, so a missing bucket or a denied write shows here, not as a 500."""
    from django.core.files.storage import storages

    storage = storages["default"]
    verdict = _storage_verdict
    # The wall clock, not monotonic: tests move it with time-machine.
    if verdict["storage"] is storage and time.time() < verdict["until"]:
        return verdict["state"]
    state = _probe_storage(storage)
    verdict.update(storage=storage, until=time.time() + STORAGE_VERDICT_SECONDS, state=state)
    return state


def _probe_storage(storage: Any) -> str:
    name = None
    try:
        name = storage.save(f"readyz/{uuid.uuid4().hex}.txt", ContentFile(b"readyz"))
        with storage.open(name) as stored:
            return "ok" if stored.read() == b"readyz" else "read back wrong"
    except Exception as error:
        return _storage_problem(error)
    finally:
        if name:
            try:
                storage.delete(name)
            except Exception:
                pass


def _storage_problem(error: Exception) -> str:
    # botocore's ClientError carries S3's own error code in its response dict.
    response = getattr(error, "response", None)
    code = response.get("Error", {}).get("Code", "") if isinstance(response, dict) else ""
    if "Timeout" in type(error).__name__:
        # botocore's ConnectTimeoutError, ReadTimeoutError: the client's own timeouts.
        return "timeout"
    if code == "NoSuchBucket":
        return "missing bucket"
    if code in ("AccessDenied", "403", "AllAccessDisabled"):
        return "access denied"
    if isinstance(error, OSError) and not code:
        # The local media folder (or the nearest existing one above it on a fresh install,
        # which has none until the first upload) refuses the file.
        return "unwritable"
    return "unreachable"


def _task_queue_state() -> dict[str, Any]:
    from django_tasks import task_backends
    from django_tasks_db.backend import DatabaseBackend

    backend = task_backends["default"]
    if not isinstance(backend, DatabaseBackend):
        return {"state": "external", "backend": type(backend).__name__}
    try:
        return task_queue_health()
    except Exception:
        return {"state": "unknown"}


def not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return json_error("Not found.", 404)


def server_error(request: HttpRequest) -> JsonResponse:
    # JSON for API callers, and never a stack trace: DEBUG is off outside development. The
    # id in the message is what the customer can quote; the log lines and the error report
    # of this request carry the same one (common.observability).
    request_id = getattr(request, "request_id", None) or current_request_id()
    message = "Something went wrong on our side. Please try again."
    if request_id:
        message += f" If it keeps happening, quote reference {request_id}."
    return json_error(message, 500, request_id=request_id)
