// @ts-check
// The sales report (admins): GET /api/reports/sales and the same report as CSV.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { reportKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */
/** @typedef {{from: string, to: string}} DateRange 'YYYY-MM-DD' ends, both included */

export const DEFAULT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isIsoDate = (/** @type {string | null | undefined} */ text) =>
  ISO_DATE.test(text || '') && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

// 'YYYY-MM-DD' plus `days` (calendar arithmetic on the date alone: no time zone involved).
/**
 * @param {string} isoDate
 * @param {number} days
 */
export function addDays(isoDate, days) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// The last `days` Los Angeles days, today included (`today` is the shop's today, YYYY-MM-DD).
/**
 * @param {string} today
 * @param {number} [days]
 * @returns {DateRange}
 */
export function lastDays(today, days = DEFAULT_DAYS) {
  return { from: addDays(today, -(days - 1)), to: today };
}

// The range from the URL (?from=&to=), each missing end filled as the server would: the last
// 30 days up to today, or 30 days from `from`.
/**
 * @param {URLSearchParams} params
 * @param {string} today
 * @returns {DateRange}
 */
export function rangeFromParams(params, today) {
  const from = isIsoDate(params.get('from')) ? params.get('from') : null;
  const to = isIsoDate(params.get('to')) ? params.get('to') : null;
  if (from && to) return { from, to };
  if (from) return { from, to: addDays(from, DEFAULT_DAYS - 1) };
  if (to) return lastDays(to);
  return lastDays(today);
}

// Whether asking again may help: a network failure or a server error, not a refusal.
export const canRetry = (/** @type {{status?: number} | null} */ error) => !error?.status || error.status >= 500;

export const salesReportQuery = (/** @type {DateRange} */ { from, to }) =>
  queryOptions({
    queryKey: reportKeys.sales({ from, to }),
    /** @returns {Promise<Schemas['SalesReport']>} */
    queryFn: ({ signal }) => api.get('/reports/sales', { from, to }, { signal }),
    // A new range keeps the old figures on screen until its own arrive; opening the dashboard
    // again always asks afresh (orders placed, completed or cancelled meanwhile change it).
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

// The tax report for filing (admins): GET /api/reports/taxes -> {from, to, taxableSales, salesTax,
// exciseSales, exciseTax, byRate: [{rate, place, taxableSales, salesTax}]}.
export const taxReportQuery = (/** @type {DateRange} */ { from, to }) =>
  queryOptions({
    queryKey: reportKeys.taxes({ from, to }),
    /** @returns {Promise<any>} */
    queryFn: ({ signal }) => api.get('/reports/taxes', { from, to }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const taxesCsvPath = (/** @type {DateRange} */ { from, to }) =>
  `/api/reports/taxes.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

// The month before `today`'s, from its first day to its last: the period a return is filed for.
/**
 * @param {string} today 'YYYY-MM-DD'
 * @returns {DateRange}
 */
export function lastMonth(today) {
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

export const salesCsvPath = (/** @type {DateRange} */ { from, to }) =>
  `/api/reports/sales.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

// The CSV needs the admin's token, so a plain link cannot fetch it: fetch it through the api
// client and hand the browser a Blob to save under the server's file name.
/**
 * @param {DateRange} range
 * @returns {Promise<string>} the file name the browser saves under
 */
export const downloadSalesCsv = (range) => downloadReportCsv('sales', range);

/**
 * @param {'sales' | 'taxes'} report
 * @param {DateRange} range
 * @returns {Promise<string>} the file name the browser saves under
 */
export async function downloadReportCsv(report, { from, to }) {
  const { blob, filename } = await api.getFile(`/reports/${report}.csv`, { from, to });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename || `${report}-${from}-${to}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the Blob's URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return link.download;
}
