"""The password-reset email (a background task, common.mail).

The request queues this task whether or not the email has an account (docs/security.md,
"Password reset"): for no account the builder sends nothing. The link's token is made here,
in the worker, so it never sits in a task row or a request log.
"""

from urllib.parse import urlencode

from django.conf import settings
from django.core.mail import EmailMessage

from accounts.models import User
from accounts.tokens import RESET_SECONDS, reset_token_for

RESET_SUBJECT = "Reset your password for {shop}"
RESET_BODY = """Hello{name},

Someone (we hope you) asked to reset the password of your {shop} account.
Choose a new password here:

{link}

The link works once, for {minutes} minutes. If you did not ask, ignore this email: your
password stays as it is.
"""


def password_reset_email(user_id, origin):
    user = User.objects.filter(pk=user_id, is_active=True).first() if user_id else None
    if user is None:
        return None
    link = f"{origin.rstrip('/')}/reset-password?{urlencode({'token': reset_token_for(user)})}"
    body = RESET_BODY.format(
        name=f" {user.name}" if user.name else "",
        shop=settings.SHOP_NAME,
        link=link,
        minutes=RESET_SECONDS // 60,
    )
    return EmailMessage(
        subject=RESET_SUBJECT.format(shop=settings.SHOP_NAME), body=body, to=[user.email]
    )
