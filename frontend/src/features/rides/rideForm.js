// The ride request form: its seven fields and the texts of its dialogs. Statuses, their labels
// and the default pricing text are the server's (GET /api/shop/info).

export const RIDE_FIELDS = [
  { name: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Pickup Address', type: 'text', autoComplete: 'street-address' },
  { name: 'dropoffAddress', label: 'Drop-off Address', type: 'text' },
  { name: 'pickupDate', label: 'Pickup Date', type: 'date' },
  { name: 'pickupTime', label: 'Pickup Time', type: 'time' },
  { name: 'itemDescription', label: 'Item Description', type: 'textarea' },
];

export const EMPTY_RIDE = Object.fromEntries(RIDE_FIELDS.map((f) => [f.name, '']));

export const DIALOGS = {
  missing: {
    type: 'warning',
    title: 'Missing Information',
    message: 'Please fill in all fields before submitting your ride request.',
  },
  success: {
    type: 'success',
    title: 'Request Submitted!',
    message: 'Your ride request has been submitted successfully. We will contact you soon to confirm the details.',
  },
  failed: { type: 'error', title: 'Submission Failed', message: 'Failed to submit ride request. Please try again.' },
  network: {
    type: 'error',
    title: 'Network Error',
    message: 'A network error occurred. Please check your connection and try again.',
  },
};

// The fields still empty, in the form's order (the "Missing Information" dialog's fields).
export const missingRideFields = (ride) => RIDE_FIELDS.filter((f) => String(ride[f.name] ?? '').trim() === '').map((f) => f.name);

export const isRideComplete = (ride) => missingRideFields(ride).length === 0;

// The customer's saved name and phone (GET /api/auth/me) fill those fields while still empty.
export function prefillRide(ride, me) {
  if (!me) return ride;
  return { ...ride, name: ride.name || me.name || '', phone: ride.phone || me.phone || '' };
}

export const FIELD_MISSING = 'Please fill in this field.';

export const ridePayload = (ride) => Object.fromEntries(RIDE_FIELDS.map((f) => [f.name, String(ride[f.name] ?? '').trim()]));
