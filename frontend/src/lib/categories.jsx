import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

// GET /api/categories: ids, names and colour classes come from the server (the Category table),
// read once per session. Only the icons are the client's own, drawn by category id.
export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => api.get('/categories', undefined, { auth: false, signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});

const NO_CATEGORIES = [];

export function useCategories() {
  const { data } = useQuery(categoriesQuery);
  const categories = Array.isArray(data) ? data : NO_CATEGORIES;
  return { categories, categoryById: (id) => categories.find((c) => c.id === id) ?? null };
}

// Simple 24x24 stroke glyphs by category id: no icon font, no emoji, a few hundred bytes in all.
const PATHS = {
  all: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  disposables: 'M9 2h6v4H9zM8 6h8v16H8zM11 10h2v4h-2z',
  'coils-pods': 'M12 2v4M12 18v4M4.9 4.9l2.8 2.8M16.3 16.3l2.8 2.8M2 12h4M18 12h4M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
  juices: 'M10 2h4v3h-4zM8 5h8l1 4v12H7V9zM7 13h10',
  'glass-pipe': 'M8 2h8l-1 9a3 3 0 0 1-6 0zM12 14v6M8 22h8',
  pouches: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16zM12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
  'cream-chargers': 'M9 2h6v3H9zM7 5h10v4a5 5 0 0 1-10 0zM12 14v8',
  labubu: 'M12 2l3 6 6 1-4.5 4.5 1 6.5L12 17l-5.5 3 1-6.5L3 9l6-1z',
  'diecast-cars': 'M3 13l2-5h14l2 5v5H3zM7 18a2 2 0 1 0 0.1 0M17 18a2 2 0 1 0 0.1 0M3 13h18',
  'party-supplies': 'M4 20L9 5l10 10zM14 4l1-2M18 8l2-1M17 3l1 1',
  alcohol: 'M8 2h8v6a4 4 0 0 1-8 0zM12 12v8M8 22h8',
  vaporizors: 'M7 3h10v18H7zM10 7h4M10 11h4M12 16a1 1 0 1 0 0.1 0',
  hemp: 'M12 22V10M12 10C9 7 8 4 12 2c4 2 3 5 0 8zM12 12c-3-1-6 0-8 3 3 1 6 0 8-3zM12 12c3-1 6 0 8 3-3 1-6 0-8-3z',
  kratom: 'M5 19C5 9 11 4 20 4c0 9-5 15-15 15zM5 19l8-8',
};

// An id without a glyph of its own (a category added later) gets the generic one.
export function CategoryIcon({ id, size = 18 }) {
  const d = (id && PATHS[id]) || PATHS.all;
  return (
    <svg
      className="category-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
