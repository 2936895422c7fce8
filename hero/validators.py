import re
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError

BAD_IMAGE_URL = (
    "Image URL must be a web address starting with http:// or https://, "
    "or a path on this site starting with /."
)


def validate_image_url(value: str) -> None:
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


BAD_LINK = "Link must be a path on this site starting with / or an https:// address."


def validate_link(value: str) -> None:
    """The call-to-action link: a site path (as for images) or an https address. Plain http is
    refused: a button on the shop's own page must not send shoppers to an unencrypted site."""
    if not value:
        return
    try:
        validate_image_url(value)
    except ValidationError:
        raise ValidationError(BAD_LINK, code="invalid")
    if not value.startswith("/") and urlsplit(value).scheme.lower() != "https":
        raise ValidationError(BAD_LINK, code="invalid")


BAD_FOCAL_POINT = 'Focal point must be two percentages from 0% to 100%, like "50% 30%".'
FOCAL_POINT = re.compile(r"(\d{1,3})% (\d{1,3})%")
DEFAULT_FOCAL_POINT = "50% 50%"


def validate_focal_point(value: str) -> None:
    """CSS `object-position` as "x% y%" (whole percentages, 0 to 100): the point of the
    picture that stays in view however the slide is cropped (docs/api.md, Hero images)."""
    match = FOCAL_POINT.fullmatch(value or "")
    if not match or any(int(part) > 100 for part in match.groups()):
        raise ValidationError(BAD_FOCAL_POINT, code="invalid")
