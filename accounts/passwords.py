"""Keyed digest of a password, the index that lets a password alone find its user.

The sign-in form sends only a password. A plain salted hash cannot be looked up, so each
user also stores HMAC-SHA256(server key, password) under a unique index: login is one
indexed lookup whatever the number of users, and the salted hash is then verified as
usual. Without the server key the digest is worthless to an attacker who reads the table.
"""

import hashlib
import hmac

from django.conf import settings


def password_digest(raw_password: str | None, key: str | None = None) -> str | None:
    if raw_password is None:
        return None
    secret = (key or settings.PASSWORD_DIGEST_KEY).encode()
    return hmac.new(secret, raw_password.encode(), hashlib.sha256).hexdigest()


def key_id(key: str | None = None) -> str:
    """A short fingerprint of a digest key (never the key): which key a user's digest was
    made with, for `manage.py digest_keys` during a rotation."""
    secret = (key or settings.PASSWORD_DIGEST_KEY).encode()
    return hashlib.sha256(b"digest-key-id:" + secret).hexdigest()[:12]


def password_digests(raw_password: str) -> list[str | None]:
    """The digest under the current key, then under each older key (re-keyed at sign-in)."""
    return [password_digest(raw_password)] + [
        password_digest(raw_password, key) for key in settings.PASSWORD_DIGEST_OLD_KEYS
    ]
