import { useQuery } from '@tanstack/react-query';
import { api } from './api';

// Neutral words while the operator's values load (or if the call fails): never a made-up address.
export const SHOP_INFO_FALLBACK = {
  name: 'Shop',
  pickupLocation: 'our pickup location',
  pickupPhone: '',
  deliveryArea: 'Orange County',
};

export function useShopInfo() {
  const { data } = useQuery({
    queryKey: ['shop-info'],
    queryFn: () => api.get('/shop/info', undefined, { auth: false }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { ...SHOP_INFO_FALLBACK, ...(data || {}) };
}
