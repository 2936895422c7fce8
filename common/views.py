import concurrent.futures
import mimetypes
import os
import posixpath
import uuid
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import FileResponse, Http404, JsonResponse
from django.utils import timezone
from django.utils._os import safe_join
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from common.errors import json_error
from orders.rules import shop_rules, shop_rules_schema
from orders.selectors import order_rules
from rides.selectors import ride_rules

ONE_YEAR = 60 * 60 * 24 * 365


def serve_media(request, path):
    """Uploaded files in the one-process default profile. Stored names are content
    hashes, so a file never changes under its name and may be cached for a year."""
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
def api_not_found(request, *args, **kwargs):
    return json_error("Not found.", 404)


def healthz(request):
    """Liveness: the process answers. Touches nothing else, so a sick neighbour never gets
    a healthy process restarted."""
    return JsonResponse({"status": "ok"})


def readyz(request):
    """Readiness: 503 only when the database is unreachable (nothing works without it).
    A cache, storage or task queue problem degrades the shop but it still sells, so the
    answer stays 200 with "degraded" and each dependency's state (docs/deploy.md)."""
    checks = {"database": _database_state()}
    checks["cache"] = _cache_state()
    checks["storage"] = _storage_state()
    checks["tasks"] = _task_queue_state() if checks["database"] == "ok" else {"state": "unknown"}
    if checks["database"] != "ok":
        body = {"status": "unavailable", **checks, "message": "Not ready: database unreachable."}
        return JsonResponse(body, status=503)
    degraded = checks["cache"] != "ok" or checks["storage"] != "ok"
    return JsonResponse({"status": "degraded" if degraded else "ok", **checks})


def _database_state():
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception:
        return "unreachable"


def _cache_state():
    # With Redis down, django-redis turns errors into misses: a value that does not come
    # back is the sign.
    token = uuid.uuid4().hex
    try:
        cache.set("readyz", token, 5)
        return "ok" if cache.get("readyz") == token else "unreachable"
    except Exception:
        return "unreachable"


def _storage_state():
    from django.core.files.storage import default_storage

    location = getattr(default_storage, "location", None)
    if location is not None and not getattr(settings, "AWS_STORAGE_BUCKET_NAME", ""):
        return "ok" if _folder_can_take_files(Path(location)) else "unwritable"
    # Remote storage (S3): one cheap request, never longer than two seconds for the probe.
    future = _probe_pool.submit(default_storage.exists, "readyz-probe")
    try:
        future.result(timeout=2)
        return "ok"
    except concurrent.futures.TimeoutError:
        return "timeout"
    except Exception:
        return "unreachable"


def _folder_can_take_files(folder):
    # A fresh install has no media folder until the first upload creates it, so the test is
    # whether the nearest folder that exists lets the shop write (and so create the rest).
    while not folder.exists():
        if folder.parent == folder:
            return False
        folder = folder.parent
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _task_queue_state():
    """How many tasks wait to run, and how long the oldest has waited: a growing backlog
    means no worker runs (or the mail server is down)."""
    from django_tasks import task_backends
    from django_tasks_db.backend import DatabaseBackend
    from django_tasks_db.models import DBTaskResult

    backend = task_backends["default"]
    if not isinstance(backend, DatabaseBackend):
        return {"state": "external", "backend": type(backend).__name__}
    try:
        waiting = DBTaskResult.objects.ready()
        oldest = waiting.order_by("enqueued_at").values_list("enqueued_at", flat=True).first()
        age = (timezone.now() - oldest).total_seconds() if oldest else 0
        return {
            "state": "ok" if age < settings.TASK_BACKLOG_WARN_SECONDS else "behind",
            "backlog": waiting.count(),
            "oldestWaitingSeconds": round(age),
        }
    except Exception:
        return {"state": "unknown"}


_probe_pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)


def _statuses_schema(name):
    return inline_serializer(
        name,
        {
            "id": serializers.CharField(),
            "label": serializers.CharField(),
            "next": serializers.ListField(
                child=serializers.CharField(), help_text="Statuses it may move to."
            ),
        },
        many=True,
    )


@extend_schema(
    summary="The operator's shop details and the rules the client shows",
    description="Shop name, pickup street corner, the phone number customers text before "
    "pickup, and the local delivery area (from environment variables); the delivery options "
    "with their labels, fees and free-delivery thresholds; order and ride statuses with their "
    "labels and the statuses each may move to; the ride pricing text shown until an admin "
    "stores one. The server owns every rule: the React app reads them here and keeps no copy.",
    responses=inline_serializer(
        "ShopInfo",
        {
            "name": serializers.CharField(),
            "pickupLocation": serializers.CharField(),
            "pickupPhone": serializers.CharField(),
            "deliveryArea": serializers.CharField(),
            "deliveryOptions": inline_serializer(
                "DeliveryOptionInfo",
                {
                    "id": serializers.CharField(),
                    "label": serializers.CharField(),
                    "fee": serializers.FloatField(),
                    "freeFrom": serializers.FloatField(
                        allow_null=True, help_text="Subtotal from which the fee is waived."
                    ),
                    "description": serializers.CharField(),
                    "needsAddress": serializers.BooleanField(),
                    "needsAppointment": serializers.BooleanField(
                        help_text="Phone, date and time are required too."
                    ),
                },
                many=True,
            ),
            "orderStatuses": _statuses_schema("OrderStatusInfo"),
            "rideStatuses": _statuses_schema("RideStatusInfo"),
            "defaultRidePricing": serializers.CharField(),
            **shop_rules_schema(),
        },
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def shop_info(request):
    # One dict per domain; each domain owns its rules and how they are worded.
    operator = {
        "name": settings.SHOP_NAME,
        "pickupLocation": settings.SHOP_PICKUP_LOCATION,
        "pickupPhone": settings.SHOP_PICKUP_PHONE,
        "deliveryArea": settings.SHOP_DELIVERY_AREA,
    }
    return Response({**operator, **order_rules(), **ride_rules(), **shop_rules()})


def not_found(request, exception=None):
    return json_error("Not found.", 404)


def server_error(request):
    # JSON for API callers, and never a stack trace: DEBUG is off outside development.
    return json_error("Something went wrong on our side. Please try again.", 500)
