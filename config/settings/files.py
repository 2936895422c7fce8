"""Static files and media: the collected bundle, local media, S3 (docs/deploy.md, "Media on
S3")."""

import os
from pathlib import Path
from typing import Any

from botocore.config import Config

from config.env import env_bool
from config.settings.base import BASE_DIR, DEBUG, RELEASE_FILE, VAR_DIR

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
    MEDIA_STORAGE: dict[str, Any] = {
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
            # The client's own timeouts bound an upload and /readyz's storage probe, which
            # runs in the request (common/views.py): an unreachable endpoint answers in
            # seconds, with no thread to wait on it.
            "client_config": Config(
                signature_version=os.environ.get("AWS_S3_SIGNATURE_VERSION", "s3v4"),
                connect_timeout=float(os.environ.get("AWS_S3_CONNECT_TIMEOUT", "2")),
                read_timeout=float(os.environ.get("AWS_S3_READ_TIMEOUT", "5")),
                retries={"mode": "standard", "total_max_attempts": 2},
            ),
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
# Seconds the catalog's cached answers and the catalog version that keys them are kept
# (shop/versioning.py, shop/readcache.py). Five minutes bound how long a change stays unseen
# when its version bump was lost (the writer could not reach the cache). Answers hold image
# URLs, and signed ones expire: then at most half their lifetime.
CATALOG_ANSWER_MAX_AGE = (
    min(300, MEDIA_STORAGE["OPTIONS"]["querystring_expire"] // 2)
    if MEDIA_STORAGE["OPTIONS"].get("querystring_auth")
    else 300
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
            else "common.static.StaticFilesStorage"
        )
    },
}
WHITENOISE_KEEP_ONLY_HASHED_FILES = False
# Bundles named by content hash are immutable for a year (common.static); collectstatic
# writes .gz and, with the Brotli package installed, .br copies that whitenoise picks by
# Accept-Encoding.
# A regex on the URL: webpack's 10-hex contenthash or the manifest's 12-hex one.
WHITENOISE_IMMUTABLE_FILE_TEST = r"\.[0-9a-f]{10,12}\.[A-Za-z0-9]+$"
