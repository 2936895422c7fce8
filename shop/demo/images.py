"""Product shots for the demo catalog: each product drawn as what it is (a bottle, a can, a
device, a box, a pod, a glass piece, a car...) in its own colours, on a studio backdrop.

Drawn locally with Pillow, never downloaded. `picture()` returns PNG bytes at SIDE pixels,
which the upload pipeline (common.images) stores as the full image and a 400 px thumbnail,
so the product page has a picture larger than its slot and the cards a small one."""

import io
import re
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image

# Importing the object modules registers their drawings in OBJECTS.
from shop.demo import bottles, devices, toys  # noqa: F401
from shop.demo.draw import OBJECTS, Colour, Scene, darker, lighter

SIDE = 800

# Words in a product's or type's name that name a colour or a flavour with a colour.
COLOUR_WORDS = [
    ("skyline", (29, 78, 216)),
    ("porsche", (220, 38, 38)),
    ("defender", (21, 94, 60)),
    ("modelo", (202, 150, 20)),
    ("storz", (71, 85, 105)),
    ("watermelon", (226, 62, 87)),
    ("blue raz", (37, 99, 235)),
    ("blue raspberry", (37, 99, 235)),
    ("miami mint", (20, 184, 166)),
    ("cool mint", (14, 165, 233)),
    ("wintergreen", (21, 128, 61)),
    ("mint", (16, 185, 129)),
    ("strawberry", (220, 38, 38)),
    ("grape", (126, 34, 206)),
    ("fuji apple", (220, 38, 38)),
    ("sour apple", (101, 163, 13)),
    ("apple", (132, 204, 22)),
    ("lava", (234, 88, 12)),
    ("citrus", (245, 158, 11)),
    ("mixed fruit", (236, 72, 153)),
    ("rainbow", (168, 85, 247)),
    ("onyx", (31, 41, 55)),
    ("black", (31, 41, 55)),
    ("pearl", (226, 232, 240)),
    ("pink", (244, 114, 182)),
    ("gold", (212, 160, 23)),
    ("warm white", (251, 191, 36)),
    ("multicolour", (59, 130, 246)),
    ("blue swirl", (37, 99, 235)),
    ("green frit", (22, 163, 74)),
    ("red", (185, 28, 28)),
    ("green", (22, 101, 52)),
    ("white", (214, 211, 209)),
    ("unflavored", (100, 116, 139)),
]

# What a product looks like: the first pattern that matches its name, else its category's.
KINDS = [
    (r"pods? \(|pods$", "pods"),
    (r"nord|caliburn|xros", "pod_device"),
    (r"bong|beaker", "bong"),
    (r"spoon|pipe", "spoon"),
    (r"grinder", "grinder"),
    (r"gas|tank", "tank"),
    (r"charger", "charger_box"),
    (r"blind box", "blind_box"),
    (r"plush|keychain|figure", "figure"),
    (r"defender|land rover|jeep", "suv"),
    (r"porsche|911", "coupe"),
    (r"balloon", "balloons"),
    (r"light", "lights"),
    (r"plate", "plates"),
    (r"12-pack|beer|lager|modelo", "beer"),
    (r"cabernet|wine|merlot", "wine"),
    (r"vodka|tequila|whiskey|gin", "liquor"),
    (r"peak", "rig"),
    (r"pre-roll", "prerolls"),
    (r"gummies|capsules", "jar"),
    (r"oil", "oil"),
    (r"shot|extract", "shot"),
]
CATEGORY_KINDS = {
    "disposables": "disposable",
    "coils-pods": "pod_device",
    "juices": "dropper",
    "glass-pipe": "bong",
    "pouches": "puck",
    "cream-chargers": "tank",
    "labubu": "figure",
    "diecast-cars": "sport",
    "party-supplies": "balloons",
    "alcohol": "beer",
    "vaporizors": "vaporizer",
    "hemp": "jar",
    "kratom": "bag",
}
# A colour for a product whose name names none, chosen by its name so it never changes.
PALETTE = [
    (79, 70, 229),
    (219, 39, 119),
    (234, 88, 12),
    (8, 145, 178),
    (22, 163, 74),
    (202, 138, 4),
    (220, 38, 38),
    (37, 99, 235),
    (124, 58, 237),
    (15, 118, 110),
]


def colours_of(*names: str) -> list[Colour]:
    """The colours named in `names` (product first, then its types), in order, no repeats."""
    found: list[Colour] = []
    for name in names:
        text = name.lower()
        for word, colour in COLOUR_WORDS:
            if word in text:
                if colour not in found:
                    found.append(colour)
                break
    return found


def kind_of(name: str, category: str) -> str:
    lowered = name.lower()
    for pattern, kind in KINDS:
        if re.search(pattern, lowered):
            return kind
    return CATEGORY_KINDS.get(category, "box")


def label_of(name: str) -> tuple[str, str]:
    """(brand, detail) printed on a label: the first word(s) and the rest of the name."""
    words = re.sub(r"\(.*?\)", "", name).split()
    split = 2 if len(words) > 3 and len(words[0]) <= 4 else 1
    return " ".join(words[:split]).upper(), " ".join(words[split:])


def picture(
    name: str,
    category: str,
    type_names: Sequence[str] = (),
    variant: int = 0,
    side: int = SIDE,
) -> bytes:
    """A PNG product shot; variant 1 shows the product in two of its colours side by side."""
    seed = zlib.crc32(name.encode())
    colours = colours_of(name, *type_names) or [PALETTE[seed % len(PALETTE)]]
    kind = kind_of(name, category)
    draw = OBJECTS[kind]
    scene = Scene(side, lighter(colours[0], 0.15))
    brand, detail = label_of(name)
    base = scene.u(0.86)
    height = min(scene.u(0.68), scene.u(0.78) / draw.aspect)
    if variant == 0:
        _place(scene, draw, side * 0.5, base, height, colours[0], brand, detail, seed)
    else:
        second = colours[1] if len(colours) > 1 else darker(lighter(colours[0], 0.35), 0.25)
        small = height * (0.82 if draw.aspect < 1.2 else 0.7)
        spread = min(side * 0.2, small * draw.aspect * 0.62)
        _place(
            scene, draw, side * 0.5 + spread, base - side * 0.04, small, second, brand, detail, seed
        )
        _place(
            scene,
            draw,
            side * 0.5 - spread,
            base + side * 0.02,
            small,
            colours[0],
            brand,
            detail,
            seed,
        )
    out = io.BytesIO()
    scene.image.save(out, format="PNG", compress_level=0)
    return out.getvalue()


def _place(
    scene: Scene,
    draw: Any,
    cx: float,
    base: float,
    height: float,
    colour: Colour,
    brand: str,
    detail: str,
    seed: int,
) -> None:
    scene.shadow(cx, base, height * draw.aspect * 0.62)
    draw(scene, cx, base, height, colour, brand, detail, seed)


def preview(path: str, names: Iterable[tuple[str, str, Sequence[str]]]) -> None:
    """Write a contact sheet of the given (name, category, types) to `path` (for developers)."""
    tiles = [
        Image.open(io.BytesIO(picture(n, c, t, v, side=300))) for n, c, t in names for v in (0, 1)
    ]
    columns = 8
    rows = (len(tiles) + columns - 1) // columns
    sheet = Image.new("RGB", (300 * columns, 300 * rows), (255, 255, 255))
    for i, tile in enumerate(tiles):
        sheet.paste(tile, ((i % columns) * 300, (i // columns) * 300))
    sheet.save(path)
