const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(n) {
  const value = Number(n);
  return money.format(Number.isFinite(value) ? value : 0);
}

// Dates and times in words a person reads, in the shop's time zone:
//   formatWhen('2030-01-01T22:30:00Z')      -> 'Tue, Jan 1, 2030 at 2:30 PM'
//   formatDay('2030-01-01')                 -> 'Tue, Jan 1, 2030'  (a calendar day stays that day)
//   formatClock('14:30')                    -> '2:30 PM'
//   formatDayAndClock('2030-01-01', '14:30') -> 'Tue, Jan 1, 2030 at 2:30 PM'
// Anything unreadable comes back as it was given (or '' for nothing), never as "Invalid Date".
const DAY_OPTIONS = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
const CLOCK_OPTIONS = { hour: 'numeric', minute: '2-digit' };

// The shop's zone is served (GET /api/shop/info `timeZone`; lib/shopInfo.js sets it as the answer
// arrives, before any screen reads it). Until it is known, the visitor's own zone.
let shopZone;
let inShopZone = zoneFormats(undefined);

function zoneFormats(timeZone) {
  return {
    inputParts: new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
    day: new Intl.DateTimeFormat('en-US', { ...DAY_OPTIONS, timeZone }),
    clock: new Intl.DateTimeFormat('en-US', { ...CLOCK_OPTIONS, timeZone }),
    dayParts: new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  };
}

// An answer without a zone keeps the last one known.
export function setShopTimeZone(timeZone) {
  if (!timeZone || timeZone === shopZone) return;
  shopZone = timeZone;
  inShopZone = zoneFormats(timeZone);
}

// A date-only value names a calendar day, not an instant: format it in UTC so no offset moves it.
const dayUTC = new Intl.DateTimeFormat('en-US', { ...DAY_OPTIONS, timeZone: 'UTC' });
const clockUTC = new Intl.DateTimeFormat('en-US', { ...CLOCK_OPTIONS, timeZone: 'UTC' });

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function plain(text) {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

function instant(value) {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Every instant the app shows (orders, rides, the back office) reads the same way.
export function formatWhen(value) {
  const date = instant(value);
  if (!date) return value ? String(value) : '';
  return plain(`${inShopZone.day.format(date)} at ${inShopZone.clock.format(date)}`);
}

export function formatDay(value) {
  if (!value) return '';
  const match = DATE_ONLY.exec(String(value));
  if (match) {
    const [, y, m, d] = match.map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCDate() === d ? plain(dayUTC.format(date)) : String(value);
  }
  const date = instant(value);
  return date ? plain(inShopZone.day.format(date)) : String(value);
}

export function formatClock(value) {
  if (!value) return '';
  const match = TIME_ONLY.exec(String(value).trim());
  if (match) {
    const [hours, minutes] = [Number(match[1]), Number(match[2])];
    if (hours > 23 || minutes > 59) return String(value);
    return plain(clockUTC.format(new Date(Date.UTC(2000, 0, 1, hours, minutes))));
  }
  const date = instant(value);
  return date ? plain(inShopZone.clock.format(date)) : String(value);
}

// A time the customer typed in words ('after 5pm') is kept as typed, after a comma.
export function formatDayAndClock(day, clock) {
  const dayText = formatDay(day);
  const clockText = formatClock(clock);
  if (!dayText || !clockText) return dayText || clockText;
  return `${dayText}${clockText === String(clock) ? ',' : ' at'} ${clockText}`;
}

export function sku(id) {
  return `#${String(id ?? '').padStart(6, '0')}`;
}

// "Today" for delivery dates is the shop's day, not the visitor's.
export function todayLA(now = new Date()) {
  const parts = Object.fromEntries(inShopZone.dayParts.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// A value of the activity history as a person reads it: money as money (the server says which
// values are), yes/no, lists joined, and "(empty)" for nothing.
export function formatChangeValue(value, money = false) {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (money) return formatPrice(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(empty)';
  return String(value);
}

// An instant as a datetime-local input shows it, in the shop's zone: 'YYYY-MM-DDTHH:MM' ('' for
// nothing or something unreadable). What the admin types there is shop time too.
export function toShopInput(value) {
  const date = instant(value);
  if (!date) return '';
  const parts = Object.fromEntries(inShopZone.inputParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
