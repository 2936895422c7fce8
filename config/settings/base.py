"""The core: where the checkout and its keys are, the apps, requests, the database, the cache,
email, tasks and the shop's own rules. What the other parts need from here is imported
from this module."""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_list, load_env_file, redis_caches

# Before anything is read: the env file (ENV_FILE, or var/env that `make` writes with the
# local keys) fills in what the real environment leaves unset (docs/deploy.md).
load_env_file()

BASE_DIR = Path(__file__).resolve().parents[2]
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
    # The history of back-office writes (docs/api.md, Activity history): its LogEntry table.
    "auditlog",
    "common",
    "accounts",
    "shop",
    "orders",
    "promotions",
    "reports",
    "rides",
    "hero",
    "storesettings",
    "compliance",
    "activity",
    "frontend",
]

MIDDLEWARE = [
    "common.middleware.RequestLogMiddleware",
    # Before anything reads a body: too large is refused unread, NUL and huge ids are 400/404.
    "common.middleware.RequestLimitsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "common.middleware.ContentSecurityPolicyMiddleware",
    "common.static.StaticFilesMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Its process_exception sees a view's database errors first (axes has none):
    # 503 + Retry-After, never a 500.
    "common.dbbusy.DatabaseBusyMiddleware",
    # Which door a write came through (the Django admin or the API), for every request, the
    # token API's included; the person is read when the history entry is written, after the
    # session's or DRF's authentication.
    "activity.middleware.ActivitySourceMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Last, as django-axes asks: it answers a locked-out Django admin sign-in.
    "axes.middleware.AxesMiddleware",
]

# The activity history (activity/registry.py registers what is tracked): changes as JSON
# values (booleans stay booleans), no client addresses, nothing for fixture loads (restore).
AUDITLOG_STORE_JSON_CHANGES = True
AUDITLOG_DISABLE_REMOTE_ADDR = True
AUDITLOG_DISABLE_ON_RAW_SAVE = True

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
# Throttles, the failed sign-in count and the catalog's answers and version (shop/readcache.py)
# live here, so several app servers need a shared one.
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL", "")


DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = "shop.cache"
if CACHE_URL:
    # With the database's cache table as the throttles' fallback while Redis is down.
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

# --- Exports ------------------------------------------------------------------------------
# An orders CSV of more rows than this is made by the worker and its link emailed
# (orders/export.py); fewer stream straight to the browser. Measured at 321 rows a second
# on the 2-core machine at load average 15 (docs/performance.md, "A shop with two years of
# orders"): 10,000 rows stay within gunicorn's 30 s even then.
EXPORT_STREAM_MAX_ROWS = int(os.environ.get("EXPORT_STREAM_MAX_ROWS", "10000"))
# Days a background export's files are kept (its emailed link works that long); then
# `manage.py delete_old_exports` (the housekeeping timer) deletes them: they hold customers'
# details. At least 1, or an export could expire before its email is read.
EXPORT_FILES_KEEP_DAYS = max(1, int(os.environ.get("EXPORT_FILES_KEEP_DAYS", "7")))

# --- The operator's shop (GET /api/shop/info) -----------------------------------------
SHOP_NAME = os.environ.get("SHOP_NAME", "Corner Shop")
SHOP_PICKUP_LOCATION = os.environ.get(
    "SHOP_PICKUP_LOCATION", "Corner of Brookhurst St & Garden Grove Blvd, Garden Grove, CA"
)
SHOP_PICKUP_PHONE = os.environ.get("SHOP_PICKUP_PHONE", "(714) 555-0142")
SHOP_DELIVERY_AREA = os.environ.get("SHOP_DELIVERY_AREA", "Orange County")

# --- Checkout rules and back office (orders.delivery, orders.age, shop stock alerts) --
# Comma-separated ZIP codes served by local delivery; empty: Orange County's (storesettings/zipcodes.py).
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
# What one customer's pending orders may hold together: units of one product (or type), and
# the goods' value in dollars (so no one account can take the shop off sale); 0: no limit.
MAX_PENDING_UNITS = int(os.environ.get("MAX_PENDING_UNITS", "10"))
MAX_PENDING_VALUE = os.environ.get("MAX_PENDING_VALUE", "500.00")
# Years an order's compliance records (its hand-over check, N2O log line, nicotine delivery
# sale) are kept after the hand-over, even once the customer is erased: the PACT Act's five
# by default (PC 381e asks one). An operator's setting, not the owner's form: a law's minimum.
COMPLIANCE_RECORDS_YEARS = int(os.environ.get("COMPLIANCE_RECORDS_YEARS", "5"))

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

# Who checks a 21+ buyer's age before an order is accepted (orders.age.AgeVerifier): the
# dotted path of a class; a paid database check plugs in here.
AGE_VERIFIER = os.environ.get("AGE_VERIFIER", "orders.age.DateOfBirthVerifier")
