from urllib.parse import urlsplit

from django.core.exceptions import ValidationError

BAD_IMAGE_URL = (
    "Image URL must be a web address starting with http:// or https://, "
    "or a path on this site starting with /."
)


def validate_image_url(value):
    """Only http(s) URLs with a host, or site paths with a single leading "/".

    Anything else (`javascript:`, `data:`, `//evil.example` which browsers read as another
    host, `/\\evil.example` which some read the same way) would end up in an <img src> or a
    link on the homepage.
    """
    if not value:
        return
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise ValidationError(BAD_IMAGE_URL, code="invalid")
    if value.startswith("/"):
        if value.startswith(("//", "/\\")):
            raise ValidationError(BAD_IMAGE_URL, code="invalid")
        return
    try:
        parts = urlsplit(value)
    except ValueError:
        raise ValidationError(BAD_IMAGE_URL, code="invalid")
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or "\\" in value:
        raise ValidationError(BAD_IMAGE_URL, code="invalid")
