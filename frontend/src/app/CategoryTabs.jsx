import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CategoryIcon, useCategories } from '../lib/categories';
import { pageShift, scrollEdges, scrollToShow, wheelShift } from './categoryScroll';

export function CategoryTabs({ onNavigate }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const current = pathname === '/' ? params.get('category') || 'all' : null;
  const { categories } = useCategories();
  const tabs = [{ id: 'all', name: 'ALL', colorClass: 'cat-all' }, ...categories];
  const scroller = useRef(null);
  const [edges, setEdges] = useState({ more_before: false, more_after: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = scrollEdges(el);
    setEdges((prev) => (prev.more_before === next.more_before && prev.more_after === next.more_after ? prev : next));
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    measure();
    // React's onWheel is passive; turning a wheel into sideways scrolling needs preventDefault.
    const onWheel = (event) => {
      const shift = wheelShift(event, el);
      if (!shift) return;
      event.preventDefault();
      el.scrollLeft += shift;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  // The tabs arrive with the categories (GET /api/categories): measure the strip again.
  useEffect(() => {
    measure();
  }, [categories.length, measure]);

  // The chosen category stays in sight, even when it sits at the far end of the strip; again
  // once the arrows appear, as they narrow the strip by their own room.
  const overflow = edges.more_before || edges.more_after;
  useEffect(() => {
    const el = scroller.current;
    const active = el?.querySelector('[aria-current="page"]');
    if (!el || !active) return;
    el.scrollLeft = scrollToShow(active, el);
    measure();
  }, [current, categories.length, overflow, measure]);

  const page = (direction) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollBy?.({ left: pageShift(direction, el), behavior: 'smooth' });
  };

  // Both arrows show while the strip overflows, each disabled (and hidden) at its end, so the
  // strip never changes width as it scrolls and no tab sits under an arrow.
  return (
    <nav className="category-tabs" aria-label="Categories">
      {overflow ? (
        <button
          type="button"
          className="category-tabs__arrow category-tabs__arrow--prev"
          aria-label="Previous categories"
          disabled={!edges.more_before}
          onClick={() => page(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
      ) : null}
      <div className="category-tabs__scroller" ref={scroller}>
        <ul className="category-tabs__list">
          {tabs.map((c) => (
            <li key={c.id}>
              <Link
                to={c.id === 'all' ? '/' : `/?category=${encodeURIComponent(c.id)}`}
                className={`category-tab ${c.colorClass}${current === c.id ? ' is-active' : ''}`}
                aria-current={current === c.id ? 'page' : undefined}
                data-category={c.id}
                onClick={onNavigate}
              >
                <CategoryIcon id={c.id === 'all' ? null : c.id} />
                <span>{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {overflow ? (
        <button
          type="button"
          className="category-tabs__arrow category-tabs__arrow--next"
          aria-label="More categories"
          disabled={!edges.more_after}
          onClick={() => page(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
    </nav>
  );
}
