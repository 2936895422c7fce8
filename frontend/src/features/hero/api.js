// @ts-check
// Hero images: shoppers get the active ones, admins every one (the server decides).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { heroKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

/** @type {(context?: {signal?: AbortSignal}) => Promise<Schemas['Hero'][]>} */
export const fetchHeroImages = ({ signal } = {}) => api.get('/hero/images', undefined, { signal });

export const heroImagesQuery = (/** @type {Partial<import('@tanstack/react-query').UseQueryOptions<Schemas['Hero'][]>>} */ options = {}) =>
  queryOptions({ queryKey: heroKeys.all, queryFn: fetchHeroImages, ...options });
