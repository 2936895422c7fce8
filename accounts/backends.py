from typing import Any

from django.contrib.auth.backends import ModelBackend

from accounts.services import note_password_strength


class PasswordAuditBackend(ModelBackend):
    """Django's email-and-password sign-in (the Django admin), which also judges the
    password against today's rules while its plaintext is at hand (`manage.py
    weak_passwords`)."""

    def authenticate(
        self,
        request: Any,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None and password:
            note_password_strength(user, password)
        return user
