"""The real task worker, run in the test process until its queue is empty."""

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from typing import Any

from django.core.management import call_command


@contextmanager
def _signals_kept() -> Iterator[None]:
    # The worker installs its own SIGINT/SIGTERM handlers; give pytest its own back.
    names = [signal.SIGINT, signal.SIGTERM, signal.SIGQUIT]
    saved = {sig: signal.getsignal(sig) for sig in names}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def run_worker(**options: Any) -> None:
    """The real worker command, in this process, until the queue is empty (batch)."""
    options = {"batch": True, "reload": False, "startup_delay": False, "interval": 0.05, **options}
    with _signals_kept():
        call_command("run_worker", stdout=StringIO(), **options)
