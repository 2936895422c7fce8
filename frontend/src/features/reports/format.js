import { formatPrice } from '../../lib/format';

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

// Report days are Los Angeles calendar dates ('YYYY-MM-DD'): read and shown as dates alone.
const asDate = (iso) => new Date(`${iso}T00:00:00Z`);
export const formatShortDay = (iso) => shortDay.format(asDate(iso));
export const formatDay = (iso) => longDay.format(asDate(iso));

// Money arrives as decimal strings ("1234.50").
export const money = (value) => formatPrice(value);
export const toNumber = (value) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

// Axis ticks: "$1.2k" rather than "$1,234.00".
export function compactMoney(value) {
  const n = toNumber(value);
  if (Math.abs(n) >= 1000) return `$${(n / 1000).toFixed(n % 1000 === 0 ? 0 : 1)}k`;
  return `$${Math.round(n)}`;
}
