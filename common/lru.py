"""A small thread-safe least-recently-used map bounded by the bytes it holds."""

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any


def _sizeof(value: Any) -> int:
    """Bytes an object takes with the tuples, lists and sets it holds and their items.
    Shared objects (a category string in three keys, small ints) count at each use: the
    bound errs on the safe side."""
    size = sys.getsizeof(value)
    if isinstance(value, tuple | list | set | frozenset):
        size += sum(_sizeof(item) for item in value)
    return size


class BytesLRU:
    """Every byte an entry keeps counts against max_bytes: its key with the strings in it
    (a 3.5 KB query value is 3.5 KB), its value, and the map's own node per entry."""

    # Measured with tracemalloc: an OrderedDict entry costs about 105 bytes besides its
    # key and value (hash slot, entry, linked-list node).
    ENTRY = 112

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @classmethod
    def _cost(cls, key: Any, value: Any) -> int:
        return cls.ENTRY + _sizeof(key) + _sizeof(value)

    def get(self, key: Any, default: Any = None) -> Any:
        with self._lock:
            try:
                value = self._items[key]
            except KeyError:
                return default
            self._items.move_to_end(key)
            return value

    def set(self, key: Any, value: Any) -> None:
        cost = self._cost(key, value)
        if cost > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= self._cost(key, old)
            self._items[key] = value
            self._size += cost
            while self._size > self.max_bytes:
                old_key, old_value = self._items.popitem(last=False)
                self._size -= self._cost(old_key, old_value)

    def get_or_set(self, key: Any, build: Callable[[], Any]) -> Any:
        """The cached value, or build() stored and returned. Two threads missing at once
        both build: cheaper than making every reader wait on a lock."""
        value = self.get(key)
        if value is None:
            value = build()
            self.set(key, value)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._size = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size(self) -> int:
        """The bytes counted for what is kept now (never above max_bytes)."""
        return self._size
