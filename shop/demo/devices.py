"""Demo product shots, devices and smoking goods: vapes, pods, vaporizers, glass, a grinder and
nicotine pouch cans.

Each object stands on `base`, centred on `cx`, `h` pixels tall, in `c` (its main colour), with
the label text `brand` and `detail` (see shop.demo.images)."""

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
    vertical,
)


@kind(0.34)
def disposable(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.34
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, base - h * 0.86, cx + w / 2, base),
        cylinder(c, 0.5),
        radius=w * 0.3,
    )
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.3, base - h, cx + w * 0.3, base - h * 0.84),
        cylinder(CAP, 0.35),
        radius=w * 0.2,
    )
    screen = (cx - w * 0.3, base - h * 0.72, cx + w * 0.3, base - h * 0.6)
    s.shape("rounded_rectangle", screen, (18, 20, 26), radius=w * 0.06)
    s.text((cx, base - h * 0.66), "100%", (110, 231, 183), w * 0.16, max_width=w * 0.5)
    s.text((cx, base - h * 0.42), brand, ink_on(c), w * 0.2, max_width=w * 0.8)
    s.text((cx, base - h * 0.34), detail, ink_on(c), w * 0.1, max_width=w * 0.8, bold=False)
    s.shape(
        "rectangle",
        (cx - w * 0.42, base - h * 0.08, cx + w * 0.42, base - h * 0.07),
        darker(c, 0.4),
    )


@kind(0.42)
def pod_device(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.42
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, base - h * 0.72, cx + w / 2, base),
        cylinder(c, 0.55),
        radius=w * 0.32,
    )
    pod = (cx - w * 0.44, base - h * 0.95, cx + w * 0.44, base - h * 0.68)
    s.shape("rounded_rectangle", pod, cylinder((60, 64, 72), 0.5), radius=w * 0.18)
    window = (cx - w * 0.3, base - h * 0.84, cx + w * 0.3, base - h * 0.72)
    s.shape("rounded_rectangle", window, lighter(c, 0.2), radius=w * 0.08, opacity=0.75)
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.22, base - h, cx + w * 0.22, base - h * 0.92),
        cylinder(CAP, 0.4),
        radius=w * 0.1,
    )
    s.shape(
        "ellipse",
        (cx - w * 0.1, base - h * 0.5, cx + w * 0.1, base - h * 0.41),
        cylinder(darker(c, 0.3), 0.6),
    )
    s.text((cx, base - h * 0.25), brand, ink_on(c), w * 0.18, max_width=w * 0.8)


@kind(1.3)
def pods(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    pod_w = h * 0.3
    for i in range(4):
        x = cx + (i - 1.5) * pod_w * 1.12
        b = base - (i % 2) * h * 0.02
        s.shape(
            "rounded_rectangle",
            (x - pod_w / 2, b - h * 0.85, x + pod_w / 2, b),
            cylinder((70, 74, 84), 0.55),
            radius=pod_w * 0.25,
            opacity=0.92,
        )
        liquid = (x - pod_w * 0.36, b - h * 0.6, x + pod_w * 0.36, b - h * 0.08)
        s.shape("rounded_rectangle", liquid, cylinder(c, 0.4), radius=pod_w * 0.15, opacity=0.8)
        s.shape(
            "rounded_rectangle",
            (x - pod_w * 0.25, b - h, x + pod_w * 0.25, b - h * 0.82),
            cylinder(CAP, 0.4),
            radius=pod_w * 0.12,
        )


@kind(0.44)
def vaporizer(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.44
    s.shape(
        "rounded_rectangle",
        (cx - w / 2, base - h * 0.9, cx + w / 2, base),
        cylinder(darker(c, 0.1), 0.45),
        radius=w * 0.24,
    )
    s.shape(
        "ellipse", (cx - w * 0.32, base - h, cx + w * 0.32, base - h * 0.82), cylinder(CAP, 0.45)
    )
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.28, base - h * 0.3, cx + w * 0.28, base - h * 0.18),
        (15, 18, 24),
        radius=w * 0.05,
    )
    s.text((cx, base - h * 0.24), "185°C", (125, 211, 252), w * 0.13, max_width=w * 0.5)
    s.text((cx, base - h * 0.58), brand, ink_on(c), w * 0.16, max_width=w * 0.8)


@kind(0.62)
def rig(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.62
    s.shape("ellipse", (cx - w / 2, base - h * 0.5, cx + w / 2, base), cylinder(c, 0.55))
    s.shape(
        "ellipse", (cx - w * 0.3, base - h * 0.56, cx + w * 0.3, base - h * 0.4), darker(c, 0.35)
    )
    s.shape(
        "rounded_rectangle",
        (cx - w * 0.16, base - h, cx + w * 0.16, base - h * 0.47),
        GLASS,
        radius=w * 0.1,
        opacity=0.55,
    )
    s.shape(
        "line",
        [(cx - w * 0.1, base - h * 0.95), (cx - w * 0.1, base - h * 0.52)],
        WHITE,
        width=4,
        opacity=0.9,
    )
    s.shape(
        "ellipse",
        (cx - w * 0.05, base - h * 0.3, cx + w * 0.05, base - h * 0.24),
        WHITE,
        opacity=0.9,
    )


@kind(0.5)
def bong(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 0.5
    tube = w * 0.24
    outline = darker(c, 0.35)
    beaker = [
        (cx - w / 2, base),
        (cx + w / 2, base),
        (cx + tube * 0.6, base - h * 0.45),
        (cx - tube * 0.6, base - h * 0.45),
    ]
    s.shape("polygon", beaker, GLASS, opacity=0.6)
    water = [
        (cx - w * 0.42, base - h * 0.02),
        (cx + w * 0.42, base - h * 0.02),
        (cx + w * 0.26, base - h * 0.18),
        (cx - w * 0.26, base - h * 0.18),
    ]
    s.shape("polygon", water, c, opacity=0.45)
    s.shape(
        "rectangle",
        (cx - tube / 2, base - h * 0.92, cx + tube / 2, base - h * 0.44),
        GLASS,
        opacity=0.6,
    )
    mouth = [
        (cx - tube / 2, base - h * 0.92),
        (cx - tube * 0.8, base - h),
        (cx + tube * 0.8, base - h),
        (cx + tube / 2, base - h * 0.92),
    ]
    s.shape("polygon", mouth, GLASS, opacity=0.6)
    s.shape("line", [*beaker, beaker[0]], outline, width=3, opacity=0.55, soft=0.8)
    for x in (cx - tube / 2, cx + tube / 2):
        s.shape(
            "line",
            [(x, base - h * 0.92), (x, base - h * 0.45)],
            outline,
            width=3,
            opacity=0.55,
            soft=0.8,
        )
    s.shape(
        "line",
        [(cx - tube * 0.2, base - h * 0.88), (cx - tube * 0.2, base - h * 0.5)],
        WHITE,
        width=5,
        opacity=0.9,
    )
    s.shape(
        "line",
        [(cx - w * 0.3, base - h * 0.05), (cx - tube * 0.35, base - h * 0.42)],
        WHITE,
        width=5,
        opacity=0.85,
    )
    s.shape(
        "line",
        [(cx + tube * 0.3, base - h * 0.3), (cx + w * 0.36, base - h * 0.46)],
        outline,
        width=int(w * 0.06),
        opacity=0.5,
    )
    bowl = [
        (cx + w * 0.3, base - h * 0.5),
        (cx + w * 0.46, base - h * 0.5),
        (cx + w * 0.42, base - h * 0.43),
        (cx + w * 0.34, base - h * 0.43),
    ]
    s.shape("polygon", bowl, c, opacity=0.8)
    s.shape(
        "rectangle", (cx - tube / 2, base - h * 0.7, cx + tube / 2, base - h * 0.67), c, opacity=0.9
    )


@kind(1.9)
def spoon(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 1.9
    bowl = (cx + w * 0.12, base - h, cx + w / 2, base)
    stem = [
        (cx - w / 2, base - h * 0.6),
        (cx + w * 0.25, base - h * 0.75),
        (cx + w * 0.25, base - h * 0.25),
        (cx - w / 2, base - h * 0.42),
    ]
    s.shape("polygon", stem, vertical(lighter(c, 0.3), darker(c, 0.2)))
    s.shape("ellipse", bowl, vertical(lighter(c, 0.3), darker(c, 0.25)))
    for i in range(5):
        x = cx - w * 0.4 + i * w * 0.14
        s.shape(
            "line",
            [(x, base - h * 0.66), (x + w * 0.08, base - h * 0.34)],
            WHITE,
            width=int(h * 0.05),
            opacity=0.6,
        )
    s.shape(
        "ellipse",
        (bowl[0] + w * 0.08, base - h * 0.78, bowl[2] - w * 0.08, base - h * 0.45),
        darker(c, 0.6),
    )
    s.shape(
        "line",
        [(cx - w * 0.45, base - h * 0.56), (cx + w * 0.2, base - h * 0.68)],
        WHITE,
        width=4,
        opacity=0.8,
    )


@kind(1.4)
def grinder(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    metal = mix(c, METAL, 0.55)
    w = h * 1.4
    e = w * 0.38
    top_y, bottom_y = base - h + e / 2, base - e / 2
    step = (bottom_y - top_y) / 3
    for i in range(3):
        y1 = bottom_y - i * step
        y0 = y1 - step + 3
        s.shape(
            "ellipse",
            (cx - w / 2, y1 - e / 2, cx + w / 2, y1 + e / 2),
            cylinder(darker(metal, 0.2), 0.6),
        )
        s.shape("rectangle", (cx - w / 2, y0, cx + w / 2, y1), cylinder(metal, 0.6))
        for k in range(1, 28):
            x = cx - w / 2 + w * k / 28
            s.shape("line", [(x, y0 + 6), (x, y1 - 6)], darker(metal, 0.25), width=1, soft=0.5)
    s.shape(
        "ellipse",
        (cx - w / 2, base - h, cx + w / 2, base - h + e),
        vertical(lighter(metal, 0.35), metal),
    )
    s.text((cx, base - h + e / 2), brand, darker(metal, 0.55), e * 0.22, max_width=w * 0.5)


@kind(1.7)
def puck(
    s: Scene, cx: float, base: float, h: float, c: Colour, brand: str, detail: str, seed: int
) -> None:
    w = h * 1.7
    e = w * 0.42
    side_h = h - e
    s.shape("ellipse", (cx - w / 2, base - e, cx + w / 2, base), cylinder(darker(c, 0.2), 0.5))
    s.shape(
        "rectangle",
        (cx - w / 2, base - e / 2 - side_h, cx + w / 2, base - e / 2),
        cylinder(darker(c, 0.1), 0.5),
    )
    top = (cx - w / 2, base - h, cx + w / 2, base - h + e)
    s.shape("ellipse", top, vertical(lighter(c, 0.25), c))
    s.shape(
        "ellipse",
        (top[0] + w * 0.06, top[1] + e * 0.07, top[2] - w * 0.06, top[3] - e * 0.07),
        lighter(c, 0.12),
        soft=1.5,
    )
    s.text((cx, base - h + e * 0.45), brand, ink_on(c), e * 0.3, max_width=w * 0.6)
    s.text(
        (cx, base - h + e * 0.74), detail or "", ink_on(c), e * 0.11, max_width=w * 0.6, bold=False
    )
