from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import AuthenticationFailed


class TokenAuthentication(JWTAuthentication):
    """Bearer JWT whose `pwv` must match the user's current password version, so a
    password change signs out every session opened with the old password."""

    def get_user(self, validated_token):
        user = super().get_user(validated_token)
        if validated_token.get("pwv") != user.password_version:
            raise AuthenticationFailed("Token was issued before a password change.", code="token_revoked")
        return user


class OptionalTokenAuthentication(TokenAuthentication):
    """For endpoints open to anonymous callers: a bad or stale token counts as no token
    rather than a 401 (the spec's ride form sends none at all)."""

    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except Exception:
            return None
