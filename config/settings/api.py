"""The REST API: Django REST framework, throttle rates, session tokens and their keys, the
OpenAPI schema."""

import os
from datetime import timedelta

from config.env import env_list, env_rate
from config.settings.base import SECRET_KEY

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "common.parsers.JSONParser",
        "common.parsers.MultiPartParser",
        "common.parsers.FormParser",
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
    # Reset emails per email asked for AND client address (counted whether or not it has an
    # account), and confirmations per account a well-signed link names (accounts/limits.py).
    "password_reset_email": env_rate("PASSWORD_RESET_EMAIL_THROTTLE_RATE", "5/hour"),
    "password_reset_account": env_rate("PASSWORD_RESET_ACCOUNT_THROTTLE_RATE", "10/hour"),
    # Every answer that tells whether a password is in use is a guess: password changes per
    # account (the signed-in user's own, or the admin's who sets one) and registrations per
    # registration code.
    "password_account": env_rate("PASSWORD_CHANGE_ACCOUNT_THROTTLE_RATE", "10/hour"),
    "registration_code": env_rate("REGISTRATION_CODE_THROTTLE_RATE", "30/hour"),
    # A signed-in person's own profile saves, from any address (PATCH /api/auth/me).
    "profile_edit": env_rate("PROFILE_EDIT_THROTTLE_RATE", "30/hour"),
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
    "ENUM_NAME_OVERRIDES": {
        "ActivityEntity": "activity.registry.KIND_NAMES",
        "ActivityAction": "activity.serializers.ACTION_NAMES",
        "ActivitySource": "activity.context.SOURCES",
        "ComplianceAction": "compliance.models.Action",
    },
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
