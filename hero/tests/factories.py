import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from hero import services


def png_upload(name="slide.png", size=(64, 32), color=(200, 30, 30)):
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return SimpleUploadedFile(name, out.getvalue(), content_type="image/png")


def make_hero(**fields):
    values = {"title": "Slide", "image_url": "https://cdn.example.com/slide.jpg", **fields}
    return services.hero_create(**values)
