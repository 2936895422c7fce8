// Ride calls of the shopper (api.md Rides).
import { api, apiFetch } from '../../lib/api';

export const RIDES_PAGE_SIZE = 12;

// The pricing text is public (spec section 6: no authorization header on this GET).
export const fetchRidePricing = () => apiFetch('/rides/settings/pricing', { auth: false });

// The token is sent so the request is linked to the customer and listed on /rides.
export const submitRideRequest = (ride) => api.post('/rides', ride);

export const fetchMyRidesPage = (page) => api.get('/rides', { page, limit: RIDES_PAGE_SIZE });
