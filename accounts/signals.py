from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver

from common.throttles import note_failed_sign_in


@receiver(user_login_failed)
def count_failed_admin_sign_in(sender, credentials, request=None, **kwargs):
    # Django admin failures count toward the shop-wide ceiling too (common.throttles).
    note_failed_sign_in()
