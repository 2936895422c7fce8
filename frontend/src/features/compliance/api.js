// @ts-check
// Compliance (admins): the rules (GET/POST /api/compliance/rules, GET/PATCH/DELETE
// /api/compliance/rules/{id}) and the records an inspector asks for: the N2O log
// (GET /api/compliance/n2o-log?from&to, and .csv) and the monthly delivery-sales report
// (GET /api/compliance/delivery-sales?month=YYYY-MM, and .csv, .pdf). The server checks every
// value and words every message; a change of rule makes the shop front ask again.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../lib/api';
import { complianceKeys } from '../../lib/queryKeys';

/** @typedef {Record<string, any>} Rule */

/** @param {any} answer @returns {Rule[]} */
const listOf = (answer) => (Array.isArray(answer) ? answer : (answer?.rules ?? answer?.results ?? []));

export const ruleListQuery = () =>
  queryOptions({
    queryKey: complianceKeys.rules(),
    /** @returns {Promise<Rule[]>} */
    queryFn: async ({ signal }) => listOf(await api.get('/compliance/rules', undefined, { signal })),
    staleTime: 0,
  });

// Every compliance answer is stale after a rule changes: the shop front's checks included.
function useInvalidating() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: complianceKeys.all });
}

// mutate({id?, body}): a new rule without an id (POST), else the fields to change (PATCH).
export function useSaveRule() {
  const invalidate = useInvalidating();
  return useMutation({
    /** @type {(save: {id?: number, body: Rule}) => Promise<Rule>} */
    mutationFn: ({ id, body }) =>
      id ? apiFetch(`/compliance/rules/${id}`, { method: 'PATCH', body }) : api.post('/compliance/rules', body),
    onSuccess: invalidate,
  });
}

export function useDeleteRule() {
  const invalidate = useInvalidating();
  return useMutation({
    mutationFn: (/** @type {number} */ id) => api.del(`/compliance/rules/${id}`),
    onSuccess: invalidate,
  });
}

export const n2oLogQuery = (/** @type {{from: string, to: string}} */ range) =>
  queryOptions({
    queryKey: complianceKeys.n2oLog(range),
    /** @returns {Promise<any>} */
    queryFn: ({ signal }) => api.get('/compliance/n2o-log', range, { signal }),
    placeholderData: keepPreviousData,
  });

export const deliverySalesQuery = (/** @type {string} */ month) =>
  queryOptions({
    queryKey: complianceKeys.deliverySales(month),
    /** @returns {Promise<any>} */
    queryFn: ({ signal }) => api.get('/compliance/delivery-sales', { month }, { signal }),
    placeholderData: keepPreviousData,
  });

// A record's rows: a plain list, or the answer's `rows`.
/** @param {any} answer @returns {Record<string, any>[]} */
export const rowsOf = (answer) => (Array.isArray(answer) ? answer : (answer?.rows ?? []));

// The files need the admin's token, so a plain link cannot fetch them: fetched through the api
// client (api.getFile) and handed to the browser as a Blob under the server's file name.
/**
 * @param {string} path e.g. '/compliance/n2o-log.csv'
 * @param {Record<string, string>} params
 * @param {string} fallbackName
 * @returns {Promise<string>} the file name the browser saves under
 */
export async function downloadRecord(path, params, fallbackName) {
  const { blob, filename } = await api.getFile(path, params);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename || fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the Blob's URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return link.download;
}
