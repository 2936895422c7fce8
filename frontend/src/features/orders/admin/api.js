// @ts-check
// The back office's order reads: the filtered list (with the server's per-status counts) and the
// orders of a print view; and the bulk complete/cancel of selected orders. The single
// complete/cancel stays in ../api.js (useOrderAction); both refresh every key under
// orderKeys.all, these included.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api';
import { pageQuery, pagedQueryOptions } from '../../../lib/pages';
import { orderKeys, productKeys } from '../../../lib/queryKeys';
import { cleanFilters, isDueToday } from './orderFilters';

/** @typedef {import('../../../lib/api-types').components['schemas']} Schemas */
/** @typedef {Record<string, string>} Filters the list's filters under the API's own names */

// A table row is short: a page fills a screen.
export const ADMIN_ORDERS_PAGE_SIZE = 25;
// A day's handovers are few: one page shows them all, so both groups are complete at once.
export const TODAY_PAGE_SIZE = 50;
// The most orders one print view fetches (100 a request, the API's largest page).
export const PRINT_PAGE_SIZE = 100;
export const MAX_PRINT_ORDERS = 300;

/**
 * @param {{page: number | string, limit: number, filters: Filters, signal?: AbortSignal}} query
 *   page: a number, or the previous page's `pagination.nextCursor`
 * @returns {Promise<Schemas['OrderPage']>}
 */
export function fetchAdminOrdersPage({ page, limit, filters, signal }) {
  return api.get('/orders', { ...pageQuery(page), limit, ...filters }, { signal });
}

/** @param {Filters} [rawFilters] */
export function adminOrderListQuery(rawFilters = {}) {
  const filters = /** @type {Filters} */ (cleanFilters(rawFilters));
  const pageSize = isDueToday(filters) ? TODAY_PAGE_SIZE : ADMIN_ORDERS_PAGE_SIZE;
  return pagedQueryOptions({
    queryKey: orderKeys.adminList(filters),
    fetchPage: (/** @type {number | string} */ page, /** @type {AbortSignal} */ signal) =>
      fetchAdminOrdersPage({ page, limit: pageSize, filters, signal }),
    itemsKey: 'orders',
    pageSize,
  });
}

// The counts come with every page; the first page's are the ones the list was loaded under.
export const countsOf = (/** @type {{pages?: Schemas['OrderPage'][]} | undefined} */ data) => data?.pages?.[0]?.counts ?? null;

// `ids`: print just these orders (looked up by number); otherwise every order under `filters`,
// up to MAX_PRINT_ORDERS. Answers {orders, truncated}.
/**
 * @param {{filters: Filters, ids: string[], signal?: AbortSignal}} query
 * @returns {Promise<{orders: Schemas['Order'][], truncated: boolean}>}
 */
export async function fetchPrintOrders({ filters, ids, signal }) {
  if (ids.length) {
    const answers = await Promise.all(ids.map((id) => api.get('/orders', { search: `#${id}`, limit: PRINT_PAGE_SIZE }, { signal })));
    // The search also matches names and emails that contain the number: keep the order itself.
    const orders = ids.flatMap((id, i) =>
      (answers[i]?.orders ?? []).filter((/** @type {Schemas['Order']} */ o) => String(o.id) === String(id)),
    );
    return { orders, truncated: false };
  }
  /** @type {Schemas['Order'][]} */
  const orders = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get('/orders', { ...filters, page, limit: PRINT_PAGE_SIZE }, { signal });
    orders.push(...(answer?.orders ?? []));
    const more = Boolean(answer?.pagination?.hasNextPage);
    if (!more) return { orders, truncated: false };
    if (orders.length >= MAX_PRINT_ORDERS) return { orders: orders.slice(0, MAX_PRINT_ORDERS), truncated: true };
  }
}

// Order ids from `?id=12` or `?id=12,13`: numbers only, each once.
/** @param {string | null | undefined} text */
export function parseIds(text) {
  const ids = String(text || '')
    .split(',')
    .map((part) => part.trim().replace(/^#/, ''))
    .filter((part) => /^\d{1,18}$/.test(part));
  return [...new Set(ids)];
}

/** @param {{filters?: Filters, ids?: string[]}} [query] */
export function orderPrintQuery({ filters: rawFilters = {}, ids = [] } = {}) {
  const filters = /** @type {Filters} */ (cleanFilters(rawFilters));
  return queryOptions({
    queryKey: orderKeys.print(ids.length ? { ids: ids.join(',') } : filters),
    queryFn: ({ signal }) => fetchPrintOrders({ filters, ids, signal }),
  });
}

// Every order list and the catalog's stock (a failed delivery cancelled puts it back) are read
// again after a ready or hand-over, refused or not: a refusal usually means the order moved on.
/** @param {import('@tanstack/react-query').QueryClient} queryClient */
const refreshAfterHandover = (queryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: productKeys.all })]);

// mutate(orderId) -> PUT /api/orders/{id}/ready -> {message, order}: the customer is emailed
// that the pickup order is ready; it stays pending and gains `readyAt`.
export function useMarkReady() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(orderId: number) => Promise<Schemas['OrderAnswer']>} */
    mutationFn: (orderId) => api.put(`/orders/${orderId}/ready`),
    onSettled: () => refreshAfterHandover(queryClient),
  });
}

/**
 * The hand-over's record: what the order's `checks` ask (ID type, birth year, recipient name,
 * signature as a PNG data URL) and the outcome; a failed delivery gives its reason and whether
 * the order is cancelled (its stock put back) or kept pending.
 * @typedef {object} Handover
 * @property {'delivered' | 'failed'} outcome
 * @property {string} [idType]
 * @property {number} [birthYear]
 * @property {string} [recipientName]
 * @property {string} [signature]
 * @property {string} [reason]
 * @property {boolean} [cancel]
 */

// mutate({orderId, handover}) -> POST /api/orders/{id}/handover -> {message, order} (the order
// with handedOverBy, handedOverAt); a missing check is a 400 naming its field in `errors`.
export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(change: {orderId: number, handover: Handover}) => Promise<Schemas['OrderAnswer']>} */
    mutationFn: ({ orderId, handover }) => api.post(`/orders/${orderId}/handover`, handover),
    onSettled: () => refreshAfterHandover(queryClient),
  });
}

// GET /api/orders/deliveries?date -> {date, orders}: the day's local deliveries, every status, in
// booked-time order (the driver's view). No date: today in the shop's time zone.
/** @param {string | null} [date] YYYY-MM-DD */
export const deliveriesQuery = (date = null) =>
  queryOptions({
    queryKey: orderKeys.deliveries(date),
    /** @returns {Promise<{date: string, orders: Schemas['Order'][]}>} */
    queryFn: ({ signal }) => api.get('/orders/deliveries', { date }, { signal }),
  });

// mutate({ action: 'complete' | 'cancel', ids }) -> POST /api/orders/bulk: the server moves each
// order as the single action does and answers each one's result (done or refused, with why).
// Either way the lists are reloaded, and the catalog's stock may have changed (a cancel).
export function useBulkOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(body: Schemas['BulkOrderActionRequest']) => Promise<Schemas['BulkAnswer']>} */
    mutationFn: (body) => api.post('/orders/bulk', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

// An admin's adjustment of a pending order's line (the last unit broke, the customer phoned):
// mutate({orderId, itemId, quantity, reason}) lowers it (PATCH /api/orders/{id}/items/{itemId}),
// without a quantity removes it (DELETE); the reason goes to the ledger, the history and the email; the server puts the stock back, recomputes the totals and the
// taxes under the order's own rates, emails the customer, and answers {message, order}.
export function useAdjustOrderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(change: {orderId: number, itemId: number, quantity?: number, reason?: string}) => Promise<Schemas['OrderAnswer']>} */
    mutationFn: ({ orderId, itemId, quantity, reason = '' }) => {
      const path = `/orders/${orderId}/items/${itemId}`;
      return quantity === undefined ? api.del(path, { reason }) : apiFetch(path, { method: 'PATCH', body: { quantity, reason } });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

// GET /api/orders/{id}/signature (staff and admins): the signature drawn at the hand-over, a PNG
// served only with the token, so read as a Blob; never shown to customers.
export const signatureQuery = (/** @type {number} */ orderId) =>
  queryOptions({
    queryKey: ['order-signature', orderId],
    /** @returns {Promise<Blob>} */
    queryFn: async ({ signal }) => (await api.getFile(`/orders/${orderId}/signature`, undefined, { signal })).blob,
    staleTime: Infinity,
    retry: false,
  });
