"""The demo catalog's product shots: every product drawn as its kind of object, in its colours,
stored at a full size larger than the thumbnail (the product page never upscales it)."""

import io

from PIL import Image

from shop import demo
from shop.demo import images as demo_images
from shop.demo.draw import OBJECTS


def test_every_demo_product_has_a_drawing_of_its_kind():
    kinds = {demo_images.kind_of(row[0], row[1]) for row in demo.CATALOG}

    assert kinds <= set(OBJECTS)
    # Bottles, cans, devices, boxes, pods, glass, cars...: not one picture for everything.
    assert len(kinds) >= 20
    assert demo_images.kind_of("Geek Bar Pulse 15000", "disposables") == "disposable"
    assert demo_images.kind_of("Hot Wheels Nissan Skyline GT-R", "diecast-cars") == "sport"
    assert demo_images.kind_of("Beaker Bong 12 in", "glass-pipe") == "bong"


def test_colours_come_from_the_product_and_its_types():
    assert demo_images.colours_of("Geek Bar Pulse 15000", "Watermelon Ice", "Blue Razz") == [
        (226, 62, 87),
        (37, 99, 235),
    ]
    assert demo_images.colours_of("Fume Extra") == []


def test_pictures_are_full_size_and_differ_by_product():
    first = demo_images.picture("Geek Bar Pulse 15000", "disposables", ["Watermelon Ice"])
    again = demo_images.picture("Geek Bar Pulse 15000", "disposables", ["Watermelon Ice"])
    other = demo_images.picture("Modelo Especial 12-pack", "alcohol")

    image = Image.open(io.BytesIO(first))
    assert image.format == "PNG"
    assert image.size == (demo_images.SIDE, demo_images.SIDE)
    assert first == again
    assert first != other
    # Not initials on a flat card: shading and a studio backdrop give thousands of colours.
    assert len(image.getcolors(1 << 20)) > 2000


# Stored at a full size larger than the thumbnail: shop/tests/test_commands.py's TestDemo.
