"""Stored slide files follow the writes that use them: a failed write leaves no file."""

import pytest
from django.db import IntegrityError

from common.errors import NotFound
from hero import services
from hero.models import HeroImage
from hero.tests.factories import make_hero
from tests.factories import png_upload

pytestmark = pytest.mark.django_db


def stored_files(media_root):
    return (
        sorted(p.name for p in (media_root / "hero").glob("*"))
        if (media_root / "hero").exists()
        else []
    )


def test_a_create_that_fails_leaves_no_file_behind(media_root):
    with pytest.raises(IntegrityError):  # display_order is a positive integer column
        services.hero_create(title="Broken", display_order=-1, image_file=png_upload())

    assert not HeroImage.objects.exists()
    assert stored_files(media_root) == []


def test_an_update_of_a_missing_slide_leaves_no_file_behind(media_root):
    with pytest.raises(NotFound):
        services.hero_update(hero_id=999, image_file=png_upload())

    assert stored_files(media_root) == []


def test_a_failed_update_keeps_the_file_the_slide_still_shows(media_root):
    hero = services.hero_create(title="Kept", image_file=png_upload())

    with pytest.raises(IntegrityError):
        services.hero_update(hero_id=hero.pk, display_order=-1, image_file=png_upload())

    hero.refresh_from_db()
    assert stored_files(media_root) == [hero.image_path.removeprefix("hero/")]


def test_a_replaced_file_goes_after_the_commit(media_root, django_capture_on_commit_callbacks):
    hero = services.hero_create(title="Old", image_file=png_upload())
    old = hero.image_path

    with django_capture_on_commit_callbacks(execute=True):
        services.hero_update(hero_id=hero.pk, image_file=png_upload(color=(0, 0, 255)))

    hero.refresh_from_db()
    assert hero.image_path != old
    assert stored_files(media_root) == [hero.image_path.removeprefix("hero/")]


def test_a_slide_from_an_address_stores_nothing(media_root):
    make_hero(title="Linked")

    assert stored_files(media_root) == []
