"""The shapes of GET /api/activity (docs/api.md, Activity history) and the building of
its items from auditlog's entries."""

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from typing import Any

from auditlog.models import LogEntry
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.text import camel_case_to_spaces, capfirst
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from activity.context import SOURCES
from activity.registry import KIND_NAMES, KINDS, kind_of_model
from activity.services import OWN
from common.schema import PaginationSerializer
from common.shoptime import SHOP_TIME_ZONE

ACTIONS = {
    LogEntry.Action.CREATE: "created",
    LogEntry.Action.UPDATE: "changed",
    LogEntry.Action.DELETE: "deleted",
}
# Named in the schema by SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"] (config/settings/api.py).
ACTION_NAMES = tuple(ACTIONS.values())
ANY_VALUE = {
    "nullable": True,
    "description": "As stored: text, number (money as a number), true/false, a list, or null.",
}


class ActivityPersonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="Their name, or their email when they have none.")


@extend_schema_field(ANY_VALUE)
class AnyValueField(serializers.JSONField):
    pass


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}]})
class EntityIdField(serializers.JSONField):
    pass


# A field named like one of DRF's Field attributes (label, source) is a plain field here;
# the stubs see it as that attribute: hence the ignores below.


class ActivityChangeSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The field's API name, e.g. `price`.")
    label = serializers.CharField(help_text="Its human name, e.g. `Price`.")  # type: ignore[assignment]
    before = AnyValueField()
    after = AnyValueField()
    money = serializers.BooleanField(help_text="Whether before and after are amounts of money.")


class ActivityEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField(help_text="ISO 8601, on the shop's clock.")
    entity = serializers.ChoiceField(choices=KIND_NAMES)
    entityId = EntityIdField(help_text="A number; a category's is its slug.")
    label = serializers.CharField(help_text="The record's name when the entry was written.")  # type: ignore[assignment]
    action = serializers.ChoiceField(choices=ACTION_NAMES)
    person = ActivityPersonSerializer(
        allow_null=True, help_text="Null: a command or the shop's jobs."
    )
    source = serializers.ChoiceField(choices=SOURCES)  # type: ignore[assignment]
    command = serializers.CharField(allow_null=True, help_text="The manage.py command's name.")
    own = serializers.BooleanField(
        help_text="A person's change to their own account (their profile, closing it), "
        "still true once they are erased and `person` is null."
    )
    changes = ActivityChangeSerializer(many=True)


class ActivityKindSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="A value of `entity`.")
    label = serializers.CharField(help_text="e.g. `Products`: the filter's words.")  # type: ignore[assignment]


class ActivityPageSerializer(serializers.Serializer):
    entries = ActivityEntrySerializer(many=True)
    pagination = PaginationSerializer()
    kinds = ActivityKindSerializer(many=True, help_text="Every kind `entity` takes, in this order.")


def _api_name(field: str) -> str:
    head, *rest = field.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _value(model_field: models.Field | None, value: Any) -> Any:
    if isinstance(model_field, models.DecimalField) and isinstance(value, str):
        try:
            return Decimal(value)
        except InvalidOperation:
            return value
    return value


def _blank(value: Any) -> bool:
    return value is None or value == ""


def _changes(model: type[models.Model] | None, changes: Any) -> list[dict[str, Any]]:
    if not isinstance(changes, dict):
        return []
    items = []
    for field, (before, after) in sorted(changes.items()):
        if _blank(before) and _blank(after):
            continue  # a created or deleted row's empty fields
        model_field = _field(model, field)
        label = model_field.verbose_name if model_field else camel_case_to_spaces(field)
        items.append(
            {
                "field": _api_name(field),
                "label": capfirst(str(label)),
                "before": _value(model_field, before),
                "after": _value(model_field, after),
                "money": isinstance(model_field, models.DecimalField),
            }
        )
    return items


def _field(model: type[models.Model] | None, name: str) -> Any:
    try:
        return model._meta.get_field(name) if model is not None else None
    except FieldDoesNotExist:  # a field removed since the entry was written
        return None


def _person(entry: LogEntry) -> dict[str, Any] | None:
    actor = entry.actor
    if actor is None:
        return None
    return {"id": actor.pk, "name": getattr(actor, "name", "") or getattr(actor, "email", "")}


def _own(entry: LogEntry, kind: Any, data: dict[str, Any]) -> bool:
    if data.get(OWN):
        return True
    return kind is not None and kind.name == "user" and str(entry.actor_id) == entry.object_pk


def entry_item(entry: LogEntry) -> dict[str, Any]:
    model = entry.content_type.model_class()
    kind = kind_of_model(model) if model is not None else None
    data = entry.additional_data if isinstance(entry.additional_data, dict) else {}
    return {
        "id": entry.pk,
        "at": entry.timestamp.astimezone(SHOP_TIME_ZONE).isoformat(),
        "entity": kind.name if kind else entry.content_type.model,
        "entityId": entry.object_id if entry.object_id is not None else entry.object_pk,
        "label": entry.object_repr,
        "action": ACTIONS.get(entry.action, "changed"),
        "person": _person(entry),
        "source": data.get("source", "system"),
        "command": data.get("command"),
        "own": _own(entry, kind, data),
        "changes": _changes(model, entry.changes),
    }


def entry_items(entries: Iterable[LogEntry]) -> list[dict[str, Any]]:
    return [entry_item(entry) for entry in entries]


def kinds() -> list[dict[str, str]]:
    return [{"id": kind.name, "label": kind.label_plural} for kind in KINDS]
