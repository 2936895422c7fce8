// Checkout of the cart feature, as a mutation hook: a placed order changes stock and the
// order list. And whether local delivery serves a ZIP code, asked while the shopper types it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/hooks';
import { deliveryKeys, orderKeys, productKeys } from '../../lib/queryKeys';

export const CHECKOUT_KEY = ['checkout'];

export function placeOrder(payload, idempotencyKey) {
  return api.post('/orders/checkout', payload, { headers: { 'Idempotency-Key': idempotencyKey } });
}

// mutate({ payload, idempotencyKey })
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHECKOUT_KEY,
    mutationFn: ({ payload, idempotencyKey }) => placeOrder(payload, idempotencyKey),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: productKeys.all });
      queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

// GET /api/shop/delivery-zip/{zip}: {zip, served, message}, or 400 with the server's message
// for a ZIP that is not five digits.
export const deliveryZipQuery = (zip) =>
  queryOptions({
    queryKey: deliveryKeys.zip(zip),
    queryFn: ({ signal }) => api.get(`/shop/delivery-zip/${encodeURIComponent(zip)}`, undefined, { auth: false, signal }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export const ZIP_CHECK_DELAY_MS = 400;
const ZIP_LENGTH = 5;

// The server's word on the ZIP being typed, once the shopper pauses on five characters or more:
// null while there is nothing to say, else {served, message}.
export function useDeliveryZipCheck(zip) {
  const typed = (zip || '').trim();
  const settled = useDebouncedValue(typed, ZIP_CHECK_DELAY_MS);
  const ready = settled.length >= ZIP_LENGTH && settled === typed;
  const { data, error } = useQuery({ ...deliveryZipQuery(settled), enabled: ready });
  if (!ready) return null;
  if (data) return { served: Boolean(data.served), message: data.message };
  if (error && error.serverMessage) return { served: false, message: error.serverMessage };
  return null;
}
