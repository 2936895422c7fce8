"""Three active demo slides for `manage.py demo_data`, drawn with Pillow and stored like
uploads (common.images). Idempotent: a slide whose title exists is left alone.

The pictures carry no lettering: the carousel sets each row's title, description and button
as live text over the picture (readable at any width, translatable, searchable), so the
drawing keeps its left part quiet for the text and its subject on the right, where the
row's focal point (`object_position`) keeps it in view when a narrow screen crops the slide."""

import io
from typing import TextIO, TypedDict

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageDraw

from hero import services
from hero.models import HeroImage

Colour = tuple[int, int, int]


class Slide(TypedDict):
    title: str
    description: str
    cta_label: str
    cta_link: str
    alt_text: str
    colours: tuple[Colour, Colour]


SLIDES: list[Slide] = [
    {
        "title": "Fresh arrivals every week",
        "description": "New products land in the shop every week.",
        "cta_label": "See what's new",
        "cta_link": "/",
        "alt_text": "Deep blue banner with white rings",
        "colours": ((20, 60, 120), (90, 170, 220)),
    },
    {
        "title": "Pickup in 30 minutes",
        "description": "Order online and pick up at our corner in Garden Grove.",
        "cta_label": "Shop what's in stock",
        "cta_link": "/?inStock=1",
        "alt_text": "Plum and coral banner with white rings",
        "colours": ((110, 30, 80), (240, 120, 90)),
    },
    {
        "title": "Local delivery in Orange County",
        "description": "Free delivery on orders of $60 or more.",
        "cta_label": "Shop party supplies",
        "cta_link": "/?category=party-supplies",
        "alt_text": "Green banner with white rings",
        "colours": ((20, 90, 60), (150, 210, 120)),
    },
]
SIZE = (1600, 600)
# The rings' centre, as a share of the picture: also each slide's focal point.
SUBJECT = (0.8, 0.5)
FOCAL_POINT = f"{round(SUBJECT[0] * 100)}% {round(SUBJECT[1] * 100)}%"


def slide_png(top: Colour, bottom: Colour) -> bytes:
    """A gradient with rings around SUBJECT; no text (the row carries it)."""
    width, height = SIZE
    image = Image.new("RGB", SIZE)
    draw = ImageDraw.Draw(image)
    for y in range(height):
        mix = y / (height - 1)
        draw.line(
            [(0, y), (width, y)],
            fill=tuple(round(a + (b - a) * mix) for a, b in zip(top, bottom, strict=True)),
        )
    cx, cy = round(width * SUBJECT[0]), round(height * SUBJECT[1])
    for i in range(6):
        r = 60 + 40 * i
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(255, 255, 255), width=3)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def seed(out: TextIO) -> None:
    made = 0
    for slide in SLIDES:
        title = slide["title"]
        if HeroImage.objects.filter(title=title).exists():
            continue
        upload = SimpleUploadedFile(
            f"{title}.png", slide_png(*slide["colours"]), content_type="image/png"
        )
        services.hero_create(
            title=title,
            description=slide["description"],
            # The picture, not its words: those are the slide's own text.
            alt_text=slide["alt_text"],
            cta_label=slide["cta_label"],
            cta_link=slide["cta_link"],
            object_position=FOCAL_POINT,
            image_file=upload,
        )
        made += 1
    out.write(
        f"  hero images:       {made} added, {HeroImage.objects.filter(is_active=True).count()} active"
    )
