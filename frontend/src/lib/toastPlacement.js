// Where toasts go (docs/architecture.md, "Design system"): at the bottom of the screen (full
// width on a phone, above its safe area; bottom right on a desktop, beside an open drawer),
// and never over the control that has focus, a visible heading or a header control: when the
// bottom is taken the stack moves up to the first free band.

export const TOAST_GAP = 12; // px between the stack and the screen's edge
export const WIDE_SCREEN = 768; // px: from here the stack sits bottom right, not full width
export const TOAST_WIDTH = 384; // px: the stack's width on a wide screen (24rem)
const STEP = 8; // px: how far up each try moves the stack

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

// The stack's horizontal band: bottom right on a wide screen (left of a drawer open at the
// right when there is room for both), the screen's width less the gaps on a phone.
export function toastColumn({ viewport, drawerLeft = null, width = TOAST_WIDTH }) {
  if (viewport.width < WIDE_SCREEN) return { left: TOAST_GAP, right: viewport.width - TOAST_GAP };
  const beside = drawerLeft !== null && drawerLeft - TOAST_GAP * 2 >= width ? drawerLeft : viewport.width;
  return { left: beside - TOAST_GAP - width, right: beside - TOAST_GAP };
}

// The stack's distance from the screen's bottom: the lowest band of `height` between the top
// limit (under a pinned header) and the bottom that covers none of `avoid` (rectangles with
// top/bottom/left/right). When no band is free it stays at the bottom.
export function toastBottom({ viewport, height, column, avoid = [], topLimit = 0 }) {
  for (let bottom = TOAST_GAP; viewport.height - bottom - height >= topLimit; bottom += STEP) {
    const band = { left: column.left, right: column.right, top: viewport.height - bottom - height, bottom: viewport.height - bottom };
    if (!avoid.some((rect) => overlaps(band, rect))) return bottom;
  }
  return TOAST_GAP;
}

function shown(rect, viewport) {
  return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < viewport.height;
}

// What a toast must leave uncovered on this screen: the focused element, the headings of the
// topmost dialog (or of the page when none is open) and the pinned header's controls.
export function toastAvoids(doc, region) {
  const viewport = { width: doc.documentElement.clientWidth, height: doc.defaultView?.innerHeight ?? 0 };
  const dialogs = doc.querySelectorAll('[role="dialog"]');
  const layer = dialogs.length ? dialogs[dialogs.length - 1] : doc.body;
  const focused = doc.activeElement;
  const elements = [...layer.querySelectorAll('h1, h2, h3'), ...doc.querySelectorAll('header.header :is(a, button, input)')];
  if (focused && focused !== doc.body && !region?.contains(focused)) elements.push(focused);
  const avoid = elements.map((el) => el.getBoundingClientRect()).filter((rect) => shown(rect, viewport));
  const header = doc.querySelector('header.header');
  const topLimit = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const drawer = doc.querySelector('.drawer');
  const drawerLeft = drawer ? drawer.getBoundingClientRect().left : null;
  return { viewport, avoid, topLimit, drawerLeft };
}

// Where the region goes for a stack `height` px tall on this screen: { left, width, bottom }.
export function placeToasts(doc, region, height) {
  const { viewport, avoid, topLimit, drawerLeft } = toastAvoids(doc, region);
  const column = toastColumn({ viewport, drawerLeft });
  const bottom = toastBottom({ viewport, height, column, avoid, topLimit });
  return { left: Math.round(column.left), width: Math.round(column.right - column.left), bottom: Math.round(bottom) };
}
