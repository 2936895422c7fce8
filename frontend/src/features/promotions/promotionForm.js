// A promotion as the form edits it (strings as typed) and back as the API's body. Pure
// functions, so the body is tested without a form. Empty limits are sent as null (no limit);
// the server checks every value and names the field it refuses.
import { toShopInput } from '../../lib/format';

export const KINDS = [
  { id: 'percent', label: 'Percent off' },
  { id: 'amount', label: 'Amount off' },
  { id: 'free_delivery', label: 'Free delivery' },
];

const text = (value) => (value === null || value === undefined ? '' : String(value));

export const EMPTY_PROMOTION = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  categories: [],
  excludeCategories: [],
  products: '',
  includeNicotine: false,
  active: true,
};

export function toForm(promotion) {
  if (!promotion) return EMPTY_PROMOTION;
  return {
    code: text(promotion.code),
    kind: promotion.kind || 'percent',
    value: text(promotion.value),
    minSubtotal: text(promotion.minSubtotal),
    startsAt: toShopInput(promotion.startsAt),
    endsAt: toShopInput(promotion.endsAt),
    maxUses: text(promotion.maxUses),
    maxUsesPerCustomer: text(promotion.maxUsesPerCustomer),
    categories: [...(promotion.categories || [])],
    excludeCategories: [...(promotion.excludeCategories || [])],
    products: (promotion.products || []).join(', '),
    includeNicotine: promotion.includeNicotine === true,
    active: promotion.active !== false,
  };
}

// A number the server reads as one; anything else goes as typed, so its message names it.
function numberOrNull(value) {
  const trimmed = String(value ?? '').trim();
  if (!trimmed) return null;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

const ids = (value) =>
  String(value || '')
    .split(/[\s,]+/)
    .map((part) => part.trim().replace(/^#0*/, ''))
    .filter(Boolean)
    .map((part) => (Number.isInteger(Number(part)) ? Number(part) : part));

export function toBody(form) {
  return {
    code: form.code.trim(),
    kind: form.kind,
    // Free delivery takes no value (the server's 0).
    value: form.kind === 'free_delivery' ? 0 : numberOrNull(form.value),
    minSubtotal: numberOrNull(form.minSubtotal),
    // Shop time, as typed: the server reads it in the shop's zone.
    startsAt: form.startsAt || null,
    endsAt: form.endsAt || null,
    maxUses: numberOrNull(form.maxUses),
    maxUsesPerCustomer: numberOrNull(form.maxUsesPerCustomer),
    categories: form.categories,
    excludeCategories: form.excludeCategories,
    products: ids(form.products),
    includeNicotine: Boolean(form.includeNicotine),
    active: Boolean(form.active),
  };
}
