// "Buy again": which lines of a past order go back in the cart, and how many units, judged by the
// catalog as it is today (the products just read from the server), never by the old order. Each
// line is added at today's price (the cart prices lines from the product it holds), capped at
// today's stock and at the shop's `maxUnitsPerLine`, counting what the cart already holds; a line
// that cannot be bought is skipped with the reason the shopper reads.
import { availableStock, cartKeyFor, unitPrice } from '../../lib/cart';
import { orderLines } from './orderShape';

export const SKIP_REASONS = {
  gone: 'no longer sold',
  unavailable: 'unavailable',
  unpriced: 'no price today',
  chooseType: 'now sold in types: choose one on its page',
  outOfStock: 'out of stock',
  full: 'your cart already holds as many as you can order',
};

const labelOf = (line) => (line.typeName ? `${line.name} - ${line.typeName}` : line.name);

// The distinct product ids of the order's lines whose product still exists.
export function buyAgainProductIds(order) {
  return [...new Set(orderLines(order).map((line) => line.productId))].filter((id) => id !== null && id !== undefined);
}

// The product and type to buy for `line` today, or the reason it cannot be bought.
function todaysItem(line, product) {
  if (!product) return { reason: SKIP_REASONS.gone };
  if (product.availability === false) return { reason: SKIP_REASONS.unavailable };
  const types = Array.isArray(product.types) ? product.types : [];
  let type = null;
  if (line.typeId !== null) {
    type = types.find((t) => t.id === line.typeId) ?? null;
    if (!type) return { reason: SKIP_REASONS.gone };
    if (type.availability === false) return { reason: SKIP_REASONS.unavailable };
  } else if (types.length) {
    return { reason: SKIP_REASONS.chooseType };
  }
  if (unitPrice(product, type) === null) return { reason: SKIP_REASONS.unpriced };
  return { product, type };
}

// Units of `line` that fit: {quantity, cap ('stock' | 'perOrder' | null), limit} or {reason}.
function unitsThatFit(line, { stock, maxUnits, held }) {
  if (stock <= 0) return { reason: SKIP_REASONS.outOfStock };
  const perOrder = maxUnits ?? Infinity;
  const room = Math.min(stock, perOrder) - held;
  if (room <= 0) return { reason: SKIP_REASONS.full };
  if (line.quantity <= room) return { quantity: line.quantity, cap: null };
  return stock <= perOrder ? { quantity: room, cap: 'stock', limit: stock } : { quantity: room, cap: 'perOrder', limit: perOrder };
}

/**
 * @param {{order: object, productsById: Map<number, object | null>, cartItems: Array<{cartKey: string, quantity: number}>,
 *   maxUnits: number | null | undefined}} input
 * @returns {{adds: Array<{product: object, type: object | null, quantity: number, wanted: number, cap: string | null,
 *   limit?: number, label: string}>,
 *   skipped: Array<{label: string, reason: string}>}}
 */
export function planBuyAgain({ order, productsById, cartItems, maxUnits }) {
  const held = new Map((cartItems || []).map((item) => [item.cartKey, item.quantity]));
  const adds = [];
  const skipped = [];
  orderLines(order).forEach((line) => {
    const label = labelOf(line);
    const item = todaysItem(line, line.productId === null ? null : productsById.get(line.productId));
    if (item.reason) return skipped.push({ label, reason: item.reason });
    const key = cartKeyFor(item.product.id, item.type?.id);
    const fit = unitsThatFit(line, { stock: availableStock(item.product, item.type), maxUnits, held: held.get(key) ?? 0 });
    if (fit.reason) return skipped.push({ label, reason: fit.reason });
    held.set(key, (held.get(key) ?? 0) + fit.quantity);
    const { quantity, cap, limit } = fit;
    return adds.push({ product: item.product, type: item.type, quantity, wanted: line.quantity, cap, limit, label });
  });
  return { adds, skipped };
}

// "2 × Vape - Mint", or "3 × Coil (3 of 5: only 3 in stock)" when capped.
export function addedText(add) {
  const base = `${add.quantity} × ${add.label}`;
  if (!add.cap) return base;
  const why = add.cap === 'stock' ? `only ${add.limit} in stock` : `at most ${add.limit} per order`;
  return `${base} (${add.quantity} of ${add.wanted}: ${why})`;
}

export const skippedText = (skip) => `${skip.label} (${skip.reason})`;
