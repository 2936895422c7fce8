import { pickFilters, withFilters } from '../../../lib/urlFilters';

export { withFilters };

// The back office's order filters live in the URL (?status=&deliveryOption=&search=&from=&to=&due=)
// so a filtered list can be bookmarked, shared, reloaded and printed. The names are the API's own
// query parameters: the URL's values go to GET /api/orders as they are, and the server checks them.
export const ORDER_FILTER_KEYS = ['status', 'deliveryOption', 'search', 'from', 'to', 'due'];

// Only the values that are set, in one key order. `source` is an object or the URL's search params.
export const cleanFilters = (source = {}) => pickFilters(ORDER_FILTER_KEYS, source);

export function filtersToSearch(filters) {
  const text = new URLSearchParams(cleanFilters(filters)).toString();
  return text ? `?${text}` : '';
}

export const isDueToday = (filters) => filters.due === 'today';

// The chips: every status the shop knows (GET /api/shop/info), with the server's count of
// orders in that status under the other filters; "All" is their sum.
export function statusChips(orderStatuses, counts) {
  const known = (orderStatuses || []).map((s) => ({ id: s.id, label: s.label, count: Number(counts?.[s.id]) || 0 }));
  // A status the server counts but shop info does not list still gets a chip.
  Object.keys(counts || {}).forEach((id) => {
    if (!known.some((chip) => chip.id === id)) known.push({ id, label: id, count: Number(counts[id]) || 0 });
  });
  const all = known.reduce((sum, chip) => sum + chip.count, 0);
  return [{ id: '', label: 'All', count: all }, ...known];
}
