"""Logging filters for libraries whose log lines say too much or too loudly.

A cache (Redis) that is down degrades the shop, it never breaks it: django-redis is
configured to ignore connection errors (settings: IGNORE_EXCEPTIONS), so a read is a miss
and a write is dropped; throttles then count in each process (common.throttles). It logs each ignored error with
logger.exception on "shop.cache"; OutageAsWarning turns that into one warning line.
"""

import logging


class OutageAsWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            cause = error.__cause__ or error
            record.msg = "cache unavailable, continuing without it"
            record.args = ()
            record.error = cause.__class__.__name__
            record.exc_info = None
            record.exc_text = None
        record.levelno = logging.WARNING
        record.levelname = "WARNING"
        return True


class TaskFailureClassOnly(logging.Filter):
    """django-tasks logs a failed task with its traceback, whose message may hold email
    addresses (an SMTP server refusing a recipient names it). Keep the line and the error
    class; the full traceback stays in the task's row, which only staff see in the admin."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            record.error = record.exc_info[1].__class__.__name__
            record.exc_info = None
            record.exc_text = None
        return True
