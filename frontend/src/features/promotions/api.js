// @ts-check
// Promotions (admins): GET/POST /api/promotions, GET/PATCH/DELETE /api/promotions/{id}. A
// promotion: {id, code, kind ('percent' | 'amount' | 'free_delivery'), value, minSubtotal,
// startsAt, endsAt, maxUses, maxUsesPerCustomer, categories, products, excludeCategories,
// includeNicotine, active, uses}; the server checks every value and counts the uses.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../lib/api';
import { promotionKeys } from '../../lib/queryKeys';

/** @typedef {Record<string, any>} Promotion */

// The list answer: a plain list, or {promotions: [...]}.
/** @param {any} answer @returns {Promotion[]} */
const listOf = (answer) => (Array.isArray(answer) ? answer : (answer?.promotions ?? answer?.results ?? []));

export const promotionListQuery = () =>
  queryOptions({
    queryKey: promotionKeys.list(),
    /** @returns {Promise<Promotion[]>} */
    queryFn: async ({ signal }) => listOf(await api.get('/promotions', undefined, { signal })),
    // Uses move with every order: read again each time the page opens.
    staleTime: 0,
  });

// mutate({id?, body}): a new promotion without an id (POST), else the fields to change (PATCH).
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(save: {id?: number, body: Promotion}) => Promise<Promotion>} */
    mutationFn: ({ id, body }) => (id ? apiFetch(`/promotions/${id}`, { method: 'PATCH', body }) : api.post('/promotions', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (/** @type {number} */ id) => api.del(`/promotions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
