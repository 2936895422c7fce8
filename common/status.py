"""Status changes of orders and rides: one way to move a record and write its event, and one
shape of log line for it. Call inside the caller's transaction, with the record's row
locked; the rules of which change is allowed stay with each domain's service."""


def _actor(actor):
    # An anonymous request has a user object without a row.
    return actor if getattr(actor, "pk", None) else None


def record_event(record, *, from_status, to_status, actor, **fields):
    """Write one event of `record` (its `events` relation), e.g. its creation."""
    return record.events.create(
        actor=_actor(actor), from_status=from_status, to_status=to_status, **fields
    )


def transition(record, *, to_status, actor, event_fields=None):
    """Move `record` to `to_status`, save it, and record the event. `event_fields(record)`
    (optional) gives the event's other fields, read after the status has moved. Returns the
    status it left."""
    from_status = record.status
    record.status = to_status
    record.save(update_fields=["status", "updated_at"])
    extra = event_fields(record) if event_fields else {}
    record_event(record, from_status=from_status, to_status=to_status, actor=actor, **extra)
    return from_status


def log_status_change(logger, message, *, from_status, to_status, actor, **ids):
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
