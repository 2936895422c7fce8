from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from common import views as common_views
from common.metrics import metrics_view
from common.routes import route
from config.announcements import announcements
from config.shop_info import shop_info
from frontend import views as frontend_views

api_patterns: list[URLPattern | URLResolver] = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: no inline script, so the docs
    # run under the same script-src 'self' policy as the app.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
    path(
        "redoc/",
        SpectacularRedocView.as_view(url_name="schema", template_name="docs/redoc.html"),
        name="redoc",
    ),
    *route("shop/info", shop_info),
    *route("announcements", announcements),
    path("", include("accounts.urls")),
    path("", include("shop.urls")),
    path("", include("orders.urls")),
    path("", include("promotions.urls")),
    path("", include("reports.urls")),
    path("", include("rides.urls")),
    path("", include("hero.urls")),
    path("", include("storesettings.urls")),
    path("", include("compliance.urls")),
    path("", include("activity.urls")),
    # Unknown API paths answer JSON, never the React app's page.
    re_path(r"^.*$", common_views.api_not_found),
]

urlpatterns = [
    path("api/", include(api_patterns)),
    path("admin/", admin.site.urls),
    path("healthz", common_views.healthz),
    path("readyz", common_views.readyz),
    path("metrics", metrics_view),
]

if settings.SERVE_MEDIA:
    media_prefix = settings.MEDIA_URL.lstrip("/")
    urlpatterns.append(re_path(rf"^{media_prefix}(?P<path>.+)$", common_views.serve_media))

urlpatterns += [
    # The React app for every other path (client-side routes: /, /login, /product/<id>, ...).
    re_path(r"^(?!static/|media/).*$", frontend_views.app),
]

handler404 = "common.views.not_found"
handler500 = "common.views.server_error"
