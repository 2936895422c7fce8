"""Status changes of orders and rides: one way to move a record and write its event, and one
shape of log line for it. Call inside the caller's transaction, with the record's row
locked. Which change is allowed is each domain's transition table, beside its model
(orders.models.ORDER_TRANSITIONS, rides.models.RIDE_TRANSITIONS): `transition` enforces it
and the domain's selector serves the same table to the client (GET /api/shop/info)."""

from collections.abc import Callable, Collection, Mapping
from logging import Logger
from typing import Any, TypeVar

from django.db import models

from common.errors import Conflict

# A domain's status choices (OrderStatus, RideStatus).
S = TypeVar("S", bound=str)


def _actor(actor: Any) -> Any:
    # An anonymous request has a user object without a row.
    return actor if getattr(actor, "pk", None) else None


def record_event(
    record: Any, *, from_status: str, to_status: str, actor: Any, **fields: Any
) -> models.Model:
    """Write one event of `record` (its `events` relation, e.g. Order.events), e.g. its
    creation."""
    event: models.Model = record.events.create(
        actor=_actor(actor), from_status=from_status, to_status=to_status, **fields
    )
    return event


def transition(
    record: Any,
    *,
    to_status: S,
    actor: Any,
    allowed: Mapping[S, Collection[S]],
    refusal: Callable[[str, str], str],
    event_fields: Callable[[Any], dict[str, Any]] | None = None,
) -> str:
    """Move `record` to `to_status`, save it, and record the event. Returns the status it left.

    `allowed` is the domain's table, {status: the statuses a record in it may move to}; a
    move it does not list is a Conflict worded by `refusal(from_status, to_status)`, and
    nothing changes. `event_fields(record)` (optional) gives the event's other fields, read
    after the status has moved."""
    from_status = record.status
    if to_status not in allowed[from_status]:
        raise Conflict(refusal(from_status, to_status))
    record.status = to_status
    record.save(update_fields=["status", "updated_at"])
    extra = event_fields(record) if event_fields else {}
    record_event(record, from_status=from_status, to_status=to_status, actor=actor, **extra)
    return from_status


def log_status_change(
    logger: Logger, message: str, *, from_status: str, to_status: str, actor: Any, **ids: Any
) -> None:
    """One log line per change: ids and statuses only, never names, addresses or phones."""
    logger.info(
        message,
        extra={
            **ids,
            "from_status": str(from_status) if from_status else None,
            "to_status": str(to_status),
            "actor_id": getattr(actor, "pk", None),
        },
    )
