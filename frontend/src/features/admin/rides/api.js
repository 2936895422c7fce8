// Ride requests and the pricing text, admin side (api.md "Rides").
import { api, apiFetch } from '../../../lib/api';

export const RIDES_PAGE_SIZE = 12;
export const RIDE_STATUSES = [
  { id: 'pending', label: 'Pending' },
  { id: 'accepted', label: 'Accepted' },
  { id: 'in_progress', label: 'In Progress' },
  { id: 'completed', label: 'Completed' },
  { id: 'cancelled', label: 'Cancelled' },
];
export const statusLabel = (id) => RIDE_STATUSES.find((s) => s.id === id)?.label || id;

export function fetchRidesPage(page, status) {
  const params = { page, limit: RIDES_PAGE_SIZE };
  if (status && status !== 'all') params.status = status;
  return api.get('/rides', params);
}
export const setRideStatus = (rideId, status) => api.put(`/rides/${rideId}/status`, { status });
export const deleteRide = (rideId) => api.del(`/rides/${rideId}`);
// The pricing text is public: the spec's client reads it without a token.
export const fetchRidePricing = () => apiFetch('/rides/settings/pricing', { auth: false });
export const saveRidePricing = (description) => api.put('/rides/settings/pricing', { description });
