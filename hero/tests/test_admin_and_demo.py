import io

import pytest
from django.urls import reverse

from hero import demo
from hero.models import HeroImage
from hero.tests.factories import make_hero
from tests.factories import png_upload

pytestmark = pytest.mark.django_db


def test_changelist_shows_previews(admin_browser):
    make_hero(title="Visible slide")

    response = admin_browser.get(reverse("admin:hero_heroimage_changelist"))

    assert response.status_code == 200
    assert b'src="https://cdn.example.com/slide.jpg"' in response.content


def test_list_editable_order_and_active(admin_browser):
    a, b = make_hero(title="A", display_order=0), make_hero(title="B", display_order=1)

    response = admin_browser.post(
        reverse("admin:hero_heroimage_changelist"),
        {
            "form-TOTAL_FORMS": "2",
            "form-INITIAL_FORMS": "2",
            "form-0-id": str(a.pk),
            "form-0-display_order": "5",
            "form-0-is_active": "on",
            "form-1-id": str(b.pk),
            "form-1-display_order": "1",
            "_save": "Save",
        },
    )

    assert response.status_code == 302
    assert list(HeroImage.objects.values_list("title", "display_order", "is_active")) == [
        ("B", 1, False),
        ("A", 5, True),
    ]


def test_admin_upload_goes_through_image_processing(admin_browser, media_root):
    response = admin_browser.post(
        reverse("admin:hero_heroimage_add"),
        {
            "title": "Uploaded",
            "display_order": "0",
            "is_active": "on",
            "external_url": "",
            "upload": png_upload(),
        },
    )

    assert response.status_code == 302
    hero = HeroImage.objects.get()
    assert hero.image_path.startswith("hero/") and hero.image_path.endswith(".webp")
    assert (media_root / hero.image_path).is_file()


def test_an_upload_in_the_admin_replaces_the_address(admin_browser, media_root):
    hero = make_hero(title="From a URL")

    response = admin_browser.post(
        reverse("admin:hero_heroimage_change", args=[hero.pk]),
        {
            "title": "From a file",
            "display_order": "0",
            "is_active": "on",
            "external_url": hero.external_url,
            "upload": png_upload(),
        },
    )

    assert response.status_code == 302
    hero.refresh_from_db()
    assert (hero.title, hero.external_url) == ("From a file", "")
    assert (media_root / hero.image_path).is_file()


def test_an_oversized_upload_is_a_form_error_and_stores_nothing(admin_browser, media_root):
    from tests.factories import bomb_png

    response = admin_browser.post(
        reverse("admin:hero_heroimage_add"),
        {"title": "Bomb", "display_order": "0", "external_url": "", "upload": bomb_png()},
    )

    assert response.status_code == 200
    assert b"errorlist" in response.content
    assert not HeroImage.objects.exists()
    assert not list(media_root.rglob("*.webp"))


def test_admin_refuses_a_javascript_url(admin_browser):
    response = admin_browser.post(
        reverse("admin:hero_heroimage_add"),
        {"title": "Bad", "display_order": "0", "external_url": "javascript:alert(1)"},
    )

    assert response.status_code == 200
    assert b"Image URL must be" in response.content
    assert not HeroImage.objects.exists()


def test_demo_seed_makes_three_active_stored_images_once(media_root, client_for, customer):
    demo.seed(io.StringIO())
    demo.seed(io.StringIO())

    heroes = client_for(customer).get("/api/hero/images").json()
    assert len(heroes) == 3
    for hero in heroes:
        assert hero["image_url"].startswith("/media/hero/")
        assert (media_root / hero["image_url"].removeprefix("/media/")).is_file()


def test_admin_sets_the_button_and_focal_point_and_crops_the_preview_the_same(admin_browser):
    response = admin_browser.post(
        reverse("admin:hero_heroimage_add"),
        {
            "title": "Sale",
            "cta_label": "Shop now",
            "cta_link": "/?category=juices",
            "object_position": "20% 80%",
            "display_order": "0",
            "is_active": "on",
            "external_url": "https://cdn.example.com/sale.jpg",
        },
    )

    assert response.status_code == 302
    hero = HeroImage.objects.get()
    assert (hero.cta_label, hero.cta_link, hero.object_position) == (
        "Shop now",
        "/?category=juices",
        "20% 80%",
    )
    listing = admin_browser.get(reverse("admin:hero_heroimage_changelist"))
    assert b"object-fit:cover;object-position:20% 80%" in listing.content


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"cta_label": "Go", "cta_link": "http://plain.example.com"}, b"Link must be a path"),
        ({"cta_label": "Go"}, b"A button needs both a label and a link"),
        ({"object_position": "left"}, b"Focal point must be two percentages"),
    ],
)
def test_admin_refuses_a_bad_button_or_focal_point(admin_browser, fields, message):
    response = admin_browser.post(
        reverse("admin:hero_heroimage_add"),
        {
            "title": "Bad",
            "display_order": "0",
            "external_url": "https://cdn.example.com/x.jpg",
            **fields,
        },
    )

    assert response.status_code == 200
    assert message in response.content
    assert not HeroImage.objects.exists()


def test_demo_slides_are_drawn_without_text_and_carry_it_as_fields(media_root):
    from PIL import Image

    demo.seed(io.StringIO())

    rows = list(HeroImage.objects.order_by("display_order"))
    assert [row.title for row in rows] == [slide["title"] for slide in demo.SLIDES]
    for row in rows:
        assert row.title and row.description and row.cta_label and row.alt_text
        assert row.cta_link.startswith("/")
        assert row.object_position == demo.FOCAL_POINT
    # Lettering would break the bands of the gradient: every row of the picture's left part
    # (where text used to be drawn) is one colour.
    picture = Image.open(io.BytesIO(demo.slide_png(*demo.SLIDES[0]["colours"]))).convert("RGB")
    width, height = picture.size
    left = picture.crop((0, 0, width // 2, height))
    for y in range(height):
        band = left.crop((0, y, width // 2, y + 1)).getextrema()
        assert all(low == high for low, high in band), f"row {y} is not one colour"
