"""The demo catalog's product shots are files named by each product's slug: every product has
one or two, and no file is left over from a renamed product."""

from django.utils.text import slugify
from PIL import Image

from shop.demo import CATALOG
from shop.demo.catalog import PICTURES, pictures


def test_every_demo_product_has_its_own_pictures_and_none_is_left_over():
    counts = {row[0]: len(pictures(row[0])) for row in CATALOG}
    used = {
        f"{slugify(name)}-{n}.webp" for name, count in counts.items() for n in range(1, count + 1)
    }

    assert all(1 <= count <= 2 for count in counts.values()), counts
    assert {path.name for path in PICTURES.iterdir()} == used


def test_the_pictures_are_larger_than_the_thumbnail():
    for path in PICTURES.iterdir():
        with Image.open(path) as picture:
            assert picture.format == "WEBP"
            assert picture.size == (800, 800)
