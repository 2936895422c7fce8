"""Password hashing with its share of the machine, no more.

Every hash and every check of one (sign-in, the dummy hash for an unknown password,
registration, password changes, the Django admin) goes through the hashers below, named in
settings.PASSWORD_HASHERS. Each server process runs at most SIGN_IN_HASH_CONCURRENCY of them
at once, on threads of its own at a lower CPU priority (Linux keeps a nice value per thread),
so a flood of wrong sign-ins waits for the CPU that catalog reads leave over instead of
taking it from them. At most SIGN_IN_HASH_QUEUE more callers wait, each at most
SIGN_IN_HASH_WAIT_SECONDS; any other caller gets a 503 with Retry-After at once, so sign-in
never holds more of a process's request threads than that. docs/performance.md has figures.
"""

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as WaitedTooLong
from typing import Any

from django.conf import settings
from django.contrib.auth import hashers

from common.errors import Unavailable

SIGN_IN_BUSY = "Sign-in is busy right now. Please try again in a few seconds."
# Linux's lowest priority (CFS weight 15 against a request thread's 1024): hashing runs on
# the CPU time requests leave over; under a flood it waits, and past SIGN_IN_HASH_WAIT_SECONDS
# the caller gets a 503 (docs/performance.md, "Sign-in under a flood").
HASH_NICE = 19


class SignInBusy(Unavailable):
    def __init__(self, message: str) -> None:
        super().__init__(message, retry_after=2)


def _lower_priority() -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASH_NICE)
    except (AttributeError, OSError):
        pass  # not Linux: the concurrency bound alone


class HashGate:
    def __init__(self, concurrency: int, queue: int) -> None:
        self.pool = ThreadPoolExecutor(
            concurrency, thread_name_prefix="password-hash", initializer=_lower_priority
        )
        self.seats = threading.BoundedSemaphore(concurrency + queue)

    def run(self, work: Callable[..., Any], *args: Any) -> Any:
        if not self.seats.acquire(blocking=False):
            raise SignInBusy(SIGN_IN_BUSY)
        try:
            job = self.pool.submit(work, *args)
            try:
                return job.result(timeout=settings.SIGN_IN_HASH_WAIT_SECONDS)
            except WaitedTooLong:
                if job.cancel():
                    raise SignInBusy(SIGN_IN_BUSY)
                return job.result()  # already hashing: it ends within one hash's time
        finally:
            self.seats.release()


_gates: dict[tuple[int, int, int], HashGate] = {}
_gates_lock = threading.Lock()


def gate() -> HashGate:
    """This process's gate (a forked gunicorn worker makes its own threads)."""
    shape = (os.getpid(), settings.SIGN_IN_HASH_CONCURRENCY, settings.SIGN_IN_HASH_QUEUE)
    found = _gates.get(shape)
    if found is None:
        with _gates_lock:
            found = _gates.setdefault(shape, HashGate(*shape[1:]))
    return found


def _bounded(work: Callable[..., Any], *args: Any) -> Any:
    if settings.SIGN_IN_HASH_CONCURRENCY <= 0:
        return work(*args)
    return gate().run(work, *args)


class BoundedHashing:
    def encode(self, password: str, salt: str) -> str:
        return _bounded(super().encode, password, salt)  # type: ignore[misc]

    def verify(self, password: str, encoded: str) -> bool:
        return _bounded(super().verify, password, encoded)  # type: ignore[misc]


class Argon2PasswordHasher(BoundedHashing, hashers.Argon2PasswordHasher):
    pass


# PBKDF2's encode also takes the iterations; the bound passes what Django gives it.
class PBKDF2PasswordHasher(BoundedHashing, hashers.PBKDF2PasswordHasher):  # type: ignore[misc]
    pass
