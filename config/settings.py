"""Settings for every profile, read from the environment.

The default profile (no environment at all) is a laptop: SQLite and media files under
var/, a cache table in that database, console email. Production sets DATABASE_URL, SECRET_KEY,
ALLOWED_HOSTS and, for several app servers, REDIS_URL and the S3 variables. The README's
configuration table lists every variable read here.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_list, env_rate, load_env_file, redis_caches

# Before anything is read: the env file (ENV_FILE, or var/env that `make` writes with the
# local keys) fills in what the real environment leaves unset (docs/deploy.md).
load_env_file()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
# The release this code is: the RELEASE file of an installed release archive (tools/release.py),
# else the RELEASE variable (a checkout); the app page names it in X-Release. The archive's file
# wins so that a RELEASE left in a shared env file cannot misname the releases after it.
RELEASE_FILE = BASE_DIR / "RELEASE"
RELEASE = (
    RELEASE_FILE.read_text().strip() if RELEASE_FILE.is_file() else os.environ.get("RELEASE", "")
)


DEBUG = env_bool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it in the environment or in the env file ENV_FILE "
            "(`make run` writes var/env), or set DEBUG=1 for a development key."
        )
    SECRET_KEY = "django-insecure-development-key-only-used-when-DEBUG-is-on"

# Keyed digest of passwords for password-only sign-in (accounts.passwords), kept apart from
# the data (`make run` writes var/password_digest_key) and from SECRET_KEY, which may rotate.
PASSWORD_DIGEST_KEY = os.environ.get("PASSWORD_DIGEST_KEY", SECRET_KEY)
# Keys earlier digests were made with: a sign-in still finds such a user and re-keys the
# digest. Until a separate key existed the digest used SECRET_KEY, so that one is always
# tried last (docs/security.md).
PASSWORD_DIGEST_OLD_KEYS = [
    key for key in [*env_list("PASSWORD_DIGEST_OLD_KEYS"), SECRET_KEY] if key != PASSWORD_DIGEST_KEY
]

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
    "drf_spectacular_sidecar",
    # Before "common", whose admin module refines the task results' admin page.
    "django_tasks",
    "django_tasks_db",
    "axes",
    "common",
    "accounts",
    "shop",
    "orders",
    "reports",
    "rides",
    "hero",
    "frontend",
]

MIDDLEWARE = [
    "common.middleware.RequestLogMiddleware",
    # Before anything reads a body: too large is refused unread, NUL and huge ids are 400/404.
    "common.middleware.RequestLimitsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "common.middleware.ContentSecurityPolicyMiddleware",
    "common.static.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Its process_exception sees a view's database errors first (axes has none):
    # 503 + Retry-After, never a 500.
    "common.dbbusy.DatabaseBusyMiddleware",
    # Last, as django-axes asks: it answers a locked-out Django admin sign-in.
    "axes.middleware.AxesMiddleware",
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
    # Connections are kept (CONN_MAX_AGE) as on PostgreSQL: opening one runs the pragmas
    # below and costs more than a cached catalog read (docs/performance.md).
    DATABASES["default"]["OPTIONS"] = {
        # WAL lets readers and the one writer work at once; IMMEDIATE takes the write lock
        # at BEGIN so two checkouts queue instead of failing with "database is locked".
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        # Seconds a write waits for SQLite's lock before "database is locked", which
        # common.errors answers as 503 with Retry-After: a queued write gives up well
        # inside 5 s instead of holding a server thread for long.
        "timeout": float(os.environ.get("SQLITE_TIMEOUT", "3")),
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
# Throttles and the failed sign-in count live here, so several app servers need a shared one.
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL", "")


DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = "shop.cache"
if CACHE_URL:
    CACHES = redis_caches(CACHE_URL)
else:
    # In the database, not in each process: every gunicorn worker (and app server) counts
    # the same throttles. `make migrate` creates the table (createcachetable).
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "shop_cache",
            "OPTIONS": {"MAX_ENTRIES": 50_000},
        }
    }

# --- Accounts -------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Django's hashers with bounded concurrency per process, at a lower CPU priority
# (accounts/hashers.py): sign-in work cannot starve the catalog.
PASSWORD_HASHERS = [
    "accounts.hashers.Argon2PasswordHasher",
    "accounts.hashers.PBKDF2PasswordHasher",
]
# Hashes at once per server process (0: unbounded, in the request's thread), callers that
# may wait for one, and how long they wait before a 503 with Retry-After.
SIGN_IN_HASH_CONCURRENCY = int(os.environ.get("SIGN_IN_HASH_CONCURRENCY", "1"))
SIGN_IN_HASH_QUEUE = int(os.environ.get("SIGN_IN_HASH_QUEUE", "3"))
SIGN_IN_HASH_WAIT_SECONDS = float(os.environ.get("SIGN_IN_HASH_WAIT_SECONDS", "5"))
MIN_PASSWORD_LENGTH = 6
# Sign-in is by password alone, so every rule here stands between a guesser and an account
# (docs/security.md). The first rule keeps the shop's own message for short passwords.
AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "accounts.validators.MinimumLengthValidator",
        "OPTIONS": {"min_length": MIN_PASSWORD_LENGTH},
    },
    {"NAME": "accounts.validators.NotOnlySpacesValidator"},
    {"NAME": "accounts.validators.DistinctCharactersValidator", "OPTIONS": {"min_distinct": 4}},
    {"NAME": "accounts.validators.CommonPasswordValidator"},
    {"NAME": "accounts.validators.NumericPasswordValidator"},
    {"NAME": "accounts.validators.UserAttributeSimilarityValidator"},
    {"NAME": "accounts.validators.ShopNameValidator"},
    {"NAME": "accounts.validators.ZxcvbnValidator", "OPTIONS": {"min_score": 3}},
]

# Django admin sign-in (django-axes): after AXES_FAILURE_LIMIT failures an account is
# locked for AXES_COOLOFF_MINUTES from that client address only, so nobody can lock the
# owner out from elsewhere; a browser whose device cookie names the account is never
# locked (accounts/limits.py). Before that, the API's address throttle and ceiling apply
# (accounts/admin.py). `manage.py axes_reset` / `axes_reset_username EMAIL` lift locks.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.PasswordAuditBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "30")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A sign-in refused by a lock checked no password: it neither counts nor extends the lock.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_WHITELIST_CALLABLE = "accounts.limits.trusted_by_axes"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_ip"
AXES_USERNAME_CALLABLE = "accounts.lockout.username"
AXES_VERBOSE = False
# Failed sign-ins per minute, all client addresses together (API and Django admin), at
# which untrusted sign-in and registration answer 429: slows a guesser who rotates
# addresses. Each address adds at most FAILED_SIGN_IN_SHARE_PER_ADDRESS a minute, so one
# address cannot reach it alone. 0 = no ceiling.
FAILED_SIGN_INS_PER_MINUTE = int(os.environ.get("FAILED_SIGN_INS_PER_MINUTE", "120"))
FAILED_SIGN_IN_SHARE_PER_ADDRESS = int(os.environ.get("FAILED_SIGN_IN_SHARE_PER_ADDRESS", "5"))
# The device cookie a successful sign-in sets (accounts/limits.py): days it lasts, and the
# failed sign-ins in an hour after which it is no longer trusted.
DEVICE_COOKIE_DAYS = int(os.environ.get("DEVICE_COOKIE_DAYS", "90"))
DEVICE_COOKIE_FAILURE_LIMIT = int(os.environ.get("DEVICE_COOKIE_FAILURE_LIMIT", "5"))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "common.parsers.JSONParser",
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
    # A signed-in customer's ride requests, from any address: each one emails the shop.
    "ride_user": env_rate("RIDE_USER_THROTTLE_RATE", "10/hour"),
    # The sign-up form asks as the user types (debounced): generous, but a cap on a loop.
    "password_check": env_rate("PASSWORD_CHECK_THROTTLE_RATE", "60/min"),
}

# Keys rotate without signing anyone out (docs/deploy.md, "Rotating keys"): Django checks
# admin sessions and signed values against SECRET_KEY_FALLBACKS, and session tokens signed
# with a key listed here (or in JWT_SIGNING_KEY_FALLBACKS) still verify. A key listed here
# before it becomes SECRET_KEY lets every server accept what the first upgraded one signs.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS")
JWT_SIGNING_KEY_FALLBACKS = env_list("JWT_SIGNING_KEY_FALLBACKS") or (
    [] if os.environ.get("JWT_SIGNING_KEY") else SECRET_KEY_FALLBACKS
)

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
    # Swagger UI and ReDoc come from the pinned drf-spectacular-sidecar package, served as
    # our own static files: the docs work offline and run no script from another host.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # validatorUrl None: Swagger UI would otherwise send the schema to validator.swagger.io.
    # persistAuthorization off: a pasted token never lands in local storage.
    "SWAGGER_UI_SETTINGS": {
        "deepLinking": True,
        "persistAuthorization": False,
        "displayOperationId": True,
        "validatorUrl": None,
    },
}

# --- Files ----------------------------------------------------------------------------
STATIC_URL = "/static/"
# An installed release serves the static files it carries (its own static/, which also holds
# the previous release's bundles: docs/deploy.md); a checkout collects into VAR_DIR.
STATIC_ROOT = Path(
    os.environ.get("STATIC_ROOT")
    or (BASE_DIR / "static" if RELEASE_FILE.is_file() else VAR_DIR / "static")
)
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
MEDIA_URL = os.environ.get("MEDIA_URL", "/media/")
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
# Room for 5 images of 10 MB plus form fields; larger bodies are refused before parsing.
DATA_UPLOAD_MAX_MEMORY_SIZE = 60 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
# Bodies over their endpoint's limit are refused with 413 before they are read
# (common.middleware.RequestLimitsMiddleware): requests without credentials (sign-in,
# registration, rides), other JSON, and the product, hero and Django admin forms with images.
ANONYMOUS_BODY_LIMIT = int(os.environ.get("ANONYMOUS_BODY_LIMIT", 64 * 1024))
JSON_BODY_LIMIT = int(os.environ.get("JSON_BODY_LIMIT", 1024 * 1024))
UPLOAD_BODY_LIMIT = DATA_UPLOAD_MAX_MEMORY_SIZE

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
            # Public-read objects at plain URLs (AWS_DEFAULT_ACL=public-read, or a bucket
            # policy that allows reading), or private objects at signed URLs that expire
            # (AWS_QUERYSTRING_AUTH=1): docs/deploy.md, "Media on S3".
            "querystring_auth": env_bool("AWS_QUERYSTRING_AUTH"),
            "querystring_expire": int(os.environ.get("AWS_QUERYSTRING_EXPIRE", "3600")),
            # Signature V4: every AWS region takes it, the newer ones nothing else.
            "signature_version": os.environ.get("AWS_S3_SIGNATURE_VERSION", "s3v4"),
            "file_overwrite": False,
            "default_acl": os.environ.get("AWS_DEFAULT_ACL") or None,
            "object_parameters": {"CacheControl": "public, max-age=31536000, immutable"},
        },
    }
else:
    MEDIA_STORAGE = {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        # Uploaded files are the owner's alone; the app itself serves them.
        "OPTIONS": {
            "location": MEDIA_ROOT,
            "base_url": MEDIA_URL,
            "file_permissions_mode": 0o600,
            "directory_permissions_mode": 0o700,
        },
    }
SERVE_MEDIA = not AWS_STORAGE_BUCKET_NAME
# Catalog answers hold image URLs; signed ones expire, so a cached answer lives at most half
# their lifetime (shop/readcache.py). Unsigned URLs never expire: no age limit.
CATALOG_ANSWER_MAX_AGE = (
    MEDIA_STORAGE["OPTIONS"]["querystring_expire"] / 2
    if MEDIA_STORAGE["OPTIONS"].get("querystring_auth")
    else None
)
# Where images come from besides this site, for the pages' Content-Security-Policy
# (common.middleware): https: covers a bucket served over TLS; an http:// endpoint (a bucket
# on the local network) is named, or the browser would block its images.
_media_endpoint = os.environ.get("AWS_S3_ENDPOINT_URL", "") if AWS_STORAGE_BUCKET_NAME else ""
MEDIA_IMAGE_SOURCES = [_media_endpoint.rstrip("/")] if _media_endpoint.startswith("http:") else []

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
# Bundles named by content hash are immutable for a year (common.static); collectstatic
# writes .gz and, with the Brotli package installed, .br copies that whitenoise picks by
# Accept-Encoding.
# A regex on the URL: webpack's 10-hex contenthash or the manifest's 12-hex one.
WHITENOISE_IMMUTABLE_FILE_TEST = r"\.[0-9a-f]{10,12}\.[A-Za-z0-9]+$"

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
# Emails are sent by the worker (common.mail), retried with backoff: EMAIL_RETRY_DELAY
# seconds after the first failure, doubled each time, EMAIL_MAX_ATTEMPTS attempts in all.
EMAIL_MAX_ATTEMPTS = int(os.environ.get("EMAIL_MAX_ATTEMPTS", "5"))
EMAIL_RETRY_DELAY = float(os.environ.get("EMAIL_RETRY_DELAY", "30"))

# --- Background tasks -----------------------------------------------------------------
# Django's task API (the django-tasks backport). The database backend needs no extra
# service: `manage.py run_worker` runs the queue. Another backend (e.g. django-tasks-rq
# for Redis) is a setting away; the code enqueues through the same API.
TASKS = {"default": {"BACKEND": os.environ.get("TASK_BACKEND", "django_tasks_db.DatabaseBackend")}}
# /readyz calls the queue "behind" when a task has waited longer than this (no worker?).
TASK_BACKLOG_WARN_SECONDS = int(os.environ.get("TASK_BACKLOG_WARN_SECONDS", "300"))
# A task RUNNING for longer than this lost its worker (killed, machine gone): the worker
# queues it again (an email may go twice, never zero times). Keep it above the longest
# send, a few EMAIL_TIMEOUTs.
TASK_STUCK_SECONDS = float(os.environ.get("TASK_STUCK_SECONDS", "120"))
# /readyz is degraded when no worker wrote its heartbeat (every 10 s) for this long.
TASK_WORKER_STALE_SECONDS = float(os.environ.get("TASK_WORKER_STALE_SECONDS", "60"))

# --- The operator's shop (GET /api/shop/info) -----------------------------------------
SHOP_NAME = os.environ.get("SHOP_NAME", "Corner Shop")
SHOP_PICKUP_LOCATION = os.environ.get(
    "SHOP_PICKUP_LOCATION", "Corner of Brookhurst St & Garden Grove Blvd, Garden Grove, CA"
)
SHOP_PICKUP_PHONE = os.environ.get("SHOP_PICKUP_PHONE", "(714) 555-0142")
SHOP_DELIVERY_AREA = os.environ.get("SHOP_DELIVERY_AREA", "Orange County")

# --- Checkout rules and back office (orders.delivery, orders.age, shop stock alerts) --
# Comma-separated ZIP codes served by local delivery; empty: Orange County's (orders/zipcodes.py).
DELIVERY_ZIP_CODES = env_list("DELIVERY_ZIP_CODES")
# Local delivery times, shop time (America/Los_Angeles), both ends allowed.
DELIVERY_HOURS_START = os.environ.get("DELIVERY_HOURS_START", "10:00")
DELIVERY_HOURS_END = os.environ.get("DELIVERY_HOURS_END", "20:00")
DELIVERY_LEAD_MINUTES = int(os.environ.get("DELIVERY_LEAD_MINUTES", "120"))
DELIVERY_MAX_DAYS_AHEAD = int(os.environ.get("DELIVERY_MAX_DAYS_AHEAD", "30"))
# Deliveries accepted per clock hour; 0 means no limit.
DELIVERY_HOURLY_CAPACITY = int(os.environ.get("DELIVERY_HOURLY_CAPACITY", "0"))
# Products (or types) with this many units or fewer are "low" in the back office and digest.
LOW_STOCK_THRESHOLD = int(os.environ.get("LOW_STOCK_THRESHOLD", "3"))
# Holds (docs/reliability.md): nothing is paid online, so a checkout's stock is held by an
# unpaid order. Units of one product (or type) per order, pending orders per customer, and
# hours before a pending order is cancelled by `manage.py expire_pending_orders`; 0: no limit.
MAX_UNITS_PER_LINE = int(os.environ.get("MAX_UNITS_PER_LINE", "10"))
MAX_PENDING_ORDERS = int(os.environ.get("MAX_PENDING_ORDERS", "3"))
PENDING_HOLD_HOURS = int(os.environ.get("PENDING_HOLD_HOURS", "48"))

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
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
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
    # Every line logged while a request or a task it queued runs names that request.
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # Requests are logged once, as JSON, by common.middleware.RequestLogMiddleware.
        "django.request": {"level": "ERROR"},
        "django.server": {"level": "ERROR"},
        # A cache outage is a degraded service, not an error: one warning line per failed
        # cache call, without the traceback.
        "shop.cache": {"filters": ["cache_outage"]},
        # A failed task (an email) is one line with its error class, never message text.
        "django_tasks": {"filters": ["planned_retry", "task_failure"]},
    },
    "filters": {
        "request_id": {"()": "common.logging.RequestIdFilter"},
        "cache_outage": {"()": "common.logfilters.OutageAsWarning"},
        "task_failure": {"()": "common.logfilters.TaskFailureClassOnly"},
        "planned_retry": {"()": "common.mail.PlannedRetryAsWarning"},
    },
}

# --- Monitoring (docs/deploy.md) ------------------------------------------------------
# Error reports: unhandled errors and ERROR log lines of the web processes and the worker go
# to Sentry when a DSN is set, with the request id, user id and release, and nothing that
# could hold a secret (common.observability, docs/security.md).
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
SENTRY_ENVIRONMENT = os.environ.get("SENTRY_ENVIRONMENT", "production")
if SENTRY_DSN:
    from common.observability import init_sentry

    init_sentry(dsn=SENTRY_DSN, release=RELEASE, environment=SENTRY_ENVIRONMENT)
# /metrics answers loopback without it; with it, anyone sending it as a bearer token.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
