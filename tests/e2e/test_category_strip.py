"""Issue 42, item 12: the category strip's first and last chips are whole and take a tap at both
ends of the strip, at 320, 375, 1024 and 1366 px: scrolled to its start and to its end (by its
arrows, as a shopper does, and by jumping there), no chip end is cut by the strip's edge nor
lies under an arrow or a fade, and a tap at either end of a chip lands on the chip."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import sign_in
from .helpers import make_customer

# What is wrong with a chip where it stands now: cut by the strip (or the screen), under a
# shown arrow, or covered where a finger lands (its centre and the middles of its round ends).
CHIP_PROBLEMS = r"""(nav, which) => {
  const chips = [...nav.querySelectorAll('.category-tab')];
  const chip = which === 'first' ? chips[0] : chips[chips.length - 1];
  const scroller = nav.querySelector('.category-tabs__scroller');
  const box = chip.getBoundingClientRect();
  // The chosen chip's ring (a box-shadow's spread) is part of what must show.
  const spread = chip.getAttribute('aria-current')
    ? parseFloat((getComputedStyle(chip).boxShadow.match(/(-?[\d.]+)px(?!.*px)/) || [0, '0'])[1]) : 0;
  const r = { left: box.left - spread, right: box.right + spread, top: box.top - spread,
              bottom: box.bottom + spread, width: box.width + 2 * spread, height: box.height + 2 * spread };
  const s = scroller.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const name = `the ${which} chip "${chip.textContent.trim()}"`;
  const span = (box) => `${Math.round(box.left)}..${Math.round(box.right)}`;
  const problems = [];
  if (r.left < Math.max(s.left, 0) - 0.5 || r.right > Math.min(s.right, vw) + 0.5
      || r.top < s.top - 0.5 || r.bottom > s.bottom + 0.5) {
    problems.push(`${name} (${span(r)}) is cut by the strip (${span(s)}, screen ${vw})`);
  }
  for (const arrow of nav.querySelectorAll('.category-tabs__arrow')) {
    const a = arrow.getBoundingClientRect();
    if (getComputedStyle(arrow).visibility === 'hidden' || a.width < 1) continue;
    if (a.left < r.right && r.left < a.right && a.top < r.bottom && r.top < a.bottom) {
      problems.push(`${name} (${span(r)}) lies under "${arrow.getAttribute('aria-label')}" (${span(a)})`);
    }
  }
  const y = r.top + r.height / 2;
  const inset = Math.min(r.height / 2, r.width / 2);
  for (const [where, x] of [['left end', r.left + inset], ['centre', r.left + r.width / 2],
                            ['right end', r.right - inset]]) {
    const hit = document.elementFromPoint(x, y);
    if (!hit || !chip.contains(hit)) {
      const by = hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing (off screen)';
      problems.push(`a tap at ${name}'s ${where} (${Math.round(x)}, ${Math.round(y)}) reaches ${by}`);
    }
  }
  return problems;
}"""

# Where the strip stands: at its start, at its end, and whether it scrolls at all.
STRIP_AT = """(nav) => {
  const s = nav.querySelector('.category-tabs__scroller');
  return { left: s.scrollLeft, end: s.scrollWidth - s.clientWidth };
}"""


def open_strip(page, width):
    if width < 768:  # a phone's strip waits in the menu (header.css)
        page.get_by_role("button", name="Open menu").click()
    strip = page.get_by_role("navigation", name="Categories")
    expect(strip.get_by_role("link").first).to_be_visible()
    expect(strip.get_by_role("link")).to_have_count(14)
    return strip


def chip_problems(strip, which):
    """The chip's problems once the strip has settled (it scrolls and measures itself after
    each render), or those still there after a few seconds."""
    # The strip in sight (a phone's menu scrolls), without moving it sideways.
    strip.evaluate("(nav) => nav.scrollIntoView({ block: 'nearest', inline: 'nearest' })")
    try:
        strip.page.wait_for_function(
            f"([nav, which]) => ({CHIP_PROBLEMS})(nav, which).length === 0",
            arg=[strip.element_handle(), which],
            timeout=3_000,
        )
    except PlaywrightTimeout:
        pass
    return strip.evaluate(CHIP_PROBLEMS, which)


def press_until_hidden(page, strip, name):
    """Press an arrow until the strip reaches that end and the arrow hides."""
    arrow = strip.get_by_role("button", name=name)
    for _ in range(20):
        if not arrow.count() or not arrow.is_visible():
            return
        before = strip.evaluate(STRIP_AT)["left"]
        try:
            arrow.click(timeout=3_000)
        except PlaywrightTimeout:
            # The last scroll's end hid the arrow between the look and the press.
            if not arrow.is_visible():
                return
            raise
        # A smooth scroll: it has moved, and stopped.
        page.wait_for_function(
            """([nav, before]) => new Promise((done) => {
                 const s = nav.querySelector('.category-tabs__scroller');
                 let last = s.scrollLeft;
                 const look = () => requestAnimationFrame(() => requestAnimationFrame(() => {
                   const still = s.scrollLeft === last;
                   last = s.scrollLeft;
                   if (still && last !== before) done(true); else look();
                 }));
                 look();
               })""",
            arg=[strip.element_handle(), before],
        )
    raise AssertionError(f"{name!r} never hid")


@pytest.mark.parametrize("width", [320, 375, 1024, 1366])
def test_the_first_and_last_category_chips_are_whole_and_tappable_at_both_ends(
    server, new_page, width
):
    _, password, _ = make_customer(server, name="Strip Walker")
    page = sign_in(new_page(viewport={"width": width, "height": 800}), password)
    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    strip = open_strip(page, width)

    # At the start, as the page opens.
    assert chip_problems(strip, "first") == [], width
    # At the end, by the arrows (where the strip scrolls); then back by them.
    press_until_hidden(page, strip, "More categories")
    at = strip.evaluate(STRIP_AT)
    assert at["left"] >= at["end"] - 1, (width, at)
    assert chip_problems(strip, "last") == [], width
    press_until_hidden(page, strip, "Previous categories")
    assert strip.evaluate(STRIP_AT)["left"] <= 1
    assert chip_problems(strip, "first") == [], width

    # Jumped to either end at once.
    strip.evaluate(
        "(nav) => { const s = nav.querySelector('.category-tabs__scroller');"
        " s.scrollLeft = s.scrollWidth; }"
    )
    expect(strip.get_by_role("button", name="More categories")).to_be_hidden()
    assert chip_problems(strip, "last") == [], width

    # A tap on the last chip's right end chooses its category, and the strip still shows it whole.
    last = strip.locator(".category-tab").last
    category = last.get_attribute("data-category")
    box = last.bounding_box()
    page.mouse.click(box["x"] + box["width"] - box["height"] / 2, box["y"] + box["height"] / 2)
    expect(page).to_have_url(re.compile(rf"[?&]category={re.escape(category)}$"))
    strip = open_strip(page, width)
    expect(strip.locator(".category-tab").last).to_have_attribute("aria-current", "page")
    assert chip_problems(strip, "last") == [], width
    # Opened afresh on that category, the strip brings its chip into sight whole.
    page.reload()
    strip = open_strip(page, width)
    expect(strip.locator(".category-tab").last).to_have_attribute("aria-current", "page")
    assert chip_problems(strip, "last") == [], width

    strip.evaluate("(nav) => { nav.querySelector('.category-tabs__scroller').scrollLeft = 0; }")
    expect(strip.get_by_role("button", name="Previous categories")).to_be_hidden()
    assert chip_problems(strip, "first") == [], width
    first = strip.locator(".category-tab").first
    box = first.bounding_box()
    page.mouse.click(box["x"] + box["height"] / 2, box["y"] + box["height"] / 2)
    expect(page).to_have_url(re.compile(r"/$"))
