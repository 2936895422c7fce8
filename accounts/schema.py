from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TokenAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "accounts.authentication.TokenAuthentication"
    match_subclasses = True
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "JWT",
            "description": "Token from /api/auth/login or /api/auth/register. Its payload holds "
            "userId, email, role, exp, iat and pwv; a token older than the user's last "
            "password change is refused with 401.",
        }
