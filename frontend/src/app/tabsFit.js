import { useEffect, useLayoutEffect, useRef, useState } from 'react';

// How many tabs, in their order, fit `room` px: all of them, or as many as leave room for the
// More button that holds the rest. `widths` are the tabs' own widths, `gap` the space between
// two items of the row.
export function fittingCount(widths, moreWidth, gap, room) {
  const span = (n) => widths.slice(0, n).reduce((sum, w) => sum + w, 0) + gap * Math.max(0, n - 1);
  if (span(widths.length) <= room) return widths.length;
  let n = widths.length - 1;
  while (n > 0 && span(n) + gap + moreWidth > room) n -= 1;
  return n;
}

// The header's tabs are measured on a hidden copy of the row (`rulerRef`: every tab, then the
// More button), against the room their area is given (`areaRef`), whenever either changes size:
// a new tab, a longer label or a narrower window moves the point where tabs fold into More, with
// no breakpoint to keep in step. Off (`enabled` false: the phone's menu lists them all) or where
// nothing can be measured (no ResizeObserver), every tab shows.
export function useTabsFit(enabled, count) {
  const areaRef = useRef(null);
  const rulerRef = useRef(null);
  const [fit, setFit] = useState(count);

  useLayoutEffect(() => {
    const area = areaRef.current;
    const ruler = rulerRef.current;
    if (!enabled || !area || !ruler || typeof ResizeObserver === 'undefined') {
      setFit(count);
      return undefined;
    }
    const measure = () => {
      const widths = [...ruler.children].map((item) => item.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(ruler).columnGap) || 0;
      setFit(fittingCount(widths, more, gap, area.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    observer.observe(ruler);
    return () => observer.disconnect();
  }, [enabled, count]);

  return { areaRef, rulerRef, fit: enabled ? fit : count };
}

// A menu that shuts on Escape, on a click outside `ref`, and when asked.
export function useDropdown() {
  const ref = useRef(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event) => {
      if (ref.current && !ref.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);
  return { ref, open, toggle: () => setOpen((v) => !v), close: () => setOpen(false) };
}
