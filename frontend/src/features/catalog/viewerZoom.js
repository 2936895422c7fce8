// The full-screen viewer's zoom and pan, as pure functions of numbers (tested without a screen).
//
// The picture first fits the screen, never shown larger than its own pixels (it is laid out at
// its natural size at most). Zoom then goes up to the point where one of the picture's pixels
// covers one of the screen's: past that a zoom only magnifies blur. A screen denser than 2x is
// counted as 2x, so a phone still zooms usefully on a 1600 px picture, each of its pixels then
// spread over at most 1.5 of the screen's.
export const MIN_ZOOM = 1;
export const MAX_DENSITY_COUNTED = 2;
export const WHEEL_STEP = 1.2;
export const BUTTON_STEP = 1.5;

// How far the picture may be zoomed: its real width over the width it fits in, in screen pixels.
export function zoomCap(realWidth, fittedWidth, devicePixelRatio = 1) {
  if (!realWidth || !fittedWidth) return MIN_ZOOM;
  const density = Math.min(Math.max(devicePixelRatio || 1, 1), MAX_DENSITY_COUNTED);
  return Math.max(MIN_ZOOM, realWidth / (fittedWidth * density));
}

export function clampZoom(scale, cap) {
  return Math.min(Math.max(scale, MIN_ZOOM), Math.max(cap, MIN_ZOOM));
}

// The offset (px from centred) keeping a zoomed picture over the stage: it may move until its
// edge meets the stage's edge, and stays centred on an axis where it is smaller than the stage.
export function clampOffset(offset, scale, fitted, stage) {
  const room = (size, stageSize) => Math.max(0, (size * scale - stageSize) / 2);
  // `|| 0`: no -0 from an axis that may not move.
  const limit = (value, max) => Math.min(max, Math.max(-max, value)) || 0;
  return {
    x: limit(offset.x, room(fitted.width, stage.width)),
    y: limit(offset.y, room(fitted.height, stage.height)),
  };
}

// Zoom from `view` ({scale, x, y}) to `nextScale` keeping the point under `focus` (px from the
// stage's centre) where it is, as a map does under the mouse wheel or two fingers.
export function zoomAround(view, nextScale, focus) {
  const ratio = nextScale / view.scale;
  return {
    scale: nextScale,
    x: focus.x - (focus.x - view.x) * ratio,
    y: focus.y - (focus.y - view.y) * ratio,
  };
}

// A horizontal swipe: -1 (previous), 1 (next) or 0, from where it started and ended.
export function swipeStep(start, end, threshold = 50) {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

export const distance = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
export const midpoint = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
