"""Accounts and sign-in: password hashing and rules, the Django admin's lockout, the
shop-wide failed sign-in ceiling and device cookies (docs/security.md)."""

import os
from datetime import timedelta

# --- Accounts -------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Django's hashers with bounded concurrency per process, in two lanes (known devices and
# everyone else), in the request's thread (accounts/hashers.py): sign-in work cannot starve
# the catalog, and strangers' guesses cannot hold up a returning customer.
PASSWORD_HASHERS = [
    "accounts.hashers.Argon2PasswordHasher",
    "accounts.hashers.PBKDF2PasswordHasher",
]
# Hashes at once per server process and lane (0: unbounded), callers that may wait for
# one, and how long they wait before a 503 with Retry-After.
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
AXES_CLIENT_IP_CALLABLE = "common.throttles.client_ip"
AXES_USERNAME_CALLABLE = "accounts.lockout.username"
AXES_VERBOSE = False
# Failed sign-ins per minute, all client addresses together (API and Django admin), at
# which untrusted sign-in and registration answer 429: slows a guesser who rotates
# addresses. Each address adds at most FAILED_SIGN_IN_SHARE_PER_ADDRESS a minute, so one
# address cannot reach it alone. 0 = no ceiling.
FAILED_SIGN_INS_PER_MINUTE = int(os.environ.get("FAILED_SIGN_INS_PER_MINUTE", "120"))
FAILED_SIGN_IN_SHARE_PER_ADDRESS = int(os.environ.get("FAILED_SIGN_IN_SHARE_PER_ADDRESS", "5"))
# Past the ceiling an untrusted sign-in must solve a proof-of-work challenge (ALTCHA,
# GET /api/auth/challenge): the largest number to search (the browser tries half of it on
# average, about a second; 0 turns the challenge off: a plain 429 under attack), and how
# long a challenge stays good.
SIGN_IN_CHALLENGE_MAX_NUMBER = int(os.environ.get("SIGN_IN_CHALLENGE_MAX_NUMBER", "100000"))
SIGN_IN_CHALLENGE_SECONDS = int(os.environ.get("SIGN_IN_CHALLENGE_SECONDS", "300"))
# The device cookie a successful sign-in sets (accounts/limits.py): days it lasts, and the
# failed sign-ins in an hour after which it is no longer trusted.
DEVICE_COOKIE_DAYS = int(os.environ.get("DEVICE_COOKIE_DAYS", "90"))
DEVICE_COOKIE_FAILURE_LIMIT = int(os.environ.get("DEVICE_COOKIE_FAILURE_LIMIT", "5"))
