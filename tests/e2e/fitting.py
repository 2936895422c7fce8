"""What a screen must never do at any width: stick out of the screen, or break a figure or a
word in the middle. One walk over the visible text measures each piece against its line height:
a sum of money, a button's, pill's or tab's words stay on one line; any other word (a table
cell's, a name) never splits inside itself, an e-mail only after its @ or a dot."""

# A piece of text is on one line when its box is no taller than one line of its element (the
# larger of the line height and the glyphs' own height, with a little slack for rounding).
BROKEN = r"""() => {
  const MONEY = /-?\$\s?[\d,]+(?:\.\d+)?/g;
  const WHOLE = 'button, .button, .admin-button, [role="tab"], .badge, .chip, .admin-status,'
    + ' .order-chip, .sale-badge, .category-tab, .header__tab';
  const hidden = (el) => {
    for (let at = el; at && at !== document.body; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.clip !== 'auto' || style.visibility === 'hidden' || style.display === 'none') return true;
      if (at.getAttribute('aria-hidden') === 'true' && at.closest('svg')) return true;
    }
    return false;
  };
  const lineOf = (el) => {
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    const line = parseFloat(style.lineHeight);
    return Math.max(Number.isFinite(line) ? line : size * 1.2, size * 1.25);
  };
  const block = (el) => {
    let at = el;
    while (at.parentElement && getComputedStyle(at).display.startsWith('inline')) at = at.parentElement;
    return at;
  };
  // Broken: on more than one line, unless it is wider than its whole column (a word that long
  // must break somewhere: only "where needed").
  const tall = (node, start, end, el) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    const box = range.getBoundingClientRect();
    if (box.width < 1) return false;
    const rects = [...range.getClientRects()].filter((r) => r.width >= 1);
    const column = block(el);
    const style = getComputedStyle(column);
    const room = column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (rects.reduce((sum, r) => sum + r.width, 0) > room + 1) return false;
    const tops = new Set(rects.map((r) => Math.round(r.top / 4)));
    return box.height > lineOf(el) * 1.5 || tops.size > 2;
  };
  // A word's pieces: an e-mail may break after its @ or before a dot, any word after a hyphen.
  const pieces = (word) => (word.includes('@') ? word.split(/(?<=@)|(?=\.)|(?<=-)/) : word.split(/(?<=-)/));
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.data;
    if (!text.trim() || !el || el.closest('script, style, noscript, option') || hidden(el)) continue;
    const what = (kind, piece) =>
      `${kind} "${piece}" in ${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().width)}px wide`;
    if (el.closest(WHOLE)) {
      const start = text.search(/\S/);
      const end = text.trimEnd().length;
      if (tall(node, start, end, el)) found.push(what('label', text.trim()));
      continue;
    }
    for (const match of text.matchAll(MONEY)) {
      if (tall(node, match.index, match.index + match[0].length, el)) found.push(what('money', match[0]));
    }
    for (const match of text.matchAll(/\S+/g)) {
      let at = match.index;
      for (const piece of pieces(match[0])) {
        if (piece.length > 1 && tall(node, at, at + piece.length, el)) found.push(what('word', piece));
        at += piece.length;
      }
    }
  }
  return found.slice(0, 12);
}"""

# The page's width, and every open dialog's, against the screen's.
WIDE = r"""() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width) {
    found.push(`page ${document.documentElement.scrollWidth}px`);
    const out = [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width >= 1 && r.right > width + 1 && getComputedStyle(el).visibility !== 'hidden';
    });
    // The innermost: what sticks out rather than every box around it.
    out.filter((el) => !out.some((other) => other !== el && el.contains(other))).slice(0, 4)
      .forEach((el) => found.push(`${el.tagName.toLowerCase()}.${el.className} to ${Math.round(el.getBoundingClientRect().right)}px`));
  }
  for (const dialog of document.querySelectorAll('[role="dialog"], dialog[open]')) {
    const box = dialog.getBoundingClientRect();
    if (box.width < 1) continue;
    if (box.left < -1 || box.right > width + 1) found.push(`dialog ${Math.round(box.left)}..${Math.round(box.right)}`);
    if (dialog.scrollWidth > dialog.clientWidth + 1) found.push(`dialog content ${dialog.scrollWidth}px`);
    for (const inner of dialog.querySelectorAll('*')) {
      const style = getComputedStyle(inner);
      if (style.clip !== 'auto' || style.visibility === 'hidden') continue;
      const r = inner.getBoundingClientRect();
      if (r.width >= 1 && (r.right > box.right + 1 || r.left < box.left - 1)) {
        found.push(`${inner.tagName.toLowerCase()}.${inner.className} out of the dialog`);
        break;
      }
    }
  }
  return { width, found };
}"""


def assert_fits(page, what):
    """Nothing wider than the screen, and no figure or word broken inside, on `page` now."""
    wide = page.evaluate(WIDE)
    broken = page.evaluate(BROKEN)
    assert wide["found"] == [], (what, wide)
    assert broken == [], (what, broken)


# Elements whose content is cut: an element narrower than its content, an input's placeholder or
# value, or a select's chosen option, wider than the room inside it.
CLIPPED = r"""(selector) => {
  const canvas = document.createElement('canvas').getContext('2d');
  const textWidth = (el, text) => {
    const style = getComputedStyle(el);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const room = (el, extra) => {
    const style = getComputedStyle(el);
    return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - extra;
  };
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (box.width < 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const name = `${el.tagName.toLowerCase()}.${el.className}`;
    if (el.tagName === 'INPUT' && ['checkbox', 'radio', 'hidden'].includes(el.type)) continue;
    if (el.tagName === 'INPUT') {
      const text = el.value || el.placeholder;
      // A search box keeps room for its clear button once it holds text.
      const need = textWidth(el, text);
      const have = room(el, el.type === 'search' && el.value ? 16 : 0);
      if (text && need > have) found.push(`${name} "${text}" ${Math.round(need)} > ${Math.round(have)}`);
    } else if (el.tagName === 'SELECT') {
      const text = el.selectedOptions[0]?.text || '';
      const need = textWidth(el, text);
      const have = room(el, 20); // the arrow Chromium draws inside the box
      if (need > have) found.push(`${name} "${text}" ${Math.round(need)} > ${Math.round(have)}`);
    } else if (el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name} "${el.textContent.trim()}" ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  return found;
}"""


def assert_unclipped(page, selector, what):
    found = page.evaluate(CLIPPED, selector)
    assert found == [], (what, found)
