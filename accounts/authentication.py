"""Bearer tokens whose user is read on every request.

The signed token says who the caller is; whether the token is still good needs the user's
row as it is now: the `pwv` claim must match the user's current password version (a password
change signs out every session opened with the old password) and the user must still be
active. The row is read afresh on each request (one query by primary key), so a password
change, a deactivation, a role change or a saved profile is seen by the next request on
every process and server.
"""

from typing import Any

from django.conf import settings
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.backends import TokenBackend
from rest_framework_simplejwt.exceptions import (
    AuthenticationFailed,
    InvalidToken,
    TokenBackendError,
    TokenError,
)
from rest_framework_simplejwt.settings import api_settings
from rest_framework_simplejwt.tokens import AccessToken, Token


class TokenAuthentication(JWTAuthentication):
    """Bearer JWT whose `pwv` must match the user's current password version."""

    def get_validated_token(self, raw_token: bytes) -> Token:
        try:
            return super().get_validated_token(raw_token)
        except InvalidToken:
            token = _signed_with_a_fallback_key(raw_token)
            if token is None:
                raise
            return token

    def get_user(self, validated_token: Token) -> Any:
        # simplejwt's: the row by the token's user id (refused if gone or inactive).
        user: Any = super().get_user(validated_token)
        if validated_token.get("pwv") != user.password_version:
            raise AuthenticationFailed(
                "Token was issued before a password change.", code="token_revoked"
            )
        return user


def _signed_with_a_fallback_key(raw_token: bytes) -> AccessToken | None:
    """A token signed with a key being rotated out, or already in, on another server
    (JWT_SIGNING_KEY_FALLBACKS; docs/deploy.md, "Rotating keys"); None if none signed it."""
    for key in settings.JWT_SIGNING_KEY_FALLBACKS:
        backend = TokenBackend(api_settings.ALGORITHM, key, leeway=api_settings.LEEWAY)
        try:
            backend.decode(raw_token, verify=True)  # type: ignore[arg-type]
            token = AccessToken(raw_token, verify=False)  # type: ignore[arg-type]
            token.verify()  # token type and the other claims
            return token
        except (TokenBackendError, TokenError):
            continue
    return None


class OptionalTokenAuthentication(TokenAuthentication):
    """For endpoints open to anonymous callers: a bad or stale token counts as no token
    rather than a 401 (the ride request form may be sent without one)."""

    def authenticate(self, request: Any) -> Any:
        try:
            return super().authenticate(request)
        except Exception:
            return None
