import logging

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from common.errors import BadRequest, NotFound
from common.images import store_image
from common.storedfiles import delete_after_commit, written_or_discarded
from hero.models import HeroImage
from hero.selectors import hero_path_in_use
from hero.validators import validate_image_url

logger = logging.getLogger("shop.hero")

HERO_NOT_FOUND = "Hero image not found"
IMAGE_REQUIRED = "Please provide an image URL or upload an image file"
HERO_FOLDER = "hero"
HERO_MAX_SIDE = 2400
TEXT_FIELDS = ("title", "description", "alt_text")


def _checked_url(image_url):
    try:
        validate_image_url(image_url)
    except ValidationError as exc:
        raise BadRequest(exc.messages[0], errors={"image_url": exc.messages})
    return image_url


def _store(image_file):
    """Check and re-encode an upload before the transaction (no row lock held meanwhile)."""
    if image_file is None:
        return ""
    return store_image(image_file, folder=HERO_FOLDER, max_side=HERO_MAX_SIDE, thumbnail=False).path


def _writing(stored_path):
    # The stored-file lifecycle (common/storedfiles.py): a failed write removes its file.
    return written_or_discarded([stored_path], in_use=hero_path_in_use)


def _release_file_later(path):
    """Delete a stored file after the commit, once no hero row uses it (content-hash names
    are shared)."""
    delete_after_commit([path], in_use=hero_path_in_use)


def _next_display_order():
    last = HeroImage.objects.aggregate(last=Max("display_order"))["last"]
    return 0 if last is None else last + 1


def hero_create(
    *,
    title="",
    description="",
    alt_text="",
    display_order=None,
    is_active=True,
    image_url="",
    image_file=None,
):
    """A new slide from an uploaded file or an address; without `display_order` (0-based)
    it goes last. An uploaded file wins over an address sent with it."""
    if image_file is None and not image_url:
        raise BadRequest(IMAGE_REQUIRED, errors={"image": [IMAGE_REQUIRED]})
    external_url = "" if image_file is not None else _checked_url(image_url)
    image_path = _store(image_file)
    with _writing(image_path):
        hero = HeroImage.objects.create(
            title=title,
            description=description,
            alt_text=alt_text,
            display_order=_next_display_order() if display_order is None else display_order,
            is_active=is_active,
            external_url=external_url,
            image_path=image_path,
        )
    logger.info("hero image created", extra={"hero_id": hero.pk, "uploaded": bool(image_path)})
    return hero


def hero_update(*, hero_id, image_file=None, **changes):
    """Change the fields given (keyword names as in `hero_create`); others stay as they are.

    The picture changes only for a new file or a non-empty address other than the current
    one: the edit form sends the current `image_url` back, and must not detach the stored
    file by doing so.
    """
    unknown = set(changes) - {*TEXT_FIELDS, "display_order", "is_active", "image_url"}
    if unknown:
        raise TypeError(f"hero_update() got unexpected fields {sorted(unknown)}")
    stored_path = _store(image_file)
    with _writing(stored_path):
        hero = HeroImage.objects.select_for_update().filter(pk=hero_id).first()
        if hero is None:
            raise NotFound(HERO_NOT_FOUND)
        old_path = hero.image_path
        image_url = changes.pop("image_url", "")
        if stored_path:
            hero.image_path, hero.external_url = stored_path, ""
        elif image_url and image_url != hero.image_url:
            hero.external_url, hero.image_path = _checked_url(image_url), ""
        for field, value in changes.items():
            setattr(hero, field, value)
        hero.save()
        if old_path and old_path != hero.image_path:
            _release_file_later(old_path)
    logger.info("hero image updated", extra={"hero_id": hero.pk, "fields": sorted(changes)})
    return hero


def hero_delete(*, hero_id):
    with transaction.atomic():
        hero = HeroImage.objects.select_for_update().filter(pk=hero_id).first()
        if hero is None:
            raise NotFound(HERO_NOT_FOUND)
        path = hero.image_path
        hero.delete()
        _release_file_later(path)
    logger.info("hero image deleted", extra={"hero_id": hero_id})


def hero_reorder(*, orders):
    """Set the 0-based `display_order` of the named slides, all or none; return every slide.

    `orders` is [(hero_id, display_order)]. Slides not named keep their value; equal
    values are shown by id.
    """
    wanted = dict(orders)
    if len(wanted) != len(orders):
        message = "Each hero image may appear only once in imageOrders."
        raise BadRequest(message, errors={"imageOrders": [message]})
    with transaction.atomic():
        heroes = list(HeroImage.objects.select_for_update().filter(pk__in=wanted).order_by("id"))
        missing = sorted(set(wanted) - {hero.pk for hero in heroes})
        if missing:
            message = f"{HERO_NOT_FOUND}: {', '.join(map(str, missing))}. Nothing was reordered."
            raise BadRequest(message, errors={"imageOrders": [message]})
        changed = [hero for hero in heroes if hero.display_order != wanted[hero.pk]]
        now = timezone.now()
        for hero in changed:
            hero.display_order, hero.updated_at = wanted[hero.pk], now
        HeroImage.objects.bulk_update(changed, ["display_order", "updated_at"])
    logger.info(
        "hero images reordered", extra={"hero_ids": sorted(wanted), "changed": len(changed)}
    )
    return list(HeroImage.objects.order_by("display_order", "id"))
