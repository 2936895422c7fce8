import { formatClock, formatDay, formatDayAndClock, formatPrice, formatWhen, sku, todayLA } from '../format';
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

test('order times are shown in words, in Los Angeles time', () => {
  expect(formatWhen('2026-11-22T18:04:05Z')).toBe('Sun, Nov 22, 2026 at 10:04 AM');
  // Summer: PDT is UTC-7.
  expect(formatWhen('2026-07-01T00:30:00Z')).toBe('Tue, Jun 30, 2026 at 5:30 PM');
  expect(formatWhen(null)).toBe('');
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

describe('dates and times in words', () => {
  test('an instant reads as weekday, date and time in Los Angeles', () => {
    expect(formatWhen('2030-01-01T22:30:00Z')).toBe('Tue, Jan 1, 2030 at 2:30 PM');
    // Just past midnight UTC is still the evening before in Los Angeles.
    expect(formatWhen('2030-01-02T03:05:00Z')).toBe('Tue, Jan 1, 2030 at 7:05 PM');
    // Summer time: PDT is UTC-7.
    expect(formatWhen('2026-07-01T16:00:00Z')).toBe('Wed, Jul 1, 2026 at 9:00 AM');
    expect(formatWhen(new Date('2030-03-07T17:00:00Z'))).toBe('Thu, Mar 7, 2030 at 9:00 AM');
  });

  test('a date-only value stays that calendar day', () => {
    expect(formatDay('2030-01-01')).toBe('Tue, Jan 1, 2030');
    expect(formatDay('2030-03-07')).toBe('Thu, Mar 7, 2030');
    expect(formatDay('2030-02-30')).toBe('2030-02-30');
    // An instant is shown as its Los Angeles day.
    expect(formatDay('2030-01-02T03:05:00Z')).toBe('Tue, Jan 1, 2030');
  });

  test('a time reads as hours and minutes with AM/PM', () => {
    expect(formatClock('14:30')).toBe('2:30 PM');
    expect(formatClock('09:00:00')).toBe('9:00 AM');
    expect(formatClock('00:15')).toBe('12:15 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('25:00')).toBe('25:00');
    expect(formatClock('2030-01-01T22:30:00Z')).toBe('2:30 PM');
  });

  test('a day and a time together', () => {
    expect(formatDayAndClock('2030-01-01', '14:30')).toBe('Tue, Jan 1, 2030 at 2:30 PM');
    expect(formatDayAndClock('2030-01-01', '')).toBe('Tue, Jan 1, 2030');
    expect(formatDayAndClock('', '14:30')).toBe('2:30 PM');
    expect(formatDayAndClock('2026-11-23', 'after 5pm')).toBe('Mon, Nov 23, 2026, after 5pm');
  });

  test('nothing or nonsense never shows "Invalid Date"', () => {
    for (const format of [formatWhen, formatDay, formatClock]) {
      expect(format(null)).toBe('');
      expect(format('')).toBe('');
      expect(format('soon')).toBe('soon');
    }
  });

  test('today follows the clock, pinned here to a Los Angeles evening', () => {
    jest.useFakeTimers({ now: new Date('2030-01-02T03:05:00Z') });
    try {
      expect(todayLA()).toBe('2030-01-01');
      expect(formatDay(todayLA())).toBe('Tue, Jan 1, 2030');
    } finally {
      jest.useRealTimers();
    }
  });
});
