"""The recipient's signature at handover: a PNG data URL drawn on the staff member's phone,
checked here and kept as PNG bytes with the order (Order.handover_signature_png).

What is accepted: a `data:image/png;base64,` URL whose image Pillow reads as a PNG, of at most
SIGNATURE_MAX_BYTES, each side from MIN_SIDE to MAX_SIDE pixels (a phone's pad at three device
pixels per CSS pixel is about 1100 x 600), with at least MIN_INK pixels that differ from the
background (a blank pad is refused). The image is re-encoded, so what is stored and later
served to staff is Pillow's own PNG, never the bytes a client sent."""

import base64
import binascii
import io
import warnings

from PIL import Image, UnidentifiedImageError

from common.errors import InvalidInput

SIGNATURE_PREFIX = "data:image/png;base64,"
SIGNATURE_MAX_BYTES = 200_000
MIN_SIDE, MAX_SIDE = 40, 2000
# Pixels that must differ from the background: a stray tap is not a signature.
MIN_INK = 20
# How far from the background's grey a pixel must be to count as ink (anti-aliased edges).
INK_DISTANCE = 16

NOT_PNG = "The signature must be a PNG image sent as a data URL (data:image/png;base64,...)."
TOO_BIG = "The signature image is too large: at most 200 KB."
BAD_SIZE = f"The signature image must be {MIN_SIDE} to {MAX_SIDE} pixels on each side."
BLANK = "The signature is blank: ask the recipient to sign."


def _refuse(message: str) -> InvalidInput:
    return InvalidInput(message, errors={"signature": [message]})


def _decoded(data_url: str) -> bytes:
    if not data_url.startswith(SIGNATURE_PREFIX):
        raise _refuse(NOT_PNG)
    text = data_url[len(SIGNATURE_PREFIX) :]
    if len(text) > (SIGNATURE_MAX_BYTES + 2) // 3 * 4:
        raise _refuse(TOO_BIG)
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise _refuse(NOT_PNG)
    if len(data) > SIGNATURE_MAX_BYTES:
        raise _refuse(TOO_BIG)
    return data


def _opened(data: bytes) -> Image.Image:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=["PNG"])
            width, height = image.size
            # Sides first: a header claiming a huge image is refused before any pixel is read.
            if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
                raise _refuse(BAD_SIZE)
            image.load()
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise _refuse(BAD_SIZE)
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        raise _refuse(NOT_PNG)
    return image


def _ink(image: Image.Image) -> int:
    """Pixels that differ from the most common grey once laid on white."""
    page = Image.new("RGBA", image.size, "white")
    page.alpha_composite(image.convert("RGBA"))
    counts = page.convert("L").histogram()
    background = max(range(256), key=counts.__getitem__)
    near = counts[max(0, background - INK_DISTANCE) : background + INK_DISTANCE + 1]
    return sum(counts) - sum(near)


def signature_png(data_url: str) -> bytes:
    """The PNG to keep for `data_url`; InvalidInput (400 naming `signature`) when it is not
    a PNG data URL, too large, of odd dimensions or blank."""
    image = _opened(_decoded(data_url))
    if _ink(image) < MIN_INK:
        raise _refuse(BLANK)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
