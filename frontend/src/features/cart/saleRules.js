// What the cart's products and the served delivery rules allow, computed for the screens before
// the shopper picks: the 21+ confirmation, shipping, and the delivery dates and times on offer.
// The server checks every one of these again at checkout and words its own refusals; the
// flags come with each product (`ageRestricted`, `shippable`) and the hours, lead time and
// horizon with GET /api/shop/info.

import { formatClock } from '../../lib/format';

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

export const SLOT_MINUTES = 30;

const minutesOf = (hhmm) => {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm || '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};
const hhmm = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// `deliveryEarliest` is written in the shop's own zone ('2026-11-24T14:05-08:00'): its date and
// clock are read as they are, whatever the visitor's zone.
function earliestOf(rules) {
  const text = rules?.deliveryEarliest || '';
  return { date: text.slice(0, 10), minutes: minutesOf(text.slice(11, 16)) };
}

// The date input's bounds: from the earliest bookable day (today at the soonest) to the last.
export function deliveryDateBounds(rules, today) {
  const earliest = earliestOf(rules).date;
  return { min: earliest && earliest > today ? earliest : today, max: rules?.deliveryLatestDate || '' };
}

// The first minute `date` can be booked from (null: none, the day is before the earliest).
function firstBookableMinute(earliest, date, start) {
  if (!date || !earliest.date) return start;
  if (date < earliest.date) return null;
  return date === earliest.date && earliest.minutes !== null ? Math.max(start, earliest.minutes) : start;
}

// The times offered on `date` ('YYYY-MM-DD', or '' before a date is chosen): every SLOT_MINUTES
// within the delivery hours (both ends included), and on the earliest day only those from the
// earliest moment on. A day before the earliest offers none.
export function deliveryTimes(rules, date) {
  const start = minutesOf(rules?.deliveryHours?.start);
  const end = minutesOf(rules?.deliveryHours?.end);
  if (start === null || end === null) return [];
  const from = firstBookableMinute(earliestOf(rules), date, start);
  if (from === null) return [];
  const first = start + Math.ceil((from - start) / SLOT_MINUTES) * SLOT_MINUTES;
  const times = [];
  for (let m = first; m <= end; m += SLOT_MINUTES) times.push({ value: hhmm(m), label: formatClock(hhmm(m)) });
  return times;
}
