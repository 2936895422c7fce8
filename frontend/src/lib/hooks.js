import { useEffect, useRef, useState } from 'react';

export function useDebouncedValue(value, ms) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export const SCROLL_DEPTH = 0.75;
export const SCROLL_DEBOUNCE_MS = 100;

function scrollDepthReached() {
  const doc = document.documentElement;
  const scrollHeight = Math.max(doc.scrollHeight, document.body ? document.body.scrollHeight : 0);
  const viewport = window.innerHeight || doc.clientHeight;
  // A page shorter than the window can never be scrolled: load more until it can.
  if (scrollHeight <= viewport) return true;
  const scrolled = (window.scrollY || doc.scrollTop || 0) + viewport;
  return scrolled / scrollHeight >= SCROLL_DEPTH;
}

// The next page loads at 75% scroll depth, debounced by 100 ms.
export function useInfiniteScroll({ hasNextPage, isFetching, fetchNextPage }) {
  const latest = useRef({ hasNextPage, isFetching, fetchNextPage });
  latest.current = { hasNextPage, isFetching, fetchNextPage };
  const timer = useRef(null);
  const check = useRef(null);
  if (!check.current) {
    check.current = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const now = latest.current;
        if (now.hasNextPage && !now.isFetching && scrollDepthReached()) now.fetchNextPage();
      }, SCROLL_DEBOUNCE_MS);
    };
  }

  useEffect(() => {
    const onEvent = check.current;
    window.addEventListener('scroll', onEvent, { passive: true });
    window.addEventListener('resize', onEvent);
    return () => {
      window.removeEventListener('scroll', onEvent);
      window.removeEventListener('resize', onEvent);
      clearTimeout(timer.current);
    };
  }, []);

  // After every render (a page arrived, a fetch ended): a page that is still too short to
  // scroll, or already scrolled past 75%, needs the next page without waiting for a scroll.
  // React Query may report fetching and done in one render, so no dependency list here.
  useEffect(() => {
    if (hasNextPage && !isFetching) check.current();
  });
}

export function useEscape(handler, active = true) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event) => {
      if (event.key === 'Escape' || event.key === 'Esc') latest.current(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}

export function useMediaQuery(query) {
  const get = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (!window.matchMedia) return undefined;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, [query]);
  return matches;
}
