// @ts-check
// The activity history (admins): every back-office write, newest first, with the filters the
// Activity page sets (GET /api/activity; docs/api.md, Activity history).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedQueryOptions } from '../../lib/pages';
import { activityKeys, userKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const ACTIVITY_PAGE_SIZE = 20;

/**
 * @param {Record<string, string>} filters the API's own parameters: entity, person, from, to
 * @param {number} page
 * @param {AbortSignal} [signal]
 * @returns {Promise<Schemas['ActivityPage']>}
 */
export function fetchActivityPage(filters, page, signal) {
  return api.get('/activity', { ...filters, page, limit: ACTIVITY_PAGE_SIZE }, { signal });
}

/** @param {Record<string, string>} filters */
export const activityListQuery = (filters) =>
  pagedQueryOptions({
    queryKey: activityKeys.list(filters),
    fetchPage: (/** @type {number} */ page, /** @type {AbortSignal} */ signal) => fetchActivityPage(filters, page, signal),
    itemsKey: 'entries',
    pageSize: ACTIVITY_PAGE_SIZE,
  });

// The people the person filter offers: the shop's admins and staff, who make the back office's
// writes (customers are thousands; GET /api/auth/users pages its answer, 100 at most a page).
export const PEOPLE_LIMIT = 100;
export const peopleQuery = () =>
  queryOptions({
    queryKey: userKeys.people(),
    /** @returns {Promise<Schemas['UserPage']>} */
    queryFn: ({ signal }) => api.get('/auth/users', { role: 'admin,staff', limit: PEOPLE_LIMIT }, { signal }),
    select: (page) => page?.users ?? [],
  });
