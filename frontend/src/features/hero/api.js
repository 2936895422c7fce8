// Hero images: shoppers get the active ones, admins every one (the server decides).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { heroKeys } from '../../lib/queryKeys';

export const fetchHeroImages = ({ signal } = {}) => api.get('/hero/images', undefined, { signal });

export const heroImagesQuery = (options = {}) => queryOptions({ queryKey: heroKeys.all, queryFn: fetchHeroImages, ...options });
