import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { setShopTimeZone } from './format';

// GET /api/shop/info: the operator's details and every rule the screens show (delivery options
// and fees, order and ride statuses with their labels and next statuses, the default ride
// pricing text, the checkout messages, the shop's time zone). The server owns them; this app
// keeps no copy and reads them once per session.
export const shopInfoQuery = queryOptions({
  queryKey: ['shop-info'],
  queryFn: async ({ signal }) => {
    const info = await api.get('/shop/info', undefined, { auth: false, signal });
    // Before any screen re-renders with the answer, so every date it shows is in the shop's zone.
    setShopTimeZone(info?.timeZone);
    return info;
  },
  staleTime: Infinity,
  gcTime: Infinity,
});

// Neutral words while the operator's values load (or if the call fails): never a made-up
// address, and no rule: lists stay empty until the server's arrive.
export const SHOP_INFO_FALLBACK = {
  name: 'Shop',
  pickupLocation: 'our pickup location',
  pickupPhone: '',
  deliveryArea: '',
  deliveryOptions: [],
  orderStatuses: [],
  rideStatuses: [],
  defaultRidePricing: '',
  checkoutMessages: {},
  notShippable: '',
  policies: [],
};

// `options` tunes this screen's reading (a shorter `staleTime` reads the rules again on mount).
export function useShopInfo(options) {
  const { data, isSuccess, isError } = useQuery({ ...shopInfoQuery, ...options });
  return { ...SHOP_INFO_FALLBACK, ...(data || {}), isLoaded: isSuccess, isError };
}

// `list` is one of the served lists ({id, label, ...}); an id the server never named is shown as
// it is, so a new status still reads as something.
export function findById(list, id) {
  return (list || []).find((item) => item.id === id) ?? null;
}

export function labelOf(list, id, unknown = '') {
  return findById(list, id)?.label ?? (id || unknown);
}
