"""Password hashing with its share of the machine, no more, in the request's own thread.

Every hash and every check of one (sign-in, the dummy hash for an unknown password,
registration, password changes, the Django admin) goes through the hashers below, named in
settings.PASSWORD_HASHERS. Each server process runs at most SIGN_IN_HASH_CONCURRENCY of them
at once per lane, bounded by a semaphore: no thread of its own (a web process runs none).
At most SIGN_IN_HASH_QUEUE more callers of a lane wait, each at most
SIGN_IN_HASH_WAIT_SECONDS; any other caller gets a 503 with Retry-After at once, so hashing
never holds more of a process's request threads than that.

Three lanes, each with its own bound (accounts/limits.py picks one per request): a browser
whose device cookie names the account hashes in the "known" lane, one that solved a sign-in
challenge in the "proven" lane, everyone else in the "other" one; so a flood of strangers'
guesses never makes a returning customer, or one who paid the challenge, wait behind it. A
caller of the other lane that may be challenged instead (`may_challenge`) does not queue:
when no seat is free at once it gets NoSeatNow, and the API asks it to solve a challenge
(docs/performance.md, "Sign-in under a flood").
"""

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.contrib.auth import hashers

from common.errors import Unavailable

SIGN_IN_BUSY = "Sign-in is busy right now. Please try again in a few seconds."
KNOWN, PROVEN, OTHER = "known", "proven", "other"

_lane: ContextVar[tuple[str, bool]] = ContextVar("password_hash_lane", default=(OTHER, False))
# A hasher's verify may call its own encode (PBKDF2's does): the seat is already held.
_seated: ContextVar[bool] = ContextVar("password_hash_seated", default=False)


class SignInBusy(Unavailable):
    def __init__(self, message: str) -> None:
        super().__init__(message, retry_after=2)


class NoSeatNow(SignInBusy):
    """No hashing seat free at once for a caller that may be challenged instead."""


class HashGate:
    """`concurrency` hashes at once; `queue` more callers may wait for one."""

    def __init__(self, concurrency: int, queue: int) -> None:
        self.running = threading.BoundedSemaphore(concurrency)
        self.seats = threading.BoundedSemaphore(concurrency + queue)

    def run(self, work: Callable[..., Any], *args: Any, wait: bool = True) -> Any:
        """work(*args) in a seat; `wait` False: only if one is free at once (NoSeatNow)."""
        if not self.seats.acquire(blocking=False):
            raise SignInBusy(SIGN_IN_BUSY) if wait else NoSeatNow(SIGN_IN_BUSY)
        try:
            if not wait and not self.running.acquire(blocking=False):
                raise NoSeatNow(SIGN_IN_BUSY)
            if wait and not self.running.acquire(timeout=settings.SIGN_IN_HASH_WAIT_SECONDS):
                raise SignInBusy(SIGN_IN_BUSY)
            seated = _seated.set(True)
            try:
                return work(*args)
            finally:
                _seated.reset(seated)
                self.running.release()
        finally:
            self.seats.release()


_gates: dict[tuple[str, int, int], HashGate] = {}
_gates_lock = threading.Lock()


def gate(lane: str) -> HashGate:
    """This process's gate for a lane (made on first use, after gunicorn forked)."""
    shape = (lane, settings.SIGN_IN_HASH_CONCURRENCY, settings.SIGN_IN_HASH_QUEUE)
    found = _gates.get(shape)
    if found is None:
        with _gates_lock:
            found = _gates.setdefault(shape, HashGate(*shape[1:]))
    return found


@contextmanager
def lane(name: str, *, may_challenge: bool = False) -> Iterator[None]:
    """Hashes inside run in lane `name`; in the other lane, a caller that `may_challenge`
    gets NoSeatNow rather than waiting."""
    token = _lane.set((name, may_challenge and name == OTHER))
    try:
        yield
    finally:
        _lane.reset(token)


def _bounded(work: Callable[..., Any], *args: Any) -> Any:
    if settings.SIGN_IN_HASH_CONCURRENCY <= 0 or _seated.get():
        return work(*args)
    name, no_wait = _lane.get()
    return gate(name).run(work, *args, wait=not no_wait)


class BoundedHashing:
    def encode(self, password: str, salt: str, *more: Any) -> str:
        # PBKDF2's verify passes its iterations too.
        return _bounded(super().encode, password, salt, *more)  # type: ignore[misc]

    def verify(self, password: str, encoded: str) -> bool:
        return _bounded(super().verify, password, encoded)  # type: ignore[misc]


class Argon2PasswordHasher(BoundedHashing, hashers.Argon2PasswordHasher):
    pass


class PBKDF2PasswordHasher(BoundedHashing, hashers.PBKDF2PasswordHasher):
    pass
