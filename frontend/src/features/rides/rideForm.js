// The ride request form (spec sections 3, 5, 8, 9): its seven fields, the texts of its dialogs
// and the pricing text shown when the server's cannot be loaded.

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

export const DEFAULT_PRICING_TEXT =
  'Our ride pricing is simple: a $15 base pickup fee plus $2.50 per mile. ' +
  'Large items add $10, and same-day rush requests add $20. ' +
  'We confirm the final price with you after reviewing your request, ' +
  'and payment is due when your delivery is completed.';

export const DIALOGS = {
  missing: {
    type: 'warning',
    title: 'Missing Information',
    message: 'Please fill in all fields before submitting your ride request.',
  },
  success: {
    type: 'success',
    title: 'Request Submitted!',
    message:
      'Your ride request has been submitted successfully. We will contact you soon to confirm the details.',
  },
  failed: { type: 'error', title: 'Submission Failed', message: 'Failed to submit ride request. Please try again.' },
  network: {
    type: 'error',
    title: 'Network Error',
    message: 'A network error occurred. Please check your connection and try again.',
  },
};

export const isRideComplete = (ride) => RIDE_FIELDS.every((f) => String(ride[f.name] ?? '').trim() !== '');

export const ridePayload = (ride) =>
  Object.fromEntries(RIDE_FIELDS.map((f) => [f.name, String(ride[f.name] ?? '').trim()]));

const RIDE_STATUS_LABELS = {
  pending: 'Pending',
  accepted: 'Accepted',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const rideStatusLabel = (status) => RIDE_STATUS_LABELS[status] || status || 'Unknown';
