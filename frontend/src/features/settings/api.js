// @ts-check
// The shop's settings, admin side: read, save, and the change log that comes with them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { shopInfoQuery } from '../../lib/shopInfo';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const settingsKeys = { all: ['shop-settings'] };

export const shopSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    /** @returns {Promise<Schemas['ShopSettingsAnswer']>} */
    queryFn: ({ signal }) => api.get('/shop/settings', undefined, { signal }),
  });

// mutate(every setting); the answer replaces the cached settings, and the shop front reads its
// fees, hours and details again at once (GET /api/shop/info).
export const useSaveSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(settings: Schemas['ShopSettingsRequest']) => Promise<Schemas['ShopSettingsAnswer']>} */
    mutationFn: (settings) => api.put('/shop/settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      return queryClient.invalidateQueries({ queryKey: shopInfoQuery.queryKey });
    },
  });
};
