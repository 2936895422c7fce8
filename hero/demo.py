"""Three active demo slides for `manage.py demo_data`, drawn with Pillow and stored like
uploads (common.images). Idempotent: a slide whose title exists is left alone."""

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageDraw

from hero import services
from hero.models import HeroImage

SLIDES = [
    (
        "Fresh arrivals every week",
        "New products land in the shop every week.",
        ((20, 60, 120), (90, 170, 220)),
    ),
    (
        "Pickup in 30 minutes",
        "Order online and pick up at our corner in Garden Grove.",
        ((110, 30, 80), (240, 120, 90)),
    ),
    (
        "Local delivery in Orange County",
        "Free delivery on orders of $60 or more.",
        ((20, 90, 60), (150, 210, 120)),
    ),
]
SIZE = (1600, 600)


def _slide_png(title, top, bottom):
    width, height = SIZE
    image = Image.new("RGB", SIZE)
    draw = ImageDraw.Draw(image)
    for y in range(height):
        mix = y / (height - 1)
        draw.line(
            [(0, y), (width, y)],
            fill=tuple(round(a + (b - a) * mix) for a, b in zip(top, bottom, strict=False)),
        )
    for i in range(6):
        r = 60 + 40 * i
        draw.ellipse(
            [width - 300 - r, height // 2 - r, width - 300 + r, height // 2 + r],
            outline=(255, 255, 255),
            width=3,
        )
    draw.text((80, height // 2 - 10), title, fill=(255, 255, 255), font_size=64)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def seed(out):
    made = 0
    for title, description, (top, bottom) in SLIDES:
        if HeroImage.objects.filter(title=title).exists():
            continue
        upload = SimpleUploadedFile(
            f"{title}.png", _slide_png(title, top, bottom), content_type="image/png"
        )
        services.hero_create(
            title=title, description=description, alt_text=title, image_file=upload
        )
        made += 1
    out.write(
        f"  hero images:       {made} added, {HeroImage.objects.filter(is_active=True).count()} active"
    )
