// @ts-check
// Rides: the list (a customer's own requests, or every request for an admin: the server
// decides), the request form, the admin's status changes and pricing text, as query options and
// mutation hooks.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../lib/api';
import { pagedQueryOptions } from '../../lib/pages';
import { rideKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const RIDES_PAGE_SIZE = 12;

// `status` filters the admin's list; null or 'all' lists every status.
/** @param {string | null} [status] */
export const rideListQuery = (status = null) => {
  const filter = status && status !== 'all' ? status : null;
  return pagedQueryOptions({
    queryKey: rideKeys.list(filter),
    // api.get leaves out a null status.
    /** @type {(page: number, signal: AbortSignal) => Promise<Schemas['RidePage']>} */
    fetchPage: (page, signal) => api.get('/rides', { page, limit: RIDES_PAGE_SIZE, status: filter }, { signal }),
    itemsKey: 'rides',
    pageSize: RIDES_PAGE_SIZE,
  });
};

// The pricing text is public: it is read without an authorization header.
/** @type {(context?: {signal?: AbortSignal}) => Promise<Schemas['Pricing']>} */
export const fetchRidePricing = ({ signal } = {}) => apiFetch('/rides/settings/pricing', { auth: false, signal });

export const ridePricingQuery = (
  /** @type {Partial<import('@tanstack/react-query').UseQueryOptions<Schemas['Pricing']>>} */ options = {},
) => queryOptions({ queryKey: rideKeys.pricing(), queryFn: fetchRidePricing, ...options });

export const RIDE_REQUEST_KEY = ['ride-request'];

// The token is sent so the request is linked to the customer and listed on /rides.
export function useRequestRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: RIDE_REQUEST_KEY,
    /** @type {(ride: Schemas['RideRequestRequest']) => Promise<Schemas['RideAnswer']>} */
    mutationFn: (ride) => api.post('/rides', ride),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}

// mutate({ rideId, status }) -> {message, ride}
export function useSetRideStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(change: {rideId: number, status: string}) => Promise<Schemas['RideAnswer']>} */
    mutationFn: ({ rideId, status }) => api.put(`/rides/${rideId}/status`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}

export function useDeleteRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (/** @type {number} */ rideId) => api.del(`/rides/${rideId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}

export function useSaveRidePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(description: string) => Promise<Schemas['PricingAnswer']>} */
    mutationFn: (description) => api.put('/rides/settings/pricing', { description }),
    onSuccess: (answer, description) => {
      queryClient.setQueryData(rideKeys.pricing(), { ride_pricing_description: answer?.ride_pricing_description ?? description });
    },
  });
}
