"""Settings for every profile, read from the environment.

The default profile (no environment at all) is a laptop: SQLite and media files under
var/, a local-memory cache, console email. Production sets DATABASE_URL, SECRET_KEY,
ALLOWED_HOSTS and, for several app servers, REDIS_URL and the S3 variables. The README's
configuration table lists every variable read here.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_rate(name, default):
    # DRF rate strings ("20/min"); "none" switches a throttle off (load tests do).
    value = os.environ.get(name, default).strip()
    return None if value.lower() in {"", "none", "off"} else value


DEBUG = env_bool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it in the environment (`make run` creates one in "
            "var/secret_key), or set DEBUG=1 for a development key."
        )
    SECRET_KEY = "django-insecure-development-key-only-used-when-DEBUG-is-on"

# Keyed digest of passwords for password-only sign-in (accounts.passwords). Changing it
# invalidates every stored digest, so it is separate from SECRET_KEY, which may rotate.
PASSWORD_DIGEST_KEY = os.environ.get("PASSWORD_DIGEST_KEY", SECRET_KEY)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "common",
    "accounts",
    "shop",
    "orders",
    "rides",
    "hero",
    "frontend",
]

MIDDLEWARE = [
    "common.middleware.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "common.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
# Nothing under /api/ is ever redirected: a redirected POST loses its body.
APPEND_SLASH = False

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------
VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        # WAL lets readers and the one writer work at once; IMMEDIATE takes the write lock
        # at BEGIN so two checkouts queue instead of failing with "database is locked".
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
else:
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].setdefault(
        "connect_timeout", int(os.environ.get("DB_CONNECT_TIMEOUT", "5"))
    )
    # PostgreSQL's default random_page_cost (4) assumes spinning disks: at 100,000 products it
    # makes a common-word search scan the table (85 ms) instead of using the trigram index
    # (15 ms; bench/catalog.py). Set it per connection; empty turns it off (e.g. pgbouncer in
    # transaction mode, which refuses startup options: then ALTER DATABASE ... SET it instead).
    if pg_options := os.environ.get("PG_OPTIONS", "-c random_page_cost=1.1"):
        DATABASES["default"]["OPTIONS"].setdefault("options", pg_options)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache ----------------------------------------------------------------------------
# Throttles and idempotency keys live here, so several app servers need a shared one.
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL", "")
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "shop",
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Accounts -------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
MIN_PASSWORD_LENGTH = 6
AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": MIN_PASSWORD_LENGTH},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "rest_framework.parsers.JSONParser",
        "rest_framework.parsers.MultiPartParser",
        "rest_framework.parsers.FormParser",
    ],
    "EXCEPTION_HANDLER": "common.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "common.schema.AutoSchema",
    "COERCE_DECIMAL_TO_STRING": False,
    "UNAUTHENTICATED_USER": None,
    # Client address for throttles: REMOTE_ADDR unless the operator says how many proxies
    # stand in front (then the matching X-Forwarded-For entry).
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
}

# Read at request time by common.throttles, so tests and operators can change them.
THROTTLE_RATES = {
    "auth": env_rate("AUTH_THROTTLE_RATE", "20/min"),
    "ride": env_rate("RIDE_THROTTLE_RATE", "10/hour"),
}

SIMPLE_JWT = {
    "ACCESS_TOKEN_LIFETIME": timedelta(hours=int(os.environ.get("TOKEN_LIFETIME_HOURS", "24"))),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "userId",
    "SIGNING_KEY": os.environ.get("JWT_SIGNING_KEY", SECRET_KEY),
    "AUTH_HEADER_TYPES": ("Bearer",),
    "UPDATE_LAST_LOGIN": False,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Shop API",
    "DESCRIPTION": (
        "The shop's REST API. Every answer that is not 2xx has a body "
        '`{"message": ...}`, plus `errors` for field problems. Decisions where the design '
        "contract was silent are written in each operation's description."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SERVE_AUTHENTICATION": [],
    "PREPROCESSING_HOOKS": ["common.schema.drop_trailing_slash_duplicates"],
}

# --- Files ----------------------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
MEDIA_URL = os.environ.get("MEDIA_URL", "/media/")
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
# Room for 5 images of 10 MB plus form fields; larger bodies are refused before parsing.
DATA_UPLOAD_MAX_MEMORY_SIZE = 60 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024

AWS_STORAGE_BUCKET_NAME = os.environ.get("AWS_STORAGE_BUCKET_NAME", "")
if AWS_STORAGE_BUCKET_NAME:
    MEDIA_STORAGE = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            "endpoint_url": os.environ.get("AWS_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("AWS_S3_REGION_NAME") or None,
            "access_key": os.environ.get("AWS_ACCESS_KEY_ID") or None,
            "secret_key": os.environ.get("AWS_SECRET_ACCESS_KEY") or None,
            "custom_domain": os.environ.get("AWS_S3_CUSTOM_DOMAIN") or None,
            "querystring_auth": False,
            "file_overwrite": False,
            "default_acl": None,
            "object_parameters": {"CacheControl": "public, max-age=31536000, immutable"},
        },
    }
else:
    MEDIA_STORAGE = {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": MEDIA_ROOT, "base_url": MEDIA_URL},
    }
SERVE_MEDIA = not AWS_STORAGE_BUCKET_NAME

STORAGES = {
    "default": MEDIA_STORAGE,
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_KEEP_ONLY_HASHED_FILES = False

# --- Time -----------------------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "America/Los_Angeles"
USE_I18N = True
USE_TZ = True

# --- Email ----------------------------------------------------------------------------
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "shop@example.com")
SHOP_EMAIL = os.environ.get("SHOP_EMAIL", "orders@example.com")

# --- The operator's shop (GET /api/shop/info) -----------------------------------------
SHOP_NAME = os.environ.get("SHOP_NAME", "Corner Shop")
SHOP_PICKUP_LOCATION = os.environ.get(
    "SHOP_PICKUP_LOCATION", "Corner of Brookhurst St & Garden Grove Blvd, Garden Grove, CA"
)
SHOP_PICKUP_PHONE = os.environ.get("SHOP_PICKUP_PHONE", "(714) 555-0142")
SHOP_DELIVERY_AREA = os.environ.get("SHOP_DELIVERY_AREA", "Orange County")

# --- Security -------------------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
# Behind a TLS-terminating proxy (production): HTTPS everywhere, secure cookies, HSTS.
SECURE_SSL = env_bool("SECURE_SSL", default=False)
if SECURE_SSL:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)

# --- Logging --------------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "common.logging.JsonFormatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # Requests are logged once, as JSON, by common.middleware.RequestLogMiddleware.
        "django.request": {"level": "ERROR"},
        "django.server": {"level": "ERROR"},
    },
}
