"""Reads of the activity history (docs/api.md, Activity history): the filters of
GET /api/activity and the entries they select, newest first."""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from auditlog.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q, QuerySet

from activity.registry import BY_NAME, KINDS, model_of
from common.errors import InvalidInput
from common.querydates import query_date_range
from common.shoptime import day_start

MAX_ID = 2**63 - 1


@dataclass(frozen=True)
class ActivityFilters:
    entity: str | None = None
    entity_id: str | None = None
    person: int | None = None
    date_from: date | None = None
    date_to: date | None = None


def _refuse(name: str, message: str) -> None:
    raise InvalidInput(message, errors={name: [message]})


def _whole_number(raw: str, name: str) -> int:
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_ID:
        _refuse(name, f"{name} must be a whole number from 1.")
    return int(raw)


def _entity(params: Any) -> tuple[str | None, str | None]:
    entity = (params.get("entity") or "").strip() or None
    raw_id = (params.get("id") or "").strip() or None
    if entity is not None and entity not in BY_NAME:
        _refuse("entity", f"entity must be one of: {', '.join(kind.name for kind in KINDS)}.")
    if raw_id is None:
        return entity, None
    if entity is None:
        _refuse("id", "id needs entity: say what kind of record it names.")
    if entity == "category":
        # Categories are named by their slug (e.g. party-supplies).
        if len(raw_id) > 40:
            _refuse("id", "id must be a category id of at most 40 characters.")
        return entity, raw_id
    return entity, str(_whole_number(raw_id, "id"))


def parse_activity_filters(params: Any) -> ActivityFilters:
    """The query's filters; a bad one is a InvalidInput naming it."""
    entity, entity_id = _entity(params)
    raw_person = (params.get("person") or "").strip()
    person = _whole_number(raw_person, "person") if raw_person else None
    date_from, date_to = query_date_range(params)
    return ActivityFilters(entity, entity_id, person, date_from, date_to)


def _content_type(kind: str) -> ContentType:
    return ContentType.objects.get_for_model(model_of(BY_NAME[kind]))


def _of_entity(filters: ActivityFilters) -> Q:
    assert filters.entity is not None
    of_kind = Q(content_type=_content_type(filters.entity))
    if filters.entity_id is None:
        return of_kind
    of_row = of_kind & Q(object_pk=filters.entity_id)
    if filters.entity != "product":
        return of_row
    # A product's history holds its types' and images' entries too (activity/registry.py).
    parts = [_content_type("type"), _content_type("image")]
    return of_row | Q(content_type__in=parts, additional_data__productId=int(filters.entity_id))


def activity_list(*, filters: ActivityFilters) -> QuerySet[LogEntry]:
    """The entries the filters select, newest first (ties by id), with their person and
    kind in the same query: the query count does not grow with the page."""
    tracked = [_content_type(kind.name) for kind in KINDS]
    entries = LogEntry.objects.filter(content_type__in=tracked)
    if filters.entity is not None:
        entries = entries.filter(_of_entity(filters))
    if filters.person is not None:
        entries = entries.filter(actor_id=filters.person)
    if filters.date_from is not None:
        entries = entries.filter(timestamp__gte=day_start(filters.date_from))
    if filters.date_to is not None:
        entries = entries.filter(timestamp__lt=day_start(filters.date_to + timedelta(days=1)))
    return entries.select_related("actor", "content_type").order_by("-timestamp", "-id")
