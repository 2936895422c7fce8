import { formatDateTimeLA, formatPrice, sku, todayLA } from '../format';
import { nextPageParam, pagesToItems } from '../pages';

test('prices show dollars with two decimals', () => {
  expect(formatPrice(12.5)).toBe('$12.50');
  expect(formatPrice(8)).toBe('$8.00');
  expect(formatPrice(0)).toBe('$0.00');
  expect(formatPrice(1234.5)).toBe('$1,234.50');
  expect(formatPrice(null)).toBe('$0.00');
});

test('SKU is # and the id padded to six digits', () => {
  expect(sku(42)).toBe('#000042');
  expect(sku(1234567)).toBe('#1234567');
});

test('order times are shown in Los Angeles time', () => {
  expect(formatDateTimeLA('2026-11-22T18:04:05Z')).toBe('Nov 22, 2026, 10:04 AM');
  // Summer: PDT is UTC-7.
  expect(formatDateTimeLA('2026-07-01T00:30:00Z')).toBe('Jun 30, 2026, 5:30 PM');
  expect(formatDateTimeLA('not a date')).toBe('');
});

test('today is the Los Angeles day, not UTC', () => {
  expect(todayLA(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-22');
  expect(todayLA(new Date('2026-11-23T09:00:00Z'))).toBe('2026-11-23');
});

test('pages flatten and the next page follows pagination or a full plain page', () => {
  const pages = [{ products: [{ id: 1 }], pagination: { page: 1, hasNextPage: true } }, [{ id: 2 }]];
  expect(pagesToItems(pages, 'products')).toEqual([{ id: 1 }, { id: 2 }]);
  expect(pagesToItems(undefined, 'products')).toEqual([]);
  expect(nextPageParam({ products: [], pagination: { page: 2, hasNextPage: true } }, 'products', 12)).toBe(3);
  expect(nextPageParam({ products: [], pagination: { page: 2, hasNextPage: false } }, 'products', 12)).toBeUndefined();
  expect(nextPageParam(new Array(12).fill({}), 'products', 12, 3)).toBe(4);
  expect(nextPageParam(new Array(5).fill({}), 'products', 12, 3)).toBeUndefined();
});
