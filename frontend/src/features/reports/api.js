// The sales report (admins): GET /api/reports/sales and the same report as CSV.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { reportKeys } from '../../lib/queryKeys';

export const DEFAULT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isIsoDate = (text) => ISO_DATE.test(text || '') && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

// 'YYYY-MM-DD' plus `days` (calendar arithmetic on the date alone: no time zone involved).
export function addDays(isoDate, days) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// The last `days` Los Angeles days, today included (`today` is the shop's today, YYYY-MM-DD).
export function lastDays(today, days = DEFAULT_DAYS) {
  return { from: addDays(today, -(days - 1)), to: today };
}

// The range from the URL (?from=&to=), each missing end filled as the server would: the last
// 30 days up to today, or 30 days from `from`.
export function rangeFromParams(params, today) {
  const from = isIsoDate(params.get('from')) ? params.get('from') : null;
  const to = isIsoDate(params.get('to')) ? params.get('to') : null;
  if (from && to) return { from, to };
  if (from) return { from, to: addDays(from, DEFAULT_DAYS - 1) };
  if (to) return lastDays(to);
  return lastDays(today);
}

export const salesReportQuery = ({ from, to }) =>
  queryOptions({
    queryKey: reportKeys.sales({ from, to }),
    queryFn: ({ signal }) => api.get('/reports/sales', { from, to }, { signal }),
    // A new range keeps the old figures on screen until its own arrive; opening the dashboard
    // again always asks afresh (orders placed, completed or cancelled meanwhile change it).
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const salesCsvPath = ({ from, to }) => `/api/reports/sales.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

// The CSV needs the admin's token, so a plain link cannot fetch it: fetch it through the api
// client and hand the browser a Blob to save under the server's file name.
export async function downloadSalesCsv({ from, to }) {
  const { blob, filename } = await api.getFile('/reports/sales.csv', { from, to });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename || `sales-${from}-${to}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the Blob's URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return link.download;
}
