"""Writes of the activity history that its signals cannot see (docs/api.md, Activity history):
rows created or changed in bulk, and a person's erasure."""

from collections.abc import Iterable, Sequence
from datetime import timedelta

from auditlog.diff import model_instance_diff
from auditlog.models import LogEntry
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import models

from activity.registry import kind_of_model, subject_set

ERASED = "(erased)"
ERASED_LABEL = "Deleted user"
# additional_data's mark of an entry a person made about their own account.
OWN = "own"
# What an entry about a user row may hold of the person: scrubbed when they are erased.
PERSONAL_FIELDS = frozenset({"email", "name", "phone", "delivery_address", "delivery_zip"})


def _log(row: models.Model, *, action: int, changes: dict[str, object] | None) -> None:
    if changes and kind_of_model(type(row)) is not None:
        subject_set(row)
        LogEntry.objects.log_create(row, action=action, changes=changes)


def _json() -> bool:
    return bool(settings.AUDITLOG_STORE_JSON_CHANGES)


def activity_record_created(rows: Iterable[models.Model]) -> None:
    """An entry for each row a bulk_create wrote (their primary keys set)."""
    for row in rows:
        changes = model_instance_diff(None, row, use_json_for_changes=_json())
        _log(row, action=LogEntry.Action.CREATE, changes=changes)


def activity_record_changed(pairs: Sequence[tuple[models.Model, models.Model]]) -> None:
    """An entry for each (before, after) pair of rows a bulk_update wrote."""
    for old, new in pairs:
        changes = model_instance_diff(old, new, use_json_for_changes=_json())
        _log(new, action=LogEntry.Action.UPDATE, changes=changes)


def _scrubbed(changes: object) -> object:
    if not isinstance(changes, dict):
        return changes
    return {
        field: [ERASED, ERASED] if field in PERSONAL_FIELDS else values
        for field, values in changes.items()
    }


def activity_forget_person(*, user_id: int) -> None:
    """Called by accounts.people.user_erase in its transaction: the entries about the
    user's row keep what changed (an admin flag, the account closed) but not their name,
    email, phone or address; the entries they made keep the change but no longer name
    them."""
    user_type = ContentType.objects.get_for_model(get_user_model())
    about = list(LogEntry.objects.filter(content_type=user_type, object_pk=str(user_id)))
    for entry in about:
        if entry.actor_id == user_id:
            # Their own doing (a profile edit, closing the account): still said once they
            # are no longer named.
            entry.additional_data = {**(entry.additional_data or {}), OWN: True}
        entry.object_repr = ERASED_LABEL
        entry.changes = _scrubbed(entry.changes)
        entry.changes_text = ""
        entry.serialized_data = None
        entry.actor_email = None
    LogEntry.objects.bulk_update(
        about,
        [
            "object_repr",
            "changes",
            "changes_text",
            "serialized_data",
            "actor_email",
            "additional_data",
        ],
    )
    LogEntry.objects.filter(actor_id=user_id).update(actor=None, actor_email=None)


def activity_merge_own_edits(row: models.Model, *, person_id: int, within: timedelta) -> None:
    """Fold the newest entry about `row` into the one before it when both are `person_id`'s
    own edits and the newer came within `within` of the older one's time: a burst of a
    customer's profile saves is one entry (each field from its first before to its last
    after, at the burst's first time), so no one floods the owner's history. Call right
    after the save that wrote the newest entry, in its transaction."""
    content_type = ContentType.objects.get_for_model(row, for_concrete_model=False)
    entries = list(
        LogEntry.objects.select_for_update()
        .filter(content_type=content_type, object_pk=str(row.pk))
        .order_by("-timestamp", "-pk")[:2]
    )
    if len(entries) < 2:
        return
    newest, earlier = entries
    own = all(
        entry.action == LogEntry.Action.UPDATE and entry.actor_id == person_id for entry in entries
    )
    if not own or newest.timestamp - earlier.timestamp > within:
        return
    merged = dict(earlier.changes or {})
    for field, (before, after) in dict(newest.changes or {}).items():
        merged[field] = [merged[field][0], after] if field in merged else [before, after]
    earlier.changes = merged
    earlier.changes_text = ""
    earlier.save(update_fields=["changes", "changes_text"])
    newest.delete()
