"""Bearer tokens checked without a database query per request.

The signed token answers who the caller is; only "is this token still good" needs the
user's row: the `pwv` claim must match the user's current password version (a password
change signs out every session opened with the old password) and the user must still be
active. Each process keeps the rows it read for STATE_SECONDS, so most requests need no
query. The bound: a password change, a deactivation or a role change made through another
process or server takes effect there within STATE_SECONDS; in the process that saved it,
at once (the row is dropped when the save commits). A token that carries a newer password
version than the kept row was issued after a change this process has not seen yet: the row
is read again at once, so a user who just signed in with a new password is never refused by
a worker that still keeps the old row. docs/performance.md has the figures.
"""

import copy
import time

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.backends import TokenBackend
from rest_framework_simplejwt.exceptions import (
    AuthenticationFailed,
    InvalidToken,
    TokenBackendError,
    TokenError,
)
from rest_framework_simplejwt.settings import api_settings
from rest_framework_simplejwt.tokens import AccessToken

STATE_SECONDS = 5.0
MAX_USERS = 10_000

# user id -> (read at, User row as read); a dict's get/set are atomic across threads.
_rows = {}
# raw token -> its checked token (signature, type, claims), MAX_TOKENS at most.
_verified = {}
MAX_TOKENS = 10_000


def forget(user_id):
    _rows.pop(user_id, None)


def forget_all():
    _rows.clear()
    _verified.clear()


def _forget_saved(sender, instance, **kwargs):
    user_id = instance.pk  # a deleted instance loses its pk before the commit
    forget(user_id)
    # Dropped again after the commit: a request between the save and the commit may
    # have read (and kept) the row as it was before.
    transaction.on_commit(lambda: forget(user_id))


post_save.connect(_forget_saved, sender="accounts.User", dispatch_uid="token-user-rows")
post_delete.connect(_forget_saved, sender="accounts.User", dispatch_uid="token-user-rows-gone")


class TokenAuthentication(JWTAuthentication):
    """Bearer JWT whose `pwv` must match the user's current password version."""

    def get_validated_token(self, raw_token):
        # A token checked once is kept: its signature cannot change, only its age, so a kept
        # one is checked for expiry alone (the signature check was most of a signed-in
        # request's own cost: docs/performance.md). A key dropped from the fallbacks takes
        # effect on restart, as every settings change does.
        token = _verified.get(raw_token)
        if token is not None:
            try:
                token.check_exp()
                return token
            except TokenError:
                _verified.pop(raw_token, None)
        token = self._checked(raw_token)
        if len(_verified) >= MAX_TOKENS:
            _verified.clear()
        _verified[raw_token] = token
        return token

    def _checked(self, raw_token):
        try:
            return super().get_validated_token(raw_token)
        except InvalidToken:
            token = _signed_with_a_fallback_key(raw_token)
            if token is None:
                raise
            return token

    def get_user(self, validated_token):
        try:
            user_id = validated_token[api_settings.USER_ID_CLAIM]
        except KeyError:
            raise InvalidToken("Token contained no recognizable user identification")
        user = self._user(user_id, token_version=validated_token.get("pwv"))
        if user is None:
            raise AuthenticationFailed("User not found", code="user_not_found")
        if not user.is_active:
            raise AuthenticationFailed("User is inactive", code="user_inactive")
        if validated_token.get("pwv") != user.password_version:
            raise AuthenticationFailed(
                "Token was issued before a password change.", code="token_revoked"
            )
        return user

    def _user(self, user_id, *, token_version=None):
        now = time.time()
        kept = _rows.get(user_id)
        if (
            kept is None
            or not 0 <= now - kept[0] < STATE_SECONDS
            or _newer(token_version, kept[1].password_version)
        ):
            row = self.user_model.objects.filter(**{api_settings.USER_ID_FIELD: user_id}).first()
            if row is None:
                forget(user_id)
                return None
            if len(_rows) >= MAX_USERS:
                _rows.clear()
            kept = _rows[user_id] = (now, row)
        # Each request gets its own copy: views may set attributes on request.user.
        return copy.copy(kept[1])


def _signed_with_a_fallback_key(raw_token):
    """A token signed with a key being rotated out, or already in, on another server
    (JWT_SIGNING_KEY_FALLBACKS; docs/deploy.md, "Rotating keys"); None if none signed it."""
    for key in settings.JWT_SIGNING_KEY_FALLBACKS:
        backend = TokenBackend(api_settings.ALGORITHM, key, leeway=api_settings.LEEWAY)
        try:
            backend.decode(raw_token, verify=True)  # signature and expiry
            token = AccessToken(raw_token, verify=False)
            token.verify()  # token type and the other claims
            return token
        except (TokenBackendError, TokenError):
            continue
    return None


def _newer(token_version, kept_version):
    # Versions only grow: a token from the future of the kept row proves the row is stale.
    return isinstance(token_version, int) and token_version > kept_version


class OptionalTokenAuthentication(TokenAuthentication):
    """For endpoints open to anonymous callers: a bad or stale token counts as no token
    rather than a 401 (the ride request form may be sent without one)."""

    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except Exception:
            return None
