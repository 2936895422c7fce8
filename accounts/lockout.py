"""How django-axes names who is failing to sign in to the Django admin."""

from typing import Any


def username(request: Any, credentials: Any) -> str | None:
    """One account whatever the case or spacing of the email typed."""
    value = (credentials or {}).get("username")
    if value is None:
        data = getattr(request, "POST", None) or {}
        value = data.get("username")
    return (value or "").strip().lower() or None
