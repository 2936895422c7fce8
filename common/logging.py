import json
import logging
from datetime import UTC, datetime

from common.observability import current_request_id

# Attributes every LogRecord has; anything else was passed through `extra=` and is logged.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per line, with the `extra=` fields of the call beside the message."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, tz=UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class RequestIdFilter(logging.Filter):
    """Every line logged while a request (or a task it queued) runs names that request,
    the tracebacks of django.request and of any other logger included
    (common.observability.request_context)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            request_id = current_request_id()
            if request_id:
                record.request_id = request_id
        return True
