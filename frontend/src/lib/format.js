const LA = 'America/Los_Angeles';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(n) {
  const value = Number(n);
  return money.format(Number.isFinite(value) ? value : 0);
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: LA,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

// Newer ICU puts a narrow no-break space before AM/PM; tests and people expect a plain space.
export function formatDateTimeLA(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTime.format(date).replace(/[\u202f\u00a0]/g, ' ');
}

export function sku(id) {
  return `#${String(id ?? '').padStart(6, '0')}`;
}

const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: LA, year: 'numeric', month: '2-digit', day: '2-digit' });

// "Today" for delivery dates is the shop's day, not the visitor's.
export function todayLA(now = new Date()) {
  const parts = Object.fromEntries(dayParts.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
