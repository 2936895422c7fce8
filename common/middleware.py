import logging
import time
import uuid

from django.conf import settings

request_logger = logging.getLogger("shop.requests")


class RequestLogMiddleware:
    """One JSON log line per request. The path is logged without its query string, and
    nothing from bodies or headers: no passwords, tokens or addresses reach the log."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request_id = request.headers.get("X-Request-ID", "")[:64] or uuid.uuid4().hex
        request.request_id = request_id
        started = time.perf_counter()
        response = self.get_response(request)
        user = getattr(request, "user", None)
        # DRF authenticates inside the view; it leaves its user on the Django request.
        user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
        request_logger.info(
            "request",
            extra={
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                "user_id": user_id,
                "request_id": request_id,
            },
        )
        response["X-Request-ID"] = request_id
        return response


class ContentSecurityPolicyMiddleware:
    """The React app runs from same-origin scripts only (no inline script); images may
    also come from the S3 domain and hero images from any https URL an admin entered."""

    def __init__(self, get_response):
        self.get_response = get_response
        img_sources = ["'self'", "data:", "blob:", "https:"]
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
        self.skip_prefixes = ("/api/docs",)

    def __call__(self, request):
        response = self.get_response(request)
        if not request.path.startswith(self.skip_prefixes):
            response.setdefault("Content-Security-Policy", self.policy)
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response


__all__ = ["RequestLogMiddleware", "ContentSecurityPolicyMiddleware", "settings"]
