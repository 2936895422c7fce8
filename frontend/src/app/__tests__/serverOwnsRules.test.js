// The server owns every rule (GET /api/shop/info, GET /api/categories); the app reads them and
// keeps no copy. This scans the app's sources (tests and fixtures aside) for the values the
// server serves, so a fee, threshold, status label, category list or default text written
// into the client fails here instead of drifting from the server.
import fs from 'fs';
import path from 'path';
import CATEGORIES from '../../test/fixtures/categories.json';
import SHOP from '../../test/fixtures/shopInfo.json';

const SRC = path.resolve(__dirname, '../..');

function sources(dir = SRC) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || full === path.join(SRC, 'test') ? [] : sources(full);
    return /\.(js|jsx)$/.test(entry.name) ? [full] : [];
  });
}

const FILES = sources().map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// A value written as a string literal or as JSX text: 'Pending', "Pending", `Pending`, >Pending<.
const literal = (value) => new RegExp(`(['"\`>])\\s*${escape(value)}\\s*(['"\`<])`);

function filesMatching(pattern) {
  return FILES.filter(({ text }) => pattern.test(text)).map(({ file }) => file);
}

test('the scan sees the app', () => {
  expect(FILES.map((f) => f.file)).toEqual(expect.arrayContaining(['lib/shopInfo.js', 'features/cart/checkoutRules.js']));
});

const money = (n) => Number(n).toFixed(2);
const FIGURES = [
  ...new Set(
    SHOP.deliveryOptions
      .flatMap((o) => [o.fee, o.freeFrom])
      .filter((n) => n !== null && Number(n) > 0)
      .map(money),
  ),
];

test.each(FIGURES)('no delivery fee or threshold %s is written in the app', (figure) => {
  expect(filesMatching(new RegExp(`\\b${escape(figure)}\\b`))).toEqual([]);
});

test('no fee or threshold constant is written in the app', () => {
  const numbers = FIGURES.map((f) => String(Number(f)));
  const constant = new RegExp(`\\b(fee|freeFrom|FREE_DELIVERY_FROM|FREE_FROM|threshold)\\b\\s*[:=]\\s*(${numbers.join('|')})\\b`, 'i');
  expect(filesMatching(constant)).toEqual([]);
});

const LABELS = [
  ...SHOP.deliveryOptions.map((o) => o.label),
  ...SHOP.orderStatuses.map((s) => s.label),
  ...SHOP.rideStatuses.map((s) => s.label),
];

test.each(LABELS)('the label "%s" comes from the server only', (label) => {
  expect(filesMatching(literal(label))).toEqual([]);
});

test.each(SHOP.deliveryOptions.map((o) => o.description))('the option text "%s" comes from the server only', (text) => {
  expect(filesMatching(literal(text))).toEqual([]);
});

test.each(CATEGORIES.map((c) => c.name))('the category name "%s" comes from the server only', (name) => {
  expect(filesMatching(literal(name))).toEqual([]);
});

test('the default ride pricing text comes from the server only', () => {
  const opening = SHOP.defaultRidePricing.slice(0, 40);
  expect(filesMatching(new RegExp(escape(opening)))).toEqual([]);
});

test.each(Object.values(SHOP.idNotices))('the ID notice "%s" comes from the server only', (notice) => {
  expect(filesMatching(new RegExp(escape(notice)))).toEqual([]);
});

test('the delivery hours come from the server only', () => {
  const { start, end } = SHOP.deliveryHours;
  expect(filesMatching(literal(start))).toEqual([]);
  expect(filesMatching(literal(end))).toEqual([]);
});

test.each(Object.values(SHOP.checkoutMessages))('the checkout message "%s" comes from the server only', (message) => {
  expect(filesMatching(new RegExp(escape(message)))).toEqual([]);
});

test('the not-shippable sentence comes from the server only', () => {
  const sentence = SHOP.notShippable.replace('{name}', '').trim();
  expect(sentence).not.toBe('');
  expect(filesMatching(new RegExp(escape(sentence)))).toEqual([]);
});

test('the shop time zone comes from the server only', () => {
  expect(filesMatching(literal(SHOP.timeZone))).toEqual([]);
  expect(filesMatching(new RegExp(escape(SHOP.timeZone)))).toEqual([]);
});

test.each(Object.values(SHOP.cartLineMessages))('the cart line sentence "%s" comes from the server only', (template) => {
  const parts = template
    .split('{name}')
    .map((part) => part.trim())
    .filter(Boolean);
  expect(parts.length).toBeGreaterThan(0);
  parts.forEach((part) => expect(filesMatching(new RegExp(escape(part)))).toEqual([]));
});

test('the delivery times a day offers come from the server only (GET /api/shop/delivery-times)', () => {
  expect(filesMatching(/SLOT_MINUTES|slotMinutes/)).toEqual([]);
});
