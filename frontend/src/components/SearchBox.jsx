import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../lib/hooks';

export const SEARCH_DEBOUNCE_MS = 500;

// Typing updates /?search= after a 500 ms pause (one request per pause, not per key), keeping the chosen category, so links
// and the back button work. The URL stays the source of truth: clearing it clears the box.
// Only the product list's URL is read: another page's `?search=` (the back office's order
// search) is that page's own and never shows here.
export function SearchBox({ className = '', id }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const urlSearch = location.pathname === '/' ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(urlSearch);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastPushed = useRef(urlSearch);
  const fallbackId = useId();
  const inputId = id ?? fallbackId;

  useEffect(() => {
    if (urlSearch !== lastPushed.current) {
      lastPushed.current = urlSearch;
      setText(urlSearch);
    }
  }, [urlSearch]);

  // Leaving for another page (a product card, a tab) drops a term still being typed, so its
  // pending push does not pull the shopper back to the list half a second later.
  const lastPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === lastPath.current) return;
    lastPath.current = location.pathname;
    if (location.pathname !== '/') {
      lastPushed.current = urlSearch;
      setText(urlSearch);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a page change only; the URL's term is read, not watched
  }, [location.pathname]);

  useEffect(() => {
    const term = debounced.trim();
    if (term === lastPushed.current.trim()) return;
    lastPushed.current = term;
    const next = new URLSearchParams();
    const category = location.pathname === '/' ? params.get('category') : null;
    if (category) next.set('category', category);
    if (term) next.set('search', term);
    const query = next.toString();
    navigate(query ? `/?${query}` : '/', { replace: location.pathname === '/' && Boolean(urlSearch) && Boolean(term) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pushes when the debounced text settles, not when the URL changes under it
  }, [debounced]);

  return (
    <form className={`search-box ${className}`.trim()} role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <svg className="search-box__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M10.5 4a6.5 6.5 0 1 0 4.1 11.5l4.2 4.2 1.4-1.4-4.2-4.2A6.5 6.5 0 0 0 10.5 4zm0 2a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9z"
          fill="currentColor"
        />
      </svg>
      <input
        id={inputId}
        type="search"
        className="search-box__input"
        placeholder="Search products..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
