// @ts-check
// What the compliance rules let be sold where the cart goes (GET /api/compliance/check): the
// shop front asks for the products it shows at the cart's place (lib/cart.jsx `place`; pickup
// at the counter until the shopper chooses) and shows the server's messages. The server
// decides every line again at the quote and at checkout; nothing is judged here.
import { useQueries } from '@tanstack/react-query';
import { api } from './api';
import { useCart } from './cart';
import { complianceKeys } from './queryKeys';

/**
 * @typedef {{productId: number, productTypeId: number | null, message: string}} CheckLine
 * @typedef {{blocked: CheckLine[], notices: CheckLine[]}} SaleCheck
 */

/** @type {SaleCheck} */
const NOTHING = { blocked: [], notices: [] };

// The query string of a place: only what it has (no option: the server answers for pickup).
/** @param {{deliveryOption?: string, deliveryZip?: string, shippingState?: string}} place */
export function placeParams(place) {
  /** @type {Record<string, string>} */
  const params = {};
  if (place?.deliveryOption) params.deliveryOption = place.deliveryOption;
  if (place?.deliveryZip) params.deliveryZip = place.deliveryZip;
  if (place?.shippingState) params.shippingState = place.shippingState;
  return params;
}

/**
 * @param {Array<number | string>} ids
 * @param {Record<string, string>} params
 */
export const saleCheckQuery = (ids, params) => ({
  queryKey: complianceKeys.check(ids, params),
  /** @returns {Promise<SaleCheck>} */
  queryFn: async (/** @type {{signal: AbortSignal}} */ { signal }) => {
    const answer = await api.get('/compliance/check', { productIds: ids.join(','), ...params }, { signal });
    return { blocked: answer?.blocked ?? [], notices: answer?.notices ?? [] };
  },
  // Never cached by the server: a rule switched on shows on the next look.
  staleTime: 0,
  retry: false,
});

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => String(a ?? '') === String(b ?? '');

/**
 * The server's reason `productId` (with `typeId`, or none) cannot be bought, or ''. The server
 * answers each product as such and each of its types: a type is judged by its own line (its
 * own attributes may differ from the product's), a product without types by the product's.
 * @param {SaleCheck | null | undefined} check
 * @param {number | string} productId
 * @param {number | string | null} [typeId]
 */
export function blockedMessage(check, productId, typeId = null) {
  const lines = (check?.blocked ?? []).filter((line) => same(line.productId, productId));
  const untyped = typeId === null || typeId === undefined;
  const found = lines.find((line) =>
    untyped ? line.productTypeId === null || line.productTypeId === undefined : same(line.productTypeId, typeId),
  );
  return found ? found.message || '' : '';
}

/**
 * A card's word for a product: refused (with types: every one of its types refused).
 * @param {SaleCheck | null | undefined} check
 * @param {{id: number | string, types?: Array<{id: number | string}>}} product
 */
export function productBlockedMessage(check, product) {
  const types = Array.isArray(product.types) ? product.types : [];
  if (!types.length) return blockedMessage(check, product.id);
  const each = types.map((type) => blockedMessage(check, product.id, type.id));
  return each.every(Boolean) ? each[0] : '';
}

// The distinct notices (what will be asked at hand-over), in the server's order.
/** @param {SaleCheck | null | undefined} check */
export function noticeMessages(check) {
  return [...new Set((check?.notices ?? []).map((line) => line.message).filter(Boolean))];
}

// The server takes at most 200 ids a question: a long list of cards asks in pieces.
const CHUNK = 100;

/**
 * The check for `ids` at the cart's place; `enabled` false (a back-office viewer) asks nothing.
 * Until the answer comes (or if it cannot be had) nothing is said: checkout still decides.
 * @param {Array<number | string>} ids
 * @param {boolean} [enabled]
 * @returns {SaleCheck}
 */
export function useSaleCheck(ids, enabled = true) {
  const { place } = useCart();
  const unique = [...new Set(ids.map(String))].sort();
  const chunks = [];
  for (let start = 0; start < unique.length; start += CHUNK) chunks.push(unique.slice(start, start + CHUNK));
  const params = placeParams(place);
  const answers = useQueries({ queries: chunks.map((chunk) => ({ ...saleCheckQuery(chunk, params), enabled })) });
  if (!answers.some((answer) => answer.data)) return NOTHING;
  return {
    blocked: answers.flatMap((answer) => answer.data?.blocked ?? []),
    notices: answers.flatMap((answer) => answer.data?.notices ?? []),
  };
}
