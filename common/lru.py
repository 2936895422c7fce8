"""A small thread-safe least-recently-used map bounded by the bytes it holds."""

import sys
import threading
from collections import OrderedDict


class BytesLRU:
    """Values are bytes (their length counts) or small objects (a fixed cost each)."""

    SMALL = 64

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self._items = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @classmethod
    def _cost(cls, key, value):
        data = len(value) if isinstance(value, bytes | bytearray) else cls.SMALL
        return data + sys.getsizeof(key)

    def get(self, key, default=None):
        with self._lock:
            try:
                value = self._items[key]
            except KeyError:
                return default
            self._items.move_to_end(key)
            return value

    def set(self, key, value):
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

    def get_or_set(self, key, build):
        """The cached value, or build() stored and returned. Two threads missing at once
        both build: cheaper than making every reader wait on a lock."""
        value = self.get(key)
        if value is None:
            value = build()
            self.set(key, value)
        return value

    def clear(self):
        with self._lock:
            self._items.clear()
            self._size = 0

    def __len__(self):
        return len(self._items)
