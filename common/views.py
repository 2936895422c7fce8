import mimetypes
import posixpath
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import FileResponse, Http404, JsonResponse
from django.utils._os import safe_join
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from common.errors import json_error

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
    response = FileResponse(full.open("rb"), content_type=content_type or "application/octet-stream")
    response["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@csrf_exempt  # token-authenticated API: a POST to an unknown path is a 404, not a CSRF page
def api_not_found(request, *args, **kwargs):
    return json_error("Not found.", 404)


def healthz(request):
    return JsonResponse({"status": "ok"})


def readyz(request):
    failing = []
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:
        failing.append("database")
    try:
        cache.set("readyz", "1", 5)
        if cache.get("readyz") != "1":
            failing.append("cache")
    except Exception:
        failing.append("cache")
    if failing:
        return JsonResponse(
            {"status": "unavailable", "failing": failing,
             "message": f"Not ready: {', '.join(failing)} unreachable."},
            status=503,
        )
    return JsonResponse({"status": "ok"})


@extend_schema(
    summary="The operator's shop details",
    description="Shop name, pickup street corner, the phone number customers text before "
    "pickup, and the local delivery area. Values come from environment variables.",
    responses=inline_serializer(
        "ShopInfo",
        {
            "name": serializers.CharField(),
            "pickupLocation": serializers.CharField(),
            "pickupPhone": serializers.CharField(),
            "deliveryArea": serializers.CharField(),
        },
    ),
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def shop_info(request):
    return Response(
        {
            "name": settings.SHOP_NAME,
            "pickupLocation": settings.SHOP_PICKUP_LOCATION,
            "pickupPhone": settings.SHOP_PICKUP_PHONE,
            "deliveryArea": settings.SHOP_DELIVERY_AREA,
        }
    )


def not_found(request, exception=None):
    return json_error("Not found.", 404)


def server_error(request):
    # JSON for API callers, and never a stack trace: DEBUG is off outside development.
    return json_error("Something went wrong on our side. Please try again.", 500)
