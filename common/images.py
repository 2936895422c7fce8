"""Checking, re-encoding and storing uploaded images (products and hero images).

Nothing a client uploads is stored as sent: Pillow must open it as a JPEG, PNG, WebP or
GIF, it is rotated by its EXIF orientation, scaled down, stripped of metadata by
re-encoding, and saved under a name made from its content hash through Django's storage
API (local disk or S3), so that a stored file never changes and can be cached for a year.
"""

import hashlib
import io
import logging
import warnings
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image, ImageOps, UnidentifiedImageError

from common.errors import InvalidInput, TooLarge, Unavailable

logger = logging.getLogger("shop.files")

STORAGE_UNAVAILABLE = "Images cannot be stored right now. Please try again in a few minutes."


def _storage_errors() -> tuple[type[Exception], ...]:
    """What a storage backend raises when it is away or refuses: the file system's OSError,
    S3's client errors (NoSuchBucket, AccessDenied) and connection errors."""
    try:
        from botocore.exceptions import BotoCoreError, ClientError
    except ImportError:  # pragma: no cover - boto3 is pinned, but only S3 needs it
        return (OSError,)
    return (OSError, BotoCoreError, ClientError)


ALLOWED_FORMATS = {"JPEG", "PNG", "WEBP", "GIF"}
# Far above any photo a shop needs, far below what would exhaust a worker's memory.
MAX_PIXELS = 50_000_000
THUMBNAIL_SIDE = 400

NOT_AN_IMAGE = "{name} is not a valid image. Please upload a JPEG, PNG, WebP or GIF file."
TOO_LARGE = "{name} is too large. Images can be at most 10 MB."
TOO_MANY_PIXELS = "{name} has too many pixels. Please upload a smaller image."


@dataclass(frozen=True)
class StoredImage:
    path: str
    thumbnail_path: str | None
    # The stored files' real widths in px: a srcset's `w` descriptors say them.
    width: int | None = None
    thumbnail_width: int | None = None


def _open_checked(upload: Any) -> Image.Image:
    name = getattr(upload, "name", None) or "The file"
    size = getattr(upload, "size", None)
    if size is not None and size > settings.MAX_UPLOAD_BYTES:
        raise TooLarge(TOO_LARGE.format(name=name))
    upload.seek(0)
    data = upload.read(settings.MAX_UPLOAD_BYTES + 1)
    if len(data) > settings.MAX_UPLOAD_BYTES:
        raise TooLarge(TOO_LARGE.format(name=name))
    try:
        with warnings.catch_warnings():
            # A decompression bomb: refuse it before Pillow allocates the pixels.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            if image.format not in ALLOWED_FORMATS:
                raise InvalidInput(NOT_AN_IMAGE.format(name=name))
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise InvalidInput(TOO_MANY_PIXELS.format(name=name))
            image.load()
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise InvalidInput(TOO_MANY_PIXELS.format(name=name))
    except InvalidInput:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        raise InvalidInput(NOT_AN_IMAGE.format(name=name))
    return image


def _normalised(image: Image.Image) -> Image.Image:
    image = ImageOps.exif_transpose(image)
    has_alpha = image.mode in ("RGBA", "LA") or (image.mode == "P" and "transparency" in image.info)
    return image.convert("RGBA" if has_alpha else "RGB")


def _encode(image: Image.Image, max_side: int, quality: int) -> tuple[bytes, int]:
    """The copy's WebP bytes and its width (never wider than the upload: `thumbnail` only
    shrinks)."""
    copy = image.copy()
    copy.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    # WebP for every stored copy: small, keeps transparency, and re-encoding drops EXIF,
    # ICC-embedded comments and anything appended to the original file.
    copy.save(out, format="WEBP", quality=quality, method=4)
    return out.getvalue(), copy.width


def stored_width(path: str | None) -> int | None:
    """The width of a stored file, read from its header (None: missing or unreadable)."""
    if not path:
        return None
    unreadable: tuple[type[Exception], ...] = (
        UnidentifiedImageError,
        ValueError,
        *_storage_errors(),
    )
    try:
        with default_storage.open(path) as stored, Image.open(stored) as image:
            return int(image.width)
    except unreadable:
        return None


def validate_image(upload: Any) -> None:
    """Raise InvalidInput/TooLarge unless `upload` is an image we would store."""
    _open_checked(upload)


def store_image(upload: Any, *, folder: str, max_side: int, thumbnail: bool = True) -> StoredImage:
    """Check, re-encode and store `upload`; return the stored paths (storage names)."""
    image = _normalised(_open_checked(upload))
    main, width = _encode(image, max_side, quality=85)
    digest = hashlib.sha256(main).hexdigest()[:24]
    path = _save(f"{folder}/{digest}.webp", main)
    thumb_path, thumb_width = None, None
    if thumbnail:
        thumb, thumb_width = _encode(image, THUMBNAIL_SIDE, quality=78)
        thumb_path = _save(f"{folder}/{digest}-thumb.webp", thumb)
    return StoredImage(path, thumb_path, width=width, thumbnail_width=thumb_width)


def _save(name: str, data: bytes) -> str:
    try:
        # Same content, same name: an identical upload reuses the stored file.
        if default_storage.exists(name):
            return name
        return default_storage.save(name, ContentFile(data))
    except _storage_errors() as error:
        # A missing bucket or a denied write is the operator's to fix (/readyz names it);
        # the person uploading gets a 503 that says to try later, never a 500.
        logger.error("image storage refused a write: %s", _reason(error))
        raise Unavailable(STORAGE_UNAVAILABLE) from error


def _reason(error: Exception) -> str:
    code = getattr(error, "response", {}).get("Error", {}).get("Code")
    return code or error.__class__.__name__


def delete_stored(*paths: str | None) -> None:
    for path in paths:
        if path:
            default_storage.delete(path)


def url_for(path: str | None) -> Any:
    """Public URL of a stored file, or the value itself when it is already a URL; None for
    no path. (Any: callers that know the path is set use the answer as a str.)"""
    if not path:
        return None
    if path.startswith(("http://", "https://", "/")):
        return path
    return default_storage.url(path)
