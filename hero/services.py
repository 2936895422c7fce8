import copy
import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from activity.services import activity_record_changed
from common.errors import InvalidInput, NotFound
from common.images import store_image
from common.services import model_update, unknown_fields_check
from common.storedfiles import delete_after_commit, written_or_discarded
from hero.models import HeroImage
from hero.selectors import hero_path_in_use
from hero.validators import (
    DEFAULT_FOCAL_POINT,
    validate_focal_point,
    validate_image_url,
    validate_link,
)

logger = logging.getLogger("shop.hero")

HERO_NOT_FOUND = "Hero image not found"
IMAGE_REQUIRED = "Please provide an image URL or upload an image file"
HERO_FOLDER = "hero"
HERO_MAX_SIDE = 2400
TEXT_FIELDS = ("title", "description", "alt_text", "cta_label", "cta_link", "object_position")
CTA_PAIR = "A button needs both a label and a link (or neither)."


def _checked_url(image_url: str) -> str:
    return _checked("image_url", image_url, validate_image_url)


def _checked(field: str, value: str, validator: Callable[[str], None]) -> str:
    try:
        validator(value)
    except ValidationError as exc:
        raise InvalidInput(exc.messages[0], errors={field: exc.messages})
    return value


def slide_check(label: str, link: str, object_position: str) -> None:
    """The button's link and the focal point are checked here too (the serializer and the
    Django admin's form check first), and the button is shown only with both a label and a
    link: a label alone goes nowhere, a link alone has nothing to click."""
    _checked("cta_link", link, validate_link)
    _checked("object_position", object_position, validate_focal_point)
    if bool(label.strip()) != bool(link.strip()):
        field = "cta_link" if label.strip() else "cta_label"
        raise InvalidInput(CTA_PAIR, errors={field: [CTA_PAIR]})


def _store(image_file: UploadedFile | None) -> str:
    """Check and re-encode an upload before the transaction (no row lock held meanwhile)."""
    if image_file is None:
        return ""
    return store_image(image_file, folder=HERO_FOLDER, max_side=HERO_MAX_SIDE, thumbnail=False).path


def _writing(stored_path: str) -> AbstractContextManager[None]:
    # The stored-file lifecycle (common/storedfiles.py): a failed write removes its file.
    return written_or_discarded([stored_path], in_use=hero_path_in_use)


def _release_file_later(path: str) -> None:
    """Delete a stored file after the commit, once no hero row uses it (content-hash names
    are shared)."""
    delete_after_commit([path], in_use=hero_path_in_use)


def _next_display_order() -> int:
    last = HeroImage.objects.aggregate(last=Max("display_order"))["last"]
    return 0 if last is None else last + 1


def hero_create(
    *,
    title: str = "",
    description: str = "",
    alt_text: str = "",
    cta_label: str = "",
    cta_link: str = "",
    object_position: str = DEFAULT_FOCAL_POINT,
    display_order: int | None = None,
    is_active: bool = True,
    image_url: str = "",
    image_file: UploadedFile | None = None,
) -> HeroImage:
    """A new slide from an uploaded file or an address; without `display_order` (0-based)
    it goes last. An uploaded file wins over an address sent with it."""
    if image_file is None and not image_url:
        raise InvalidInput(IMAGE_REQUIRED, errors={"image": [IMAGE_REQUIRED]})
    slide_check(cta_label, cta_link, object_position)
    external_url = "" if image_file is not None else _checked_url(image_url)
    image_path = _store(image_file)
    with _writing(image_path):
        hero = HeroImage.objects.create(
            title=title,
            description=description,
            alt_text=alt_text,
            cta_label=cta_label,
            cta_link=cta_link,
            object_position=object_position,
            display_order=_next_display_order() if display_order is None else display_order,
            is_active=is_active,
            external_url=external_url,
            image_path=image_path,
        )
    logger.info("hero image created", extra={"hero_id": hero.pk, "uploaded": bool(image_path)})
    return hero


def hero_update(
    *, hero_id: int, image_file: UploadedFile | None = None, **changes: Any
) -> HeroImage:
    """Change the fields given (keyword names as in `hero_create`); others stay as they are.

    The picture changes only for a new file or a non-empty address other than the current
    one: the edit form sends the current `image_url` back, and must not detach the stored
    file by doing so.
    """
    unknown_fields_check(
        "hero_update", changes, {*TEXT_FIELDS, "display_order", "is_active", "image_url"}
    )
    stored_path = _store(image_file)
    with _writing(stored_path):
        hero = HeroImage.objects.select_for_update().filter(pk=hero_id).first()
        if hero is None:
            raise NotFound(HERO_NOT_FOUND)
        old_path = hero.image_path
        image_url = changes.pop("image_url", "")
        fields = dict(changes)
        if stored_path:
            fields.update(image_path=stored_path, external_url="")
        elif image_url and image_url != hero.image_url:
            fields.update(external_url=_checked_url(image_url), image_path="")
        slide_check(
            fields.get("cta_label", hero.cta_label),
            fields.get("cta_link", hero.cta_link),
            fields.get("object_position", hero.object_position),
        )
        model_update(hero, data=fields)
        if old_path and old_path != hero.image_path:
            _release_file_later(old_path)
    logger.info("hero image updated", extra={"hero_id": hero.pk, "fields": sorted(changes)})
    return hero


def hero_delete(*, hero_id: int) -> None:
    with transaction.atomic():
        hero = HeroImage.objects.select_for_update().filter(pk=hero_id).first()
        if hero is None:
            raise NotFound(HERO_NOT_FOUND)
        path = hero.image_path
        hero.delete()
        _release_file_later(path)
    logger.info("hero image deleted", extra={"hero_id": hero_id})


def hero_reorder(*, orders: Sequence[tuple[int, int]]) -> list[HeroImage]:
    """Set the 0-based `display_order` of the named slides, all or none; return every slide.

    `orders` is [(hero_id, display_order)]. Slides not named keep their value; equal
    values are shown by id.
    """
    wanted = dict(orders)
    if len(wanted) != len(orders):
        message = "Each hero image may appear only once in imageOrders."
        raise InvalidInput(message, errors={"imageOrders": [message]})
    with transaction.atomic():
        heroes = list(HeroImage.objects.select_for_update().filter(pk__in=wanted).order_by("id"))
        missing = sorted(set(wanted) - {hero.pk for hero in heroes})
        if missing:
            message = f"{HERO_NOT_FOUND}: {', '.join(map(str, missing))}. Nothing was reordered."
            raise InvalidInput(message, errors={"imageOrders": [message]})
        changed = [hero for hero in heroes if hero.display_order != wanted[hero.pk]]
        before = [copy.copy(hero) for hero in changed]
        now = timezone.now()
        for hero in changed:
            hero.display_order, hero.updated_at = wanted[hero.pk], now
        HeroImage.objects.bulk_update(changed, ["display_order", "updated_at"])
        # bulk_update sends no signal: the history records the moves itself.
        activity_record_changed(list(zip(before, changed, strict=True)))
    logger.info(
        "hero images reordered", extra={"hero_ids": sorted(wanted), "changed": len(changed)}
    )
    return list(HeroImage.objects.order_by("display_order", "id"))
