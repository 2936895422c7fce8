// The cart's figures as the server computes them (POST /api/orders/quote) for the lines that can
// be ordered, the chosen delivery option (before one is chosen, the first the shop serves), the
// ZIP or state it goes to and the promo code. Every step of the drawer shows these; none
// computes a figure of its own.
import { findById, useShopInfo } from '../../lib/shopInfo';
import { useQuote } from './api';
import { quoteBody } from './checkoutRules';
import { useCartLines } from './useCartLines';

// The quote's line for a cart item, or null.
export function quoteLine(quote, item) {
  const lines = quote?.lines || [];
  return (
    lines.find(
      (line) => String(line.productId) === String(item.productId) && String(line.productTypeId ?? '') === String(item.productTypeId ?? ''),
    ) ?? null
  );
}

// The server's reasons a line cannot be ordered at the chosen place (the quote's `blocked`, one
// entry per rule that refuses it), each said once; [] when it can.
export function quoteBlocks(quote, item) {
  const messages = (quote?.blocked || [])
    .filter(
      (line) => String(line.productId) === String(item.productId) && String(line.productTypeId ?? '') === String(item.productTypeId ?? ''),
    )
    .map((line) => line.message || '')
    .filter(Boolean);
  return [...new Set(messages)];
}

export function useCartQuote(form, optionId, promoCode) {
  const { orderable } = useCartLines();
  const { deliveryOptions } = useShopInfo();
  const chosen = findById(deliveryOptions, optionId);
  const option = chosen ?? deliveryOptions[0] ?? null;
  const body = quoteBody(form, option, orderable, promoCode);
  const { quote, error } = useQuote(body);
  return { quote, error, body, option, estimated: !chosen };
}
