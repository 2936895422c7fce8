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

export const isRideComplete = (ride) => RIDE_FIELDS.every((f) => String(ride[f.name] ?? '').trim() !== '');

export const ridePayload = (ride) => Object.fromEntries(RIDE_FIELDS.map((f) => [f.name, String(ride[f.name] ?? '').trim()]));
