"""Demo product shots, boxes, collectibles, model cars and party supplies.

Each object stands on `base`, centred on `cx`, `h` pixels tall, in `c` (its main colour), with
the label text `brand` and `detail` (see shop.demo.images)."""

import math
from collections.abc import Callable

from shop.demo.draw import (
    METAL,
    WHITE,
    Colour,
    Scene,
    cylinder,
    darker,
    ink_on,
    kind,
    lighter,
    vertical,
)


def _box(
    s: Scene,
    cx: float,
    base: float,
    h: float,
    w: float,
    c: Colour,
    art: Callable[[Scene, float, float, float, float], None],
    brand: str,
    detail: str,
) -> None:
    """A box seen from the front right: front, side and lid, with `art` on the front."""
    depth = w * 0.28
    x0, x1 = cx - w / 2 - depth / 2, cx + w / 2 - depth / 2
    top = base - h * 0.84
    side = [(x1, base), (x1 + depth, base - h * 0.16), (x1 + depth, top - h * 0.16), (x1, top)]
    lid = [(x0, top), (x1, top), (x1 + depth, top - h * 0.16), (x0 + depth, top - h * 0.16)]
    s.shape("polygon", side, vertical(darker(c, 0.3), darker(c, 0.45)), soft=0.8)
    s.shape("polygon", lid, lighter(c, 0.35), soft=0.8)
    s.shape("rectangle", (x0, top, x1, base), vertical(lighter(c, 0.08), darker(c, 0.1)), soft=0.8)
    art(s, (x0 + x1) / 2, top, base, x1 - x0)
    s.text(((x0 + x1) / 2, base - h * 0.14), brand, ink_on(c), h * 0.09, max_width=(x1 - x0) * 0.85)
    s.text(
        ((x0 + x1) / 2, base - h * 0.06),
        detail,
        ink_on(c),
        h * 0.045,
        max_width=(x1 - x0) * 0.85,
        bold=False,
    )


def _face(s: Scene, cx: float, cy: float, r: float, fur: Colour) -> None:
    """A collectible's head: long ears, a pale face, big eyes and a toothy grin."""
    s.shape("ellipse", (cx - r * 0.75, cy - r * 2.1, cx - r * 0.25, cy - r * 0.4), fur)
    s.shape("ellipse", (cx + r * 0.25, cy - r * 2.1, cx + r * 0.75, cy - r * 0.4), fur)
    s.shape("ellipse", (cx - r * 0.6, cy - r * 1.9, cx - r * 0.38, cy - r * 0.7), lighter(fur, 0.5))
    s.shape("ellipse", (cx + r * 0.38, cy - r * 1.9, cx + r * 0.6, cy - r * 0.7), lighter(fur, 0.5))
    s.shape("ellipse", (cx - r, cy - r, cx + r, cy + r), cylinder(fur, 0.3))
    s.shape("ellipse", (cx - r * 0.72, cy - r * 0.6, cx + r * 0.72, cy + r * 0.8), (250, 226, 214))
    for side in (-1, 1):
        ex = cx + side * r * 0.33
        s.shape(
            "ellipse", (ex - r * 0.17, cy - r * 0.3, ex + r * 0.17, cy + r * 0.08), (24, 24, 28)
        )
        s.shape("ellipse", (ex - r * 0.08, cy - r * 0.22, ex, cy - r * 0.12), WHITE)
    teeth = [(cx - r * 0.4, cy + r * 0.35)]
    for i in range(9):
        teeth.append(
            (cx - r * 0.4 + r * 0.8 * (i + 0.5) / 9, cy + r * (0.5 if i % 2 == 0 else 0.38))
        )
    teeth += [(cx + r * 0.4, cy + r * 0.35), (cx, cy + r * 0.62)]
    s.shape("polygon", teeth, WHITE, soft=0.7)
    smile = [(cx - r * 0.42, cy + r * 0.35), (cx, cy + r * 0.6), (cx + r * 0.42, cy + r * 0.35)]
    s.shape("line", smile, (60, 40, 40), width=3, soft=0.6)


@kind(0.78)
def blind_box(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    def art(s: Scene, x: float, top: float, bottom: float, width: float) -> None:
        _face(s, x, top + (bottom - top) * 0.48, width * 0.2, lighter(c, 0.55))

    _box(s, cx, base, h, h * 0.72, c, art, brand, "BLIND BOX · 1 OF 6")


@kind(1.05)
def charger_box(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    def art(s: Scene, x: float, top: float, bottom: float, width: float) -> None:
        for i in range(6):
            bx = x - width * 0.36 + i * width * 0.144
            by = top + (bottom - top) * 0.2
            bullet = (bx - width * 0.045, by, bx + width * 0.045, by + (bottom - top) * 0.45)
            s.shape("rounded_rectangle", bullet, cylinder(METAL, 0.8), radius=width * 0.04)

    _box(s, cx, base, h, h * 1.0, c, art, brand, "8 G · 24 CHARGERS")


@kind(0.72)
def figure(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    fur = lighter(c, 0.2)
    r = h * 0.2
    s.shape("ellipse", (cx - r * 0.95, base - h * 0.42, cx + r * 0.95, base), cylinder(fur, 0.3))
    s.shape(
        "ellipse",
        (cx - r * 1.25, base - h * 0.3, cx - r * 0.7, base - h * 0.12),
        cylinder(fur, 0.3),
    )
    s.shape(
        "ellipse",
        (cx + r * 0.7, base - h * 0.3, cx + r * 1.25, base - h * 0.12),
        cylinder(fur, 0.3),
    )
    _face(s, cx, base - h * 0.5, r * 1.15, fur)
    if "KEYCHAIN" in f"{brand} {detail}".upper():
        ring = (cx - r * 0.3, base - h * 1.0, cx + r * 0.3, base - h * 0.86)
        s.shape("ellipse", ring, METAL, width=max(2, int(r * 0.1)))


CAR_PROFILES = {
    # (body outline, window panes) as (share of length, share of height) points.
    "sport": (
        [
            (0.0, 0.22),
            (0.01, 0.5),
            (0.25, 0.6),
            (0.4, 0.98),
            (0.68, 0.98),
            (0.82, 0.62),
            (1.0, 0.56),
            (1.0, 0.22),
        ],
        [
            [(0.3, 0.62), (0.42, 0.9), (0.53, 0.9), (0.53, 0.62)],
            [(0.56, 0.62), (0.56, 0.9), (0.67, 0.9), (0.78, 0.62)],
        ],
    ),
    "coupe": (
        [
            (0.0, 0.22),
            (0.02, 0.5),
            (0.22, 0.6),
            (0.38, 1.0),
            (0.56, 1.0),
            (0.92, 0.58),
            (1.0, 0.46),
            (1.0, 0.22),
        ],
        [
            [(0.28, 0.62), (0.4, 0.92), (0.5, 0.92), (0.5, 0.62)],
            [(0.53, 0.62), (0.53, 0.9), (0.58, 0.92), (0.8, 0.62)],
        ],
    ),
    "suv": (
        [
            (0.0, 0.2),
            (0.02, 0.62),
            (0.2, 0.66),
            (0.24, 1.0),
            (0.86, 1.0),
            (0.92, 0.66),
            (1.0, 0.6),
            (1.0, 0.2),
        ],
        [
            [(0.28, 0.68), (0.31, 0.93), (0.55, 0.93), (0.55, 0.68)],
            [(0.58, 0.68), (0.58, 0.93), (0.83, 0.93), (0.86, 0.68)],
        ],
    ),
}


def _car(s: Scene, cx: float, base: float, h: float, c: Colour, profile: str) -> None:
    w = h * (1.9 if profile == "suv" else 2.2)
    wheel = h * 0.38
    body, panes = CAR_PROFILES[profile]

    def at(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [
            (cx - w / 2 + x * w, base - wheel * 0.35 - y * (h - wheel * 0.35)) for x, y in points
        ]

    s.shape("polygon", at(body), vertical(lighter(c, 0.25), darker(c, 0.3)))
    for pane in panes:
        s.shape("polygon", at(pane), vertical((110, 130, 150), (30, 36, 48)))
    s.shape("line", at([(0.05, 0.45), (0.95, 0.43)]), lighter(c, 0.45), width=3)
    s.shape("ellipse", (*at([(0.0, 0.42)])[0], *at([(0.05, 0.34)])[0]), (253, 230, 138))
    s.shape("rectangle", (*at([(0.96, 0.48)])[0], *at([(1.0, 0.4)])[0]), (220, 38, 38))
    for x in (0.2, 0.8):
        wx, wy = cx - w / 2 + x * w, base - wheel / 2
        s.shape(
            "ellipse",
            (wx - wheel / 2, wy - wheel / 2, wx + wheel / 2, wy + wheel / 2),
            (24, 24, 28),
        )
        rim = (wx - wheel * 0.3, wy - wheel * 0.3, wx + wheel * 0.3, wy + wheel * 0.3)
        s.shape("ellipse", rim, vertical(lighter(METAL, 0.4), METAL))
        for k in range(5):
            a = 2 * math.pi * k / 5
            spoke = [(wx, wy), (wx + math.cos(a) * wheel * 0.28, wy + math.sin(a) * wheel * 0.28)]
            s.shape("line", spoke, darker(METAL, 0.35), width=3, soft=0.6)


@kind(2.2)
def sport(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    _car(s, cx, base, h, c, "sport")


@kind(2.2)
def coupe(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    _car(s, cx, base, h, c, "coupe")


@kind(1.9)
def suv(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    _car(s, cx, base, h, c, "suv")


@kind(1.35)
def balloons(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    r = h * 0.17
    spots = [
        (-0.6, 0.55),
        (-0.3, 0.78),
        (0.05, 0.85),
        (0.4, 0.74),
        (0.62, 0.5),
        (-0.15, 0.5),
        (0.22, 0.45),
    ]
    for i, (dx, dy) in enumerate(spots):
        x, y = cx + dx * h * 0.8, base - dy * h
        s.shape("line", [(x, y + r), (cx + dx * h * 0.2, base)], (150, 150, 150), width=2, soft=0.5)
        tone = c if i % 3 else lighter(c, 0.45)
        s.shape("ellipse", (x - r, y - r * 1.15, x + r, y + r), cylinder(tone, 0.6))


@kind(1.3)
def lights(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 1.3
    points = []
    for i in range(61):
        t = i / 60
        points.append((cx - w / 2 + w * t, base - h * (0.5 + 0.32 * math.sin(t * math.pi * 3))))
    s.shape("line", points, (40, 60, 40), width=3, soft=0.6)
    for i in range(2, 60, 5):
        x, y = points[i]
        s.glow((x, y + h * 0.06), h * 0.09, c, 0.8)
        s.shape(
            "rectangle", (x - h * 0.012, y - h * 0.01, x + h * 0.012, y + h * 0.02), (40, 60, 40)
        )
        s.shape(
            "ellipse", (x - h * 0.03, y + h * 0.015, x + h * 0.03, y + h * 0.11), lighter(c, 0.6)
        )


@kind(1.6)
def plates(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 1.6
    e = h * 0.55
    for i in range(10):
        y = base - i * h * 0.045
        s.shape(
            "ellipse",
            (cx - w / 2, y - e, cx + w / 2, y),
            darker((246, 246, 244), 0.06 if i % 2 else 0),
        )
    top = base - 9 * h * 0.045
    s.shape("ellipse", (cx - w / 2, top - e, cx + w / 2, top), (250, 250, 248))
    s.shape(
        "ellipse", (cx - w * 0.36, top - e * 0.86, cx + w * 0.36, top - e * 0.14), (238, 238, 236)
    )
    s.shape("ellipse", (cx - w / 2, top - e, cx + w / 2, top), c, width=int(h * 0.04))


@kind(1.1)
def prerolls(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    paper, tip = (240, 232, 214), (214, 196, 160)
    for i in range(5):
        x = cx + (i - 2) * h * 0.2
        b = base - (i % 2) * h * 0.03
        cone = [
            (x - h * 0.04, b),
            (x + h * 0.04, b),
            (x + h * 0.08, b - h * 0.8),
            (x - h * 0.08, b - h * 0.8),
        ]
        s.shape("polygon", cone, cylinder(paper, 0.3))
        filter_tip = [
            (x - h * 0.04, b),
            (x + h * 0.04, b),
            (x + h * 0.045, b - h * 0.18),
            (x - h * 0.045, b - h * 0.18),
        ]
        s.shape("polygon", filter_tip, cylinder(tip, 0.2))
        twist = [
            (x - h * 0.08, b - h * 0.8),
            (x + h * 0.08, b - h * 0.8),
            (x + h * 0.02, b - h * 0.86),
            (x - h * 0.02, b - h * 0.86),
        ]
        s.shape("polygon", twist, (230, 222, 204))
    s.shape(
        "rounded_rectangle",
        (cx - h * 0.5, base - h * 0.42, cx + h * 0.5, base - h * 0.22),
        c,
        radius=h * 0.03,
    )
    s.text((cx, base - h * 0.32), brand, ink_on(c), h * 0.1, max_width=h * 0.9)
