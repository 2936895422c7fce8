import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useInfiniteScroll } from './hooks';

// Helpers for useInfiniteQuery over `{<key>: [...], pagination: {page, hasNextPage}}` or, from
// older servers, a plain list where a full page means there may be more.
export function pagesToItems(pages, key) {
  if (!pages) return [];
  return pages.flatMap((page) => (Array.isArray(page) ? page : (page?.[key] ?? [])));
}

function nextOfPagination(pagination, lastPageParam) {
  if (!pagination.hasNextPage) return undefined;
  // A keyset list (the orders) names where its next page starts: that is the next param.
  if (pagination.nextCursor) return pagination.nextCursor;
  return (Number(pagination.page) || Number(lastPageParam) || 1) + 1;
}

export function nextPageParam(lastPage, key, limit, lastPageParam) {
  if (!lastPage) return undefined;
  if (Array.isArray(lastPage)) {
    if (lastPage.length < limit) return undefined;
    return (Number(lastPageParam) || 1) + 1;
  }
  const pagination = lastPage.pagination;
  if (pagination) return nextOfPagination(pagination, lastPageParam);
  const items = lastPage[key] ?? [];
  return items.length >= limit ? (Number(lastPageParam) || 1) + 1 : undefined;
}

// The query of one page: a page number, or the cursor a keyset list gave (see nextPageParam).
export const pageQuery = (/** @type {number | string} */ pageParam) =>
  typeof pageParam === 'string' ? { cursor: pageParam } : { page: pageParam };

// Query options of one paged list: `fetchPage(page, signal)` answers one page whose items are
// under `itemsKey`. Features export these from their api.js.
export function pagedQueryOptions({ queryKey, fetchPage, itemsKey, pageSize }) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages, lastPageParam) => nextPageParam(lastPage, itemsKey, pageSize, lastPageParam),
    meta: { itemsKey },
  });
}

// The one hook behind every infinite list: the query, the next page at 75% scroll depth (or at
// once while the page is too short to scroll; never after a failed page), the items of every
// page loaded so far, and the server's total when it sends one.
export function usePagedList(options) {
  const query = useInfiniteQuery(options);
  const { data, error, hasNextPage, isFetching, fetchNextPage } = query;
  useInfiniteScroll({ hasNextPage: Boolean(hasNextPage) && !error, isFetching, fetchNextPage });
  const items = pagesToItems(data?.pages, options.meta.itemsKey);
  const total = data?.pages?.[0]?.pagination?.totalItems;
  return { ...query, items, total: typeof total === 'number' ? total : items.length };
}
