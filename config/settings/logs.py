"""Logging and monitoring: JSON lines with request ids, Sentry, /metrics (docs/deploy.md,
"Monitoring")."""

import os

from config.settings.base import RELEASE

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
