"""A person's data that other apps keep (orders, ride requests), reached without accounts
importing them: each such app connects its receivers to these signals in its
AppConfig.ready (orders/apps.py, rides/apps.py).

- person_erasing(user): sent inside accounts.people.user_erase's transaction, the user's
  row locked; a receiver erases or anonymizes what its app keeps about that person, and a
  failure rolls the whole erasure back.
- person_exporting(user): sent by accounts.selectors.user_export (GET /api/auth/me/export);
  a receiver returns {key of the export: JSON-ready value}.
"""

from typing import Any, cast

from django.dispatch import Signal

from accounts.models import User

person_erasing = Signal()
person_exporting = Signal()


def erase_elsewhere(user: User) -> None:
    person_erasing.send(sender=User, user=user)


def exported_elsewhere(user: User) -> dict[str, Any]:
    parts: dict[str, Any] = {}
    for _receiver, part in person_exporting.send(sender=User, user=user):
        parts.update(cast(dict[str, Any], part))
    return parts
