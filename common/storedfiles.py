"""One lifecycle for stored files (product and hero images) around the writes that use them.

A file is stored before the transaction (checking and re-encoding is CPU work that must
not hold a row lock). If the write then fails, the files it stored are removed again; files
a committed change no longer uses are removed only after the commit, so a rollback never
loses a picture. Stored names are content hashes that several rows may share, so a file is
removed only when `in_use(path)` says no row names it any more."""

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.core.files.storage import Storage, storages
from django.db import transaction

from common.images import delete_stored

logger = logging.getLogger("shop.files")

# Files only the app hands out, to whoever it lets (e.g. orders exports): never served at
# MEDIA_URL (common.views.serve_media refuses the folder).
PRIVATE_DIR = "private"


def private_storage() -> Storage:
    """The default storage for PRIVATE_DIR's files: on S3 with a private ACL whatever
    AWS_DEFAULT_ACL says (a public bucket policy must leave `private/` out: docs/deploy.md)."""
    config = settings.STORAGES["default"]
    options = dict(config.get("OPTIONS", {}))
    if "default_acl" in options:
        options.update(default_acl="private", object_parameters={})
    return storages.create_storage({**config, "OPTIONS": options})


def discard_unused(paths: Iterable[str | None], *, in_use: Callable[[str], bool]) -> None:
    """Remove the files no row uses; a storage hiccup is logged, never raised (it must not
    turn a committed change, or the error being reported, into a 500)."""
    for path in sorted(set(filter(None, paths))):
        if in_use(path):
            continue
        try:
            delete_stored(path)
        except Exception:
            logger.exception("could not delete stored file", extra={"path": path})


def delete_after_commit(paths: Iterable[str | None], *, in_use: Callable[[str], bool]) -> None:
    """Remove these files once the caller's transaction commits, if no row uses them then."""
    stored = list(filter(None, paths))
    if stored:
        transaction.on_commit(lambda: discard_unused(stored, in_use=in_use))


def store_each(
    items: Iterable[Any],
    store: Callable[[Any], Any],
    *,
    in_use: Callable[[str], bool],
    paths_of: Callable[[Any], Iterable[str | None]],
) -> list[Any]:
    """`store(item)` for each item, in order; if one fails, the ones stored are removed."""
    stored = []
    try:
        for item in items:
            stored.append(store(item))
    except Exception:
        discard_unused(paths_of(stored), in_use=in_use)
        raise
    return stored


@contextmanager
def written_or_discarded(
    paths: Iterable[str | None], *, in_use: Callable[[str], bool]
) -> Iterator[None]:
    """Run the write that uses freshly stored `paths` inside one transaction; if it fails,
    the files go again (unless an older row already used the same content)."""
    try:
        with transaction.atomic():
            yield
    except BaseException:
        discard_unused(paths, in_use=in_use)
        raise
