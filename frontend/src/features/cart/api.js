// @ts-check
// Checkout of the cart feature, as a mutation hook: a placed order changes stock and the
// order list. And whether local delivery serves a ZIP code, asked while the shopper types it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/hooks';
import { deliveryKeys, orderKeys, productKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const CHECKOUT_KEY = ['checkout'];

/**
 * @param {Schemas['CheckoutRequest']} payload
 * @param {string} idempotencyKey one per checkout attempt (a retry replays the first answer)
 * @returns {Promise<Schemas['OrderAnswer']>}
 */
export function placeOrder(payload, idempotencyKey) {
  return api.post('/orders/checkout', payload, { headers: { 'Idempotency-Key': idempotencyKey } });
}

// mutate({ payload, idempotencyKey })
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHECKOUT_KEY,
    mutationFn: (/** @type {{payload: Schemas['CheckoutRequest'], idempotencyKey: string}} */ { payload, idempotencyKey }) =>
      placeOrder(payload, idempotencyKey),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: productKeys.all });
      queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

// GET /api/shop/delivery-zip/{zip}: {zip, served, message}, or 400 with the server's message
// for a ZIP that is not five digits.
export const deliveryZipQuery = (/** @type {string} */ zip) =>
  queryOptions({
    queryKey: deliveryKeys.zip(zip),
    /** @returns {Promise<Schemas['DeliveryZipCheck']>} */
    queryFn: ({ signal }) => api.get(`/shop/delivery-zip/${encodeURIComponent(zip)}`, undefined, { auth: false, signal }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export const ZIP_CHECK_DELAY_MS = 400;
const ZIP_LENGTH = 5;

// The server's word on the ZIP being typed, once the shopper pauses on five characters or more:
// null while there is nothing to say, else {served, message}.
/**
 * @param {string | null | undefined} zip
 * @returns {{served: boolean, message: string} | null}
 */
export function useDeliveryZipCheck(zip) {
  const typed = (zip || '').trim();
  const settled = useDebouncedValue(typed, ZIP_CHECK_DELAY_MS);
  const ready = settled.length >= ZIP_LENGTH && settled === typed;
  const { data, error } = useQuery({ ...deliveryZipQuery(settled), enabled: ready });
  if (!ready) return null;
  if (data) return { served: Boolean(data.served), message: data.message };
  const refused = /** @type {import('../../lib/api').ApiError | null} */ (error);
  if (refused && refused.serverMessage) return { served: false, message: refused.serverMessage };
  return null;
}
