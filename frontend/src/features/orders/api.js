// @ts-check
// Orders: the list (a customer's own, or every order for an admin: the server decides), the
// admin's complete/cancel, and the catalog's current products for "Buy again", as query options
// and mutation hooks.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { pageQuery, pagedQueryOptions } from '../../lib/pages';
import { orderKeys, productKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const ORDERS_PAGE_SIZE = 6;

/**
 * @param {number | string} page a number, or the previous page's `pagination.nextCursor`
 * @param {AbortSignal} [signal]
 * @returns {Promise<Schemas['OrderPage']>}
 */
export function fetchOrdersPage(page, signal) {
  return api.get('/orders', { ...pageQuery(page), limit: ORDERS_PAGE_SIZE }, { signal });
}

export const orderListQuery = () =>
  pagedQueryOptions({ queryKey: orderKeys.list(), fetchPage: fetchOrdersPage, itemsKey: 'orders', pageSize: ORDERS_PAGE_SIZE });

/** @type {Record<'complete' | 'cancel', string>} */
const ACTION_PATHS = { complete: 'complete', cancel: 'cancel' };

// mutate({ kind: 'complete' | 'cancel', orderId }). Either way the list is reloaded (a refused
// action usually means the order moved on), and stock shown in the catalog may have changed.
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(action: {kind: 'complete' | 'cancel', orderId: number}) => Promise<Schemas['OrderAnswer']>} */
    mutationFn: ({ kind, orderId }) => api.put(`/orders/${orderId}/${ACTION_PATHS[kind]}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

/**
 * The product as the catalog sells it now, or null when it is gone (404). Read fresh every time
 * (and kept under the product's key, so its page shows the same figures).
 * @param {import('@tanstack/react-query').QueryClient} queryClient
 * @param {number} productId
 * @returns {Promise<Schemas['Product'] | null>}
 */
async function currentProduct(queryClient, productId) {
  try {
    return await queryClient.fetchQuery({
      queryKey: productKeys.detail(productId),
      queryFn: ({ signal }) => api.get(`/products/${encodeURIComponent(productId)}`, undefined, { signal }),
      staleTime: 0,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

// mutate(productIds) -> Map(id -> today's product, or null when it is gone). Any other failure
// (network, 500) rejects, so nothing is added from half-read data.
export function useCurrentProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(productIds: number[]) => Promise<Map<number, Schemas['Product'] | null>>} */
    mutationFn: async (productIds) => {
      const products = await Promise.all(productIds.map((id) => currentProduct(queryClient, id)));
      return new Map(productIds.map((id, index) => [id, products[index]]));
    },
  });
}
