// @ts-check
// Checkout of the cart feature, as a mutation hook: a placed order changes stock and the
// order list. What checkout would charge (the quote), and whether local delivery serves a ZIP
// code, asked while the shopper types.
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/hooks';
import { deliveryKeys, orderKeys, productKeys, quoteKeys } from '../../lib/queryKeys';

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

// POST /api/orders/quote: every figure checkout would charge for this body (the cart lines, the
// option, the ZIP, the state and the promo code), computed by the server; nothing is placed. An
// unusable code still answers 200, with `promo.applied` false and the reason in `promo.message`.
/**
 * @param {Record<string, unknown>} body
 * @param {AbortSignal} [signal]
 * @returns {Promise<any>}
 */
export function fetchQuote(body, signal) {
  return api.post('/orders/quote', body, { signal });
}

export const quoteQuery = (/** @type {Record<string, unknown>} */ body) =>
  queryOptions({
    queryKey: quoteKeys.body(body),
    queryFn: ({ signal }) => fetchQuote(body, signal),
    // Prices, stock and codes move: a quote is read again after half a minute.
    staleTime: 30 * 1000,
    retry: false,
  });

export const QUOTE_DELAY_MS = 300;

// The quote for `body`, asked once the shopper pauses (a quantity clicked five times is one
// request): {quote, error}. `quote` is the last answer, kept while the next one loads so the
// figures do not blink; Place Order reads the quote of exactly what it sends (CheckoutStep).
/**
 * @param {Record<string, unknown> | null} body null while there is nothing to quote
 * @returns {{quote: any, error: import('../../lib/api').ApiError | null}}
 */
export function useQuote(body) {
  const typed = body ? JSON.stringify(body) : '';
  const settled = useDebouncedValue(typed, QUOTE_DELAY_MS);
  const { data, error } = useQuery({
    ...quoteQuery(settled ? JSON.parse(settled) : {}),
    enabled: Boolean(settled),
    placeholderData: keepPreviousData,
  });
  const refused = /** @type {import('../../lib/api').ApiError | null} */ (error);
  return { quote: body ? (data ?? null) : null, error: body ? refused : null };
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

// GET /api/shop/phone-check?phone=: {phone, valid, message}, checkout's own rule on the number.
export const phoneCheckQuery = (/** @type {string} */ phone) =>
  queryOptions({
    queryKey: deliveryKeys.phone(phone),
    /** @returns {Promise<Schemas['PhoneCheck']>} */
    queryFn: ({ signal }) => api.get('/shop/phone-check', { phone }, { auth: false, signal }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

// The server's word on the phone number being typed, once the shopper pauses: null while there
// is nothing to say (or the check could not be had: checkout still answers), else {valid, message}.
/**
 * @param {string | null | undefined} phone
 * @returns {{valid: boolean, message: string} | null}
 */
export function usePhoneCheck(phone) {
  const typed = (phone || '').trim();
  const settled = useDebouncedValue(typed, ZIP_CHECK_DELAY_MS);
  const ready = Boolean(settled) && settled === typed;
  const { data } = useQuery({ ...phoneCheckQuery(settled), enabled: ready });
  if (!ready || !data) return null;
  return { valid: Boolean(data.valid), message: data.message };
}

// GET /api/shop/delivery-times?date=: {date, times: ['HH:MM'], message}: the times checkout
// would accept that day (hours, lead time, horizon, full hours), or none and why. Read again
// after a minute: the earliest time moves with the clock and hours fill up.
export const deliveryTimesQuery = (/** @type {string} */ date) =>
  queryOptions({
    queryKey: deliveryKeys.times(date),
    /** @returns {Promise<Schemas['DeliveryTimes']>} */
    queryFn: ({ signal }) => api.get('/shop/delivery-times', { date }, { auth: false, signal }),
    staleTime: 60 * 1000,
    retry: false,
  });

/**
 * @param {string} date 'YYYY-MM-DD', or '' before one is chosen
 * @param {boolean} enabled
 * @returns {{times: string[], message: string, isLoaded: boolean}}
 */
export function useDeliveryTimes(date, enabled) {
  const { data, error } = useQuery({ ...deliveryTimesQuery(date), enabled: enabled && Boolean(date) });
  const refused = /** @type {import('../../lib/api').ApiError | null} */ (error);
  if (data) return { times: data.times || [], message: data.message || '', isLoaded: true };
  return { times: [], message: (refused && refused.serverMessage) || '', isLoaded: false };
}

// The cart's products as the shop sells them now (GET /api/products/{id}): a price removed or a
// product withdrawn since it was added shows in the cart before checkout refuses it. {id:
// product}, null for one that is gone (404); ids still loading (or unreadable) are left out.
/**
 * @param {Array<number | string>} ids
 * @param {boolean} enabled
 * @returns {Record<string, Schemas['Product'] | null>}
 */
export function useCurrentProducts(ids, enabled) {
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: productKeys.detail(id),
      queryFn: (/** @type {{signal: AbortSignal}} */ { signal }) => api.get(`/products/${encodeURIComponent(id)}`, undefined, { signal }),
      enabled,
      staleTime: 30 * 1000,
      retry: false,
    })),
  });
  /** @type {Record<string, Schemas['Product'] | null>} */
  const current = {};
  answers.forEach((answer, index) => {
    const refused = /** @type {import('../../lib/api').ApiError | null} */ (answer.error);
    if (answer.data) current[String(ids[index])] = answer.data;
    else if (refused && refused.status === 404) current[String(ids[index])] = null;
  });
  return current;
}

// The quote under each delivery option (the delivery step shows each option's fee as the
// server would charge it). `bodies` is {optionId: quote body}; answers {optionId: quote}, options
// still loading (or refused) left out.
/**
 * @param {Record<string, Record<string, unknown> | null>} bodies
 * @returns {Record<string, any>}
 */
export function useOptionQuotes(bodies) {
  const settled = useDebouncedValue(JSON.stringify(bodies), QUOTE_DELAY_MS);
  const entries = Object.entries(/** @type {Record<string, Record<string, unknown> | null>} */ (JSON.parse(settled)));
  const answers = useQueries({
    queries: entries.map(([, body]) => ({ ...quoteQuery(body || {}), enabled: Boolean(body) })),
  });
  /** @type {Record<string, any>} */
  const quotes = {};
  answers.forEach((answer, index) => {
    if (answer.data) quotes[entries[index][0]] = answer.data;
  });
  return quotes;
}
