"""The byte-bounded LRU counts what its entries really hold, keys included."""

import gc
import tracemalloc

from common.lru import BytesLRU


def fill(lru, count):
    for n in range(count):
        # A 3.5 KB query value in the key, as a made-up `category` would bring.
        category = f"{n:05d}" + "c" * 3500
        lru.set(("products", 10**12 + n, category, "", "", 1, 12), b'{"products": []}')
        lru.set(("count", 10**12 + n, category, "", ""), 10**6 + n)


def test_the_counted_bytes_cover_what_the_entries_hold():
    lru = BytesLRU(1024 * 1024 * 1024)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        fill(lru, 1000)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()

    # Everything the entries keep is allocated by fill() and kept only by the cache.
    assert held > 3_500_000
    assert held <= lru.size


def test_the_counted_bytes_never_pass_the_bound():
    lru = BytesLRU(256 * 1024)

    fill(lru, 1000)

    assert lru.size <= 256 * 1024
    # The newest entries stay, the oldest made room.
    assert len(lru) < 2000
    assert lru.get(("count", 10**12 + 999, f"{999:05d}" + "c" * 3500, "", "")) == 10**6 + 999
    assert lru.get(("count", 10**12, f"{0:05d}" + "c" * 3500, "", "")) is None


def test_an_entry_larger_than_the_bound_is_not_kept():
    lru = BytesLRU(4096)

    lru.set(("search", "x" * 5000), b"{}")

    assert len(lru) == 0 and lru.size == 0
