// @ts-check
// Orders: the list (a customer's own, or every order for an admin: the server decides) and the
// admin's complete/cancel, as query options and mutation hooks.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedQueryOptions } from '../../lib/pages';
import { orderKeys, productKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const ORDERS_PAGE_SIZE = 6;

/**
 * @param {number} page
 * @param {AbortSignal} [signal]
 * @returns {Promise<Schemas['OrderPage']>}
 */
export function fetchOrdersPage(page, signal) {
  return api.get('/orders', { page, limit: ORDERS_PAGE_SIZE }, { signal });
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
