// What the cart's products and the served delivery rules allow, computed for the screens before
// the shopper picks: the 21+ confirmation, shipping, and the delivery dates and times on offer.
// The server checks every one of these again at checkout and words its own refusals; the
// flags come with each product (`ageRestricted`, `shippable`) and the hours, lead time and
// horizon with GET /api/shop/info.

import { unitPrice } from '../../lib/cart';

// A product saved in the cart before the flags existed has none: its category's flags apply.
function flag(product, name, categoryById) {
  if (product && typeof product[name] === 'boolean') return product[name];
  const category = categoryById ? categoryById(product?.categoryId ?? product?.category) : null;
  return category && typeof category[name] === 'boolean' ? category[name] : null;
}

// The distinct products of the cart, in cart order.
function products(items) {
  const seen = new Map();
  (items || []).forEach((item) => {
    if (item.product && !seen.has(item.product.id)) seen.set(item.product.id, item.product);
  });
  return [...seen.values()];
}

// Names of the cart's 21+ products (the checkout asks for the age confirmation when any).
export function restrictedProducts(items, categoryById) {
  return products(items)
    .filter((product) => flag(product, 'ageRestricted', categoryById) === true)
    .map((product) => product.name);
}

// The first product that cannot be shipped, or null.
export function unshippableProduct(items, categoryById) {
  return products(items).find((product) => flag(product, 'shippable', categoryById) === false) ?? null;
}

// The reason shipping is unavailable, in the server's words: `template` is shop info's
// `notShippable`, with a `{name}` placeholder for the product.
export function notShippableMessage(template, name) {
  return (template || '').replace('{name}', name);
}

// The cap on units of one product (or type) per order, worded as the server refuses it; the
// number is GET /api/shop/info's `maxUnitsPerLine` (null: no cap).
export function unitsPerLineMessage(most, label) {
  return `You can order at most ${most} of ${label} per order.`;
}

// `deliveryEarliest` is written in the shop's own zone ('2026-11-24T14:05-08:00'): its date is
// read as it is, whatever the visitor's zone.
const earliestDate = (rules) => (rules?.deliveryEarliest || '').slice(0, 10);

// The date input's bounds: from the earliest bookable day (today at the soonest) to the last.
export function deliveryDateBounds(rules, today) {
  const earliest = earliestDate(rules);
  return { min: earliest && earliest > today ? earliest : today, max: rules?.deliveryLatestDate || '' };
}

// The day's problem before the server is asked for its times, in the server's words (shop info's
// `checkoutMessages`): a day before today, or past the last bookable one. '' when neither.
export function dateProblem(date, today, bounds, messages) {
  if (!date) return '';
  if (date < today) return messages.datePast || '';
  if (bounds.max && date > bounds.max) return messages.dateTooFar || '';
  return '';
}

// A cart line as the shop sells it now: `current` is the product read again from the server
// (undefined while unknown: the cart's copy stands in; null: the product is gone). {product,
// type, price, label, reason, problem}: `reason` says why checkout would refuse the line
// ('notForSale': withdrawn or gone, 'noPrice'), '' when it can be ordered; `problem` is the
// server's sentence for it (shop info's `cartLineMessages`).
export function cartLine(item, current, messages) {
  const product = current === undefined ? item.product : current;
  const type = lineType(product, item);
  const label = lineLabel(item);
  const price = product && type !== null ? unitPrice(product, type || null) : null;
  const reason = lineReason(product, type, price);
  const problem = reason ? (messages?.[reason] || '').replace('{name}', label) : '';
  return { product: product || item.product, type: type || null, price: price ?? 0, label, reason, problem };
}

const hasType = (item) => item.productTypeId !== null && item.productTypeId !== undefined;
const lineLabel = (item) => (item.selectedType ? `${item.product.name} - ${item.selectedType.name}` : item.product.name);

// The line's type as the product now has it; undefined for a line without a type, null for a
// type that is gone.
function lineType(product, item) {
  if (!hasType(item)) return undefined;
  return product ? findType(product, item) : null;
}

function lineReason(product, type, price) {
  if (withdrawn(product, type)) return 'notForSale';
  return price === null ? 'noPrice' : '';
}

// Gone, withdrawn, or its type gone or withdrawn.
function withdrawn(product, type) {
  if (!product || type === null) return true;
  return product.availability === false || (type !== undefined && type.availability === false);
}

function findType(product, item) {
  if (!Array.isArray(product.types)) return item.selectedType;
  return product.types.find((t) => t.id === item.productTypeId) ?? null;
}
