"""Demo product shots, containers: bottles, jars, cans, a gas tank and a stand-up bag.

Each object stands on `base`, centred on `cx`, `h` pixels tall, in `c` (its main colour), with
the label text `brand` and `detail` (see shop.demo.images)."""

import math
from typing import Any

from shop.demo.draw import (
    CAP,
    GLASS,
    METAL,
    WHITE,
    Colour,
    Scene,
    cylinder,
    darker,
    ink_on,
    kind,
    lighter,
    mix,
)


def label(
    s: Scene,
    box: tuple[float, float, float, float],
    brand: str,
    detail: str,
    extra: str | None = None,
    paper: Colour = (246, 240, 226),
) -> None:
    x0, y0, x1, y1 = box
    s.shape("rectangle", box, cylinder(paper, gloss=0.25), soft=0.8)
    ink = ink_on(paper)
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    size = s.text((cx, y0 + h * 0.34), brand, ink, h * 0.26, max_width=w * 0.82)
    if detail:
        s.text(
            (cx, y0 + h * 0.34 + size * 0.95), detail, ink, h * 0.12, max_width=w * 0.84, bold=False
        )
    if extra:
        s.text((cx, y1 - h * 0.13), extra, ink, h * 0.1, max_width=w * 0.8, bold=False)


def _shoulder(
    cx: float, top: float, body_w: float, neck_w: float, height: float, steps: int = 14
) -> list[tuple[float, float]]:
    """A bottle's shoulder: the outline from the body's top to the neck (a cosine curve)."""
    left, right = [], []
    for i in range(steps + 1):
        t = i / steps
        half = neck_w / 2 + (body_w - neck_w) / 2 * (1 + math.cos(math.pi * t)) / 2
        y = top - height * t
        left.append((cx - half, y))
        right.append((cx + half, y))
    return left + right[::-1]


def _bottle(
    s: Scene,
    cx: float,
    base: float,
    h: float,
    *,
    body_w: float,
    body_h: float,
    neck_w: float,
    shoulder_h: float,
    neck_top: float,
    glass: Any,
    cap: Any,
) -> None:
    top = base - h * body_h
    s.shape(
        "rounded_rectangle",
        (cx - body_w / 2, top, cx + body_w / 2, base),
        cylinder(glass),
        radius=body_w * 0.08,
    )
    s.shape("polygon", _shoulder(cx, top + 2, body_w, neck_w, h * shoulder_h), cylinder(glass))
    neck_y = base - h * neck_top
    s.shape(
        "rectangle",
        (cx - neck_w / 2, neck_y, cx + neck_w / 2, top - h * shoulder_h + 4),
        cylinder(glass),
    )
    s.shape(
        "rounded_rectangle",
        (cx - neck_w * 0.56, base - h, cx + neck_w * 0.56, neck_y + h * 0.01),
        cylinder(cap, 0.4),
        radius=neck_w * 0.1,
    )


@kind(0.42)
def dropper(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.42
    top = base - h * 0.66
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, top, cx + w / 2, base),
        cylinder(darker(c, 0.35)),
        radius=w * 0.2,
    )
    s.shape(
        "rectangle",
        (cx - w * 0.22, base - h * 0.74, cx + w * 0.22, top + w * 0.05),
        cylinder(darker(c, 0.45)),
    )
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.3, base - h * 0.9, cx + w * 0.3, base - h * 0.72),
        cylinder(CAP, 0.35),
        radius=w * 0.05,
    )
    for i in range(1, 6):
        y = base - h * (0.72 + 0.03 * i)
        s.shape("line", [(cx - w * 0.3, y), (cx + w * 0.3, y)], darker(CAP, 0.5), width=2, soft=0.6)
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.13, base - h, cx + w * 0.13, base - h * 0.88),
        cylinder(CAP, 0.5),
        radius=w * 0.12,
    )
    label(
        s,
        (cx - w / 2, base - h * 0.54, cx + w / 2, base - h * 0.1),
        brand,
        detail,
        "60 ML  ·  E-LIQUID",
        paper=lighter(c, 0.1),
    )


@kind(0.3)
def wine(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.3
    _bottle(
        s,
        cx,
        base,
        h,
        body_w=w,
        body_h=0.58,
        neck_w=w * 0.32,
        shoulder_h=0.14,
        neck_top=0.86,
        glass=(28, 52, 36),
        cap=darker(c, 0.2),
    )
    label(s, (cx - w / 2, base - h * 0.42, cx + w / 2, base - h * 0.12), brand, detail, "750 ML")


@kind(0.44)
def liquor(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.44
    _bottle(
        s,
        cx,
        base,
        h,
        body_w=w,
        body_h=0.64,
        neck_w=w * 0.36,
        shoulder_h=0.12,
        neck_top=0.9,
        glass=GLASS,
        cap=(70, 45, 30),
    )
    # A highlight down the clear glass.
    s.shape(
        "rectangle",
        (cx - w * 0.47, base - h * 0.6, cx - w * 0.4, base - h * 0.05),
        WHITE,
        opacity=0.7,
    )
    label(
        s,
        (cx - w * 0.42, base - h * 0.5, cx + w * 0.42, base - h * 0.18),
        brand,
        detail,
        "80 PROOF",
        paper=(246, 236, 214),
    )


@kind(0.4)
def oil(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.4
    _bottle(
        s,
        cx,
        base,
        h,
        body_w=w,
        body_h=0.62,
        neck_w=w * 0.34,
        shoulder_h=0.14,
        neck_top=0.88,
        glass=(84, 60, 20),
        cap=CAP,
    )
    label(
        s,
        (cx - w / 2, base - h * 0.5, cx + w / 2, base - h * 0.14),
        brand,
        detail,
        "500 ML",
        paper=lighter(c, 0.8),
    )


@kind(0.36)
def shot(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.36
    _bottle(
        s,
        cx,
        base,
        h,
        body_w=w,
        body_h=0.6,
        neck_w=w * 0.45,
        shoulder_h=0.12,
        neck_top=0.84,
        glass=(110, 70, 30),
        cap=c,
    )
    label(
        s,
        (cx - w / 2, base - h * 0.5, cx + w / 2, base - h * 0.12),
        brand,
        detail,
        "15 ML",
        paper=c,
    )


@kind(0.62)
def jar(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.62
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, base - h * 0.82, cx + w / 2, base),
        cylinder((238, 238, 236), 0.4),
        radius=w * 0.1,
    )
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.46, base - h, cx + w * 0.46, base - h * 0.8),
        cylinder(c, 0.45),
        radius=w * 0.04,
    )
    for i in range(1, 9):
        x = cx - w * 0.46 + w * 0.92 * i / 9
        s.shape(
            "line", [(x, base - h * 0.98), (x, base - h * 0.82)], darker(c, 0.25), width=2, soft=0.6
        )
    label(
        s,
        (cx - w / 2, base - h * 0.66, cx + w / 2, base - h * 0.16),
        brand,
        detail,
        "LAB TESTED",
        paper=c,
    )


@kind(0.5)
def beer(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.5
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, base - h * 0.92, cx + w / 2, base),
        cylinder(c, 0.6),
        radius=w * 0.08,
    )
    rim = [
        (cx - w / 2, base - h * 0.9),
        (cx - w * 0.42, base - h),
        (cx + w * 0.42, base - h),
        (cx + w / 2, base - h * 0.9),
    ]
    s.shape("polygon", rim, cylinder(METAL, 0.7))
    s.shape(
        "rectangle", (cx - w * 0.45, base - h * 0.04, cx + w * 0.45, base), cylinder(METAL, 0.6)
    )
    band = (cx - w / 2, base - h * 0.66, cx + w / 2, base - h * 0.3)
    paper = (20, 40, 100) if sum(c) > 420 else lighter(c, 0.85)
    label(s, band, brand, detail, "12 FL OZ", paper=paper)


@kind(0.4)
def tank(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.4
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, base - h * 0.8, cx + w / 2, base),
        cylinder(c, 0.6),
        radius=w * 0.14,
    )
    s.shape("ellipse", (cx - w / 2, base - h * 0.88, cx + w / 2, base - h * 0.68), cylinder(c, 0.6))
    s.shape(
        "rectangle",
        (cx - w * 0.12, base - h * 0.95, cx + w * 0.12, base - h * 0.85),
        cylinder(METAL, 0.7),
    )
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.2, base - h, cx + w * 0.2, base - h * 0.93),
        cylinder(CAP, 0.4),
        radius=w * 0.04,
    )
    # A few "stars" of the galaxy print.
    for i in range(7):
        x = cx - w * 0.4 + (seed >> i) % int(w * 0.8)
        y = base - h * (0.15 + 0.08 * i)
        s.shape("ellipse", (x - 3, y - 3, x + 3, y + 3), WHITE, opacity=0.8, soft=0.8)
    s.text((cx, base - h * 0.48), brand, ink_on(c), w * 0.2, max_width=w * 0.8)
    s.text(
        (cx, base - h * 0.38), "670 G  ·  N2O", ink_on(c), w * 0.09, max_width=w * 0.8, bold=False
    )


@kind(0.7)
def bag(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.7
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, base - h * 0.95, cx + w / 2, base),
        cylinder(c, 0.35),
        radius=w * 0.05,
    )
    s.shape(
        "rectangle",
        (cx - w / 2, base - h, cx + w / 2, base - h * 0.9),
        cylinder(darker(c, 0.15), 0.3),
    )
    for i in range(12):
        x = cx - w / 2 + w * (i + 0.5) / 12
        s.shape("line", [(x, base - h), (x, base - h * 0.91)], darker(c, 0.35), width=2, soft=0.5)
    s.shape(
        "line",
        [(cx - w / 2, base - h * 0.82), (cx + w / 2, base - h * 0.82)],
        darker(c, 0.3),
        width=4,
    )
    window = (cx - w * 0.36, base - h * 0.7, cx + w * 0.36, base - h * 0.18)
    s.shape("rounded_rectangle", window, (250, 246, 236), radius=w * 0.04)
    s.text((cx, base - h * 0.58), brand, darker(c, 0.3), h * 0.085, max_width=w * 0.62)
    s.text((cx, base - h * 0.47), detail, (60, 60, 60), h * 0.045, max_width=w * 0.64, bold=False)
    s.shape(
        "ellipse",
        (cx - w * 0.18, base - h * 0.4, cx + w * 0.18, base - h * 0.24),
        mix(c, (120, 100, 60), 0.6),
    )
