"""Every email leaves through a background task, never inside a request.

A mail server that is slow or down must never slow, fail or roll back what the customer
did, so a service only records *that* an email is due; a worker process
(`manage.py run_worker`, started by `make run` beside gunicorn) builds and sends it.

Adding an email is one function and one call:

1. In the app's notifications.py, write a builder that takes JSON-friendly arguments
   (ids, not model instances: the task row stores them) and returns one
   `EmailMessage`, or None when there is nothing to send any more::

       def order_completed_email(order_id):
           order = Order.objects.filter(pk=order_id).first()
           if order is None:
               return None
           body = render_to_string("orders/email/completed.txt", {"order": order})
           return EmailMessage(subject=..., body=body, to=[order.user.email])

   The body is a plain-text Django template in the app's templates/<app>/email/, wrapped in
   `{% autoescape off %}` (a name with & or < is written as typed) and ending at
   `{% endautoescape %}` with nothing after it (a newline there would end the body too).
   `{% load emails %}` gives the `money` filter (common/templatetags/emails.py).

2. In the service, inside its transaction, name the builder by its dotted path::

       send_email_later("orders.notifications.order_completed_email", order.pk)

   With the embedded database queue (django-tasks-db) the task row is written inside
   that same transaction: it commits with the change, and only then does the worker see
   it, or it vanishes with a rollback. No email can be lost between the commit and the
   enqueue, and a rolled-back change never sends mail. A queue elsewhere (Redis, another
   engine) is given the task once the transaction commits (transaction.on_commit). Either
   way the request never waits on the mail server.

The worker sends each email in its own task, so a failed shop alert never re-sends the
customer's confirmation. A failed send is retried with exponential backoff
(`EMAIL_RETRY_DELAY` seconds, doubled each time) up to `EMAIL_MAX_ATTEMPTS` attempts:
the failed attempt stays in the admin (Tasks Database Backend > Task results) as FAILED
with the error "Attempt 1 of 5 failed (...); attempt 2 runs after ...", next to the attempt that replaces it; the
last attempt's failure is the mail server's own error. django-tasks has no retry of its
own, hence the re-enqueue with `run_after` here. Backends that cannot defer a task (the
immediate backend the tests use) get no retry: the failure is logged and recorded. A
planned retry logs a warning; only the last attempt's failure logs an error.

The worker (`manage.py run_worker`, common/worker.py) runs a task again when its worker was
killed before recording the result, so an email may in rare cases go twice, never zero
times.
"""

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from django_tasks import task
from django_tasks_db.backend import DatabaseBackend

from common.observability import current_request_id, in_request_context

logger = logging.getLogger("shop.mail")


class RetryScheduled(Exception):
    """This attempt failed and a later one is queued: the admin shows this as the error."""


def retry_delay(attempt: int) -> int:
    """Seconds to wait after failed attempt number `attempt` (1, 2, ...)."""
    return settings.EMAIL_RETRY_DELAY * 2 ** (attempt - 1)


class PlannedRetryAsWarning(logging.Filter):
    """django-tasks logs every failed task as an error. An attempt that queued its retry is
    a warning (the mail server may well be back in time); only the last attempt's failure
    stays an error. Listed before TaskFailureClassOnly, which drops the exception."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, RetryScheduled):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


@task(takes_context=True)
# The worker's lines of this email carry the id of the request that queued it.
@in_request_context
def send_email(context: Any, builder: str, args: list[Any], attempt: int = 1) -> dict[str, Any]:
    kind = builder.rsplit(".", 1)[-1]
    try:
        # The builder reads the database: a database blip is a failed attempt like a mail
        # server's, retried, rather than a task recorded FAILED for good.
        message = import_string(builder)(*args)
        if message is None:
            return {"sent": False, "reason": "nothing to send"}
        message.send()
    except Exception as exc:
        # Only the kind, ids and the error class: messages hold names and addresses.
        log = {"email": kind, "ids": args, "attempt": attempt, "error": exc.__class__.__name__}
        backend = send_email.get_backend()
        if attempt >= settings.EMAIL_MAX_ATTEMPTS or not backend.supports_defer:
            logger.error("email failed", extra=log)
            raise
        run_after = timezone.now() + timedelta(seconds=retry_delay(attempt))
        send_email.using(run_after=run_after).enqueue(
            builder, args, attempt=attempt + 1, request_id=current_request_id()
        )
        logger.warning("email failed, retry scheduled", extra=log)
        raise RetryScheduled(
            f"Attempt {attempt} of {settings.EMAIL_MAX_ATTEMPTS} failed "
            f"({exc.__class__.__name__}: {exc}); attempt {attempt + 1} runs after "
            f"{run_after.isoformat(timespec='seconds')}."
        ) from exc
    return {"sent": True, "email": kind, "attempt": attempt}


def _enqueue(builder: str, args: list[Any], request_id: str | None) -> None:
    try:
        send_email.enqueue(builder, args, request_id=request_id)
    except Exception as exc:
        # The change is committed already; losing one email beats failing the request.
        logger.error("email not queued", extra={"email": builder, "error": exc.__class__.__name__})


def send_email_later(builder: str, *args: Any) -> None:
    """Queue the email `builder(*args)` for when the current transaction commits."""
    arguments = list(args)
    request_id = current_request_id()
    if isinstance(send_email.get_backend(), DatabaseBackend):
        # In the change's own transaction (see above).
        send_email.enqueue(builder, arguments, request_id=request_id)
    else:
        transaction.on_commit(lambda: _enqueue(builder, arguments, request_id))
