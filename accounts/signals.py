from typing import Any

from axes.signals import user_locked_out
from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver

from accounts import limits
from common import metrics


@receiver(user_login_failed)
def count_failed_admin_sign_in(
    sender: Any, credentials: Any, request: Any = None, **kwargs: Any
) -> None:
    # Django admin failures count like the API's (accounts.limits); a sign-in refused by a
    # django-axes lock checked no password, so it is no guess.
    if request is None or getattr(request, "axes_locked_out", False):
        return
    limits.note_failed_sign_in(request)


@receiver(user_locked_out)
def count_admin_lock(sender: Any, request: Any = None, **kwargs: Any) -> None:
    metrics.admin_locked()
