from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db.models import Count

from accounts.models import User
from accounts.passwords import key_id


class Command(BaseCommand):
    help = (
        "Count users per password-digest key, to know when an old key can be dropped from "
        "PASSWORD_DIGEST_OLD_KEYS (docs/deploy.md, 'Rotating keys'). Keys are named by a "
        "fingerprint, never printed."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        counts = dict(
            User.objects.exclude(password_digest=None)
            .values_list("password_digest_key")
            .annotate(users=Count("pk"))
        )
        keys = [("PASSWORD_DIGEST_KEY (current)", key_id())] + [
            (f"PASSWORD_DIGEST_OLD_KEYS #{n}", key_id(key))
            for n, key in enumerate(settings.PASSWORD_DIGEST_OLD_KEYS, start=1)
        ]
        for label, fingerprint in keys:
            self.stdout.write(f"{label} {fingerprint}: {counts.pop(fingerprint, 0)} user(s)")
        unknown = counts.pop("", 0)
        if unknown:
            self.stdout.write(
                f"made before keys were recorded: {unknown} user(s) "
                "(re-keyed and recorded at their next sign-in)"
            )
        other = sum(counts.values())
        if other:
            self.stdout.write(f"under a key no longer configured: {other} user(s)")
