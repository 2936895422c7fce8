"""Drawing primitives for the demo catalog's product shots (shop.demo.images): a studio
backdrop, soft shadows, shaded solids and label text, with Pillow only.

Every shape is drawn into a mask the size of its own bounding box and feathered by a small
blur, which gives smooth edges without drawing the whole picture at a higher resolution (the
demo command draws some fifty pictures and must stay quick)."""

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFilter, ImageFont

# An RGB colour; a fill is a colour or a callable (width, height) -> RGB image.
Colour = tuple[int, ...]
Fill = Colour | Callable[[int, int], Image.Image]
F = TypeVar("F", bound=Callable[..., None])

WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
GLASS = (214, 230, 236)
METAL = (176, 182, 190)
CAP = (34, 36, 42)

# Every object a product can be drawn as, by name (filled by the @kind decorator).
OBJECTS: dict[str, Any] = {}


def kind(aspect: float) -> Callable[[F], F]:
    """Register an object drawing; `aspect` is the object's width over its height."""

    def register(fn: F) -> F:
        fn.aspect = aspect  # type: ignore[attr-defined]  # read back through OBJECTS
        OBJECTS[fn.__name__] = fn
        return fn

    return register


def mix(a: Sequence[float], b: Sequence[float], t: float) -> Colour:
    """Colour `t` of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def lighter(colour: Colour, t: float) -> Colour:
    return mix(colour, WHITE, t)


def darker(colour: Colour, t: float) -> Colour:
    return mix(colour, BLACK, t)


def luminance(colour: Colour) -> float:
    r, g, b = colour
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def ink_on(colour: Colour) -> Colour:
    """Text colour that reads on `colour`."""
    return (30, 30, 36) if luminance(colour) > 0.62 else WHITE


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> Any:
    names = ["DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"] if bold else ["DejaVuSans.ttf"]
    for name in names:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


# --- fills: a colour, or a callable (width, height) -> RGB image ---------------------------


def cylinder(colour: Colour, gloss: float = 0.55) -> Callable[[int, int], Image.Image]:
    """Round-body shading: dark edges, a lit side and a narrow highlight (a can, a bottle)."""

    def fill(width: int, height: int) -> Image.Image:
        row = []
        for x in range(width):
            t = (x + 0.5) / width
            light = 0.58 + 0.5 * math.sin(math.pi * min(1.0, t * 1.08))
            base = tuple(min(255, round(c * light)) for c in colour)
            spec = gloss * math.exp(-(((t - 0.27) / 0.055) ** 2))
            spec += gloss * 0.35 * math.exp(-(((t - 0.8) / 0.03) ** 2))
            row.append(mix(base, WHITE, min(1.0, spec)))
        image = Image.new("RGB", (width, 1))
        image.putdata(row)
        return image.resize((width, height), Image.Resampling.NEAREST)

    return fill


def vertical(top: Colour, bottom: Colour) -> Callable[[int, int], Image.Image]:
    def fill(width: int, height: int) -> Image.Image:
        column = Image.new("RGB", (1, height))
        column.putdata([mix(top, bottom, y / max(1, height - 1)) for y in range(height)])
        return column.resize((width, height), Image.Resampling.NEAREST)

    return fill


def _shift(xy: Any, dx: float, dy: float) -> list[Any]:
    if xy and isinstance(xy[0], (tuple, list)):
        return [(x - dx, y - dy) for x, y in xy]
    return [v - (dx if i % 2 == 0 else dy) for i, v in enumerate(xy)]


def _bounds(xy: Any, pad: int) -> tuple[int, int, int, int]:
    if xy and isinstance(xy[0], (tuple, list)):
        xs, ys = [p[0] for p in xy], [p[1] for p in xy]
    else:
        xs, ys = list(xy[0::2]), list(xy[1::2])
    return (
        math.floor(min(xs)) - pad,
        math.floor(min(ys)) - pad,
        math.ceil(max(xs)) + pad,
        math.ceil(max(ys)) + pad,
    )


class Scene:
    def __init__(self, side: int, tint: Colour) -> None:
        self.side = side
        self.tint = tint
        top = lighter(tint, 0.9)
        bottom = lighter(tint, 0.78)
        self.image = vertical(top, bottom)(side, side)
        # A lit spot behind the product, like a studio backdrop.
        self.glow((side * 0.5, side * 0.45), side * 0.42, WHITE, 0.55)

    def u(self, v: float) -> float:
        """A length given as a share of the picture's side, in pixels."""
        return v * self.side

    def shape(
        self,
        kind: str,
        xy: Any,
        fill: Fill,
        *,
        soft: float = 1.2,
        opacity: float = 1.0,
        **options: Any,
    ) -> None:
        """Paint one shape (an ImageDraw method name) with a colour or a fill callable."""
        width = options.get("width", 0)
        x0, y0, x1, y1 = _bounds(xy, 3 + width + int(soft * 2))
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.side, x1), min(self.side, y1)
        if x1 <= x0 or y1 <= y0:
            return
        mask = Image.new("L", (x1 - x0, y1 - y0), 0)
        draw = ImageDraw.Draw(mask)
        if kind == "line":
            draw.line(_shift(xy, x0, y0), fill=255, **options)
        elif width:
            getattr(draw, kind)(_shift(xy, x0, y0), outline=255, **options)
        else:
            getattr(draw, kind)(_shift(xy, x0, y0), fill=255, **options)
        if soft:
            mask = mask.filter(ImageFilter.GaussianBlur(soft))
        if opacity < 1:
            mask = mask.point(lambda v: round(v * opacity))
        source = fill(*mask.size) if callable(fill) else Image.new("RGB", mask.size, fill)
        self.image.paste(source, (x0, y0), mask)

    def glow(
        self, centre: tuple[float, float], radius: float, colour: Colour, strength: float
    ) -> None:
        """A soft round light (or, in black, a soft shadow), blurred on a small copy."""
        cx, cy = centre
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
        self._soft_ellipse(box, colour, strength, blur=0.35)

    def shadow(self, cx: float, base_y: float, half_width: float, strength: float = 0.38) -> None:
        """The contact shadow under an object standing at base_y."""
        h = half_width * 0.16
        self._soft_ellipse(
            (cx - half_width, base_y - h, cx + half_width, base_y + h),
            darker(self.tint, 0.75),
            strength,
            blur=0.25,
        )
        self._soft_ellipse(
            (cx - half_width * 0.7, base_y - h * 0.45, cx + half_width * 0.7, base_y + h * 0.45),
            BLACK,
            strength * 0.8,
            blur=0.2,
        )

    def _soft_ellipse(
        self, box: tuple[float, float, float, float], colour: Colour, strength: float, blur: float
    ) -> None:
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        pad = max(w, h) * blur
        bx0, by0 = int(x0 - pad), int(y0 - pad)
        bw, bh = int(w + 2 * pad), int(h + 2 * pad)
        # Blur a small copy (fast), but keep the ellipse a dozen pixels tall there.
        scale = max(1, min(8, int(min(w, h) / 12)))
        small = Image.new("L", (max(1, bw // scale), max(1, bh // scale)), 0)
        ImageDraw.Draw(small).ellipse(
            [pad / scale, pad / scale, (pad + w) / scale, (pad + h) / scale],
            fill=round(255 * strength),
        )
        small = small.filter(ImageFilter.GaussianBlur(max(1, pad / scale / 2)))
        mask = small.resize((bw, bh), Image.Resampling.BILINEAR)
        self.image.paste(Image.new("RGB", (bw, bh), colour), (bx0, by0), mask)

    def text(
        self,
        centre: tuple[float, float],
        text: str,
        colour: Colour,
        size: float,
        *,
        max_width: float | None = None,
        bold: bool = True,
        anchor: str = "mm",
    ) -> int:
        size = int(size)
        if max_width:
            while size > 8 and font(size, bold).getlength(text) > max_width:
                size -= 2
        ImageDraw.Draw(self.image).text(
            centre, text, fill=colour, font=font(size, bold), anchor=anchor
        )
        return size
