// How the category strip scrolls: arrows and fades show where more tabs hide, a mouse wheel
// turned over the strip moves it sideways, and the chosen tab is brought into view.

// Which ends of a sideways scroller have more to show (a pixel of slack for rounding).
export function scrollEdges({ scrollLeft, scrollWidth, clientWidth }) {
  return { more_before: scrollLeft > 1, more_after: scrollLeft + clientWidth < scrollWidth - 1 };
}

// A vertical wheel turn over a strip that scrolls sideways moves it sideways; a sideways
// gesture (trackpad) is left to the browser; a strip at its end lets the page scroll on.
export function wheelShift({ deltaX, deltaY }, { scrollLeft, scrollWidth, clientWidth }) {
  if (Math.abs(deltaX) >= Math.abs(deltaY) || scrollWidth <= clientWidth) return 0;
  const room = deltaY > 0 ? scrollWidth - clientWidth - scrollLeft : -scrollLeft;
  return deltaY > 0 ? Math.min(deltaY, room) : Math.max(deltaY, room);
}

// One arrow press moves most of a strip's width, keeping a tab of context.
export function pageShift(direction, { clientWidth }) {
  return direction * Math.max(120, Math.round(clientWidth * 0.8));
}

// The scroll position that shows a tab (offsetLeft/offsetWidth) with a little room around it.
export function scrollToShow({ offsetLeft, offsetWidth }, { scrollLeft, clientWidth }, margin = 16) {
  if (offsetLeft - margin < scrollLeft) return Math.max(0, offsetLeft - margin);
  if (offsetLeft + offsetWidth + margin > scrollLeft + clientWidth) return offsetLeft + offsetWidth + margin - clientWidth;
  return scrollLeft;
}
