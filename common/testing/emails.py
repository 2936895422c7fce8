"""An email builder for worker tests (common.mail's builder contract): one message that needs
no rows, so a test can queue it into any database with `manage.py shell`."""

from django.conf import settings
from django.core.mail import EmailMessage


def note_email(subject: str) -> EmailMessage:
    return EmailMessage(
        subject=subject,
        body="A note from the worker tests.",
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.SHOP_EMAIL],
    )
