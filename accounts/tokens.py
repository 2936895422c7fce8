from typing import Any

from django.core import signing
from rest_framework_simplejwt.tokens import AccessToken


def token_for(user: Any) -> str:
    """Signed session token; the React app reads userId, email, role and exp from it."""
    token = AccessToken.for_user(user)
    token["userId"] = user.pk  # simplejwt writes it as a string; the app compares numbers
    token["email"] = user.email
    token["role"] = str(user.role)
    token["name"] = user.name
    token["pwv"] = user.password_version
    return str(token)


# A reset link is good for an hour and once: it names the password version it was made
# for, and setting the new password raises that version (so do every other password
# change and an erased account's), which voids it.
RESET_SALT = "accounts.password-reset"
RESET_SECONDS = 3600


def reset_token_for(user: Any) -> str:
    return signing.dumps([user.pk, user.password_version], salt=RESET_SALT)


def reset_token_claims(token: str) -> tuple[int, int] | None:
    """(user id, password version) of a well-signed token under an hour old, or None."""
    try:
        user_id, version = signing.loads(token, salt=RESET_SALT, max_age=RESET_SECONDS)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or not isinstance(version, int):
        return None
    return user_id, version
