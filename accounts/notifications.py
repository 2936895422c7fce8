"""The password-reset email (a background task, common.mail).

The request queues this task whether or not the email has an account (docs/security.md,
"Password reset"): for no account the builder sends nothing. The link's token is made here,
in the worker, so it never sits in a task row or a request log.
"""

from urllib.parse import urlencode

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string

from accounts.models import User
from accounts.tokens import RESET_SECONDS, reset_token_for

RESET_SUBJECT = "Reset your password for {shop}"


def password_reset_email(user_id: int | None, origin: str) -> EmailMessage | None:
    user = User.objects.filter(pk=user_id, is_active=True).first() if user_id else None
    if user is None:
        return None
    link = f"{origin.rstrip('/')}/reset-password?{urlencode({'token': reset_token_for(user)})}"
    body = render_to_string(
        "accounts/email/password_reset.txt",
        {"user": user, "shop": settings.SHOP_NAME, "link": link, "minutes": RESET_SECONDS // 60},
    )
    return EmailMessage(
        subject=RESET_SUBJECT.format(shop=settings.SHOP_NAME), body=body, to=[user.email]
    )
