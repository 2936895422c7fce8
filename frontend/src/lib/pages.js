// Helpers for useInfiniteQuery over `{<key>: [...], pagination: {page, hasNextPage}}` or, from
// older servers, a plain list where a full page means there may be more.
export function pagesToItems(pages, key) {
  if (!pages) return [];
  return pages.flatMap((page) => (Array.isArray(page) ? page : page?.[key] ?? []));
}

export function nextPageParam(lastPage, key, limit, lastPageParam) {
  if (!lastPage) return undefined;
  if (Array.isArray(lastPage)) {
    if (lastPage.length < limit) return undefined;
    return (Number(lastPageParam) || 1) + 1;
  }
  const pagination = lastPage.pagination;
  if (pagination) {
    if (!pagination.hasNextPage) return undefined;
    return (Number(pagination.page) || Number(lastPageParam) || 1) + 1;
  }
  const items = lastPage[key] ?? [];
  return items.length >= limit ? (Number(lastPageParam) || 1) + 1 : undefined;
}
