// Checkout arithmetic and validation over the delivery options the server serves
// (GET /api/shop/info `deliveryOptions`: {id, label, fee, freeFrom, description, needsAddress,
// needsAppointment}). Pure functions so the drawer and its tests share one source; no fee,
// threshold or message is written here (the messages are shop info's `checkoutMessages`), and the
// server recomputes every figure anyway (409 'Prices have changed...' when ours differs).

// Cents, so 59.99 + 0.01 is exactly 60 and the threshold is never missed by a float error.
const cents = (n) => Math.round(Number(n || 0) * 100);
export const roundMoney = (n) => cents(n) / 100;

const waivedAt = (option) => (option.freeFrom === null || option.freeFrom === undefined ? null : cents(option.freeFrom));

// `option` is one served delivery option, or null before one is chosen.
export function deliveryFee(option, subtotal) {
  if (!option || !Number(option.fee)) return 0;
  const freeFrom = waivedAt(option);
  return freeFrom !== null && cents(subtotal) >= freeFrom ? 0 : cents(option.fee) / 100;
}

// How much more the shopper must buy before the option's fee is waived; 0 when it already is
// (or the option is always free, or never).
export function amountToFreeDelivery(option, subtotal) {
  if (!option || !Number(option.fee)) return 0;
  const freeFrom = waivedAt(option);
  if (freeFrom === null) return 0;
  return Math.max(0, freeFrom - cents(subtotal)) / 100;
}

export function orderTotal(option, subtotal) {
  return roundMoney(roundMoney(subtotal) + deliveryFee(option, subtotal));
}

const blank = (value) => !String(value ?? '').trim();

// First problem in the order the server checks them (cart, option, name, address, phone,
// date, time), worded with the server's own `messages` (shop info's `checkoutMessages`), so the
// shopper sees the same message either side would give. `today` is 'YYYY-MM-DD' in the shop's
// zone; ISO dates compare correctly as strings.
// `day` is what is known of the chosen delivery day: {problem} (the served sentence for a day
// outside the bookable range, '' when inside) and {times, isLoaded} (the server's offered times).
export function validateCheckout(form, option, items, today, messages, day = NO_DAY) {
  const field = firstProblem(form, option, items, today, day);
  if (!field) return null;
  return { field: field.name, message: field.text ?? messages[field.message] };
}

const NO_DAY = { problem: '', times: [], isLoaded: false };

// The field at fault and the key of its message in `checkoutMessages` (or its `text`), or null.
function firstProblem(form, option, items, today, day) {
  if (!items || items.length === 0) return { name: 'cart', message: 'cartEmpty' };
  if (!option) return { name: 'deliveryOption', message: 'option' };
  if (blank(form.customerName)) return { name: 'customerName', message: 'name' };
  if (option.needsAddress && blank(form.deliveryAddress)) return { name: 'deliveryAddress', message: 'address' };
  return option.needsAppointment ? appointmentProblem(form, today, day) : null;
}

function appointmentProblem(form, today, day) {
  if (blank(form.phoneNumber)) return { name: 'phoneNumber', message: 'phone' };
  if (blank(form.deliveryDate)) return { name: 'deliveryDate', message: 'date' };
  if (form.deliveryDate < today) return { name: 'deliveryDate', message: 'datePast' };
  if (day.problem) return { name: 'deliveryDate', text: day.problem };
  if (blank(form.deliveryTime)) return { name: 'deliveryTime', message: 'time' };
  // A time the server no longer offers that day (the hour filled up meanwhile).
  if (day.isLoaded && !day.times.includes(form.deliveryTime)) return { name: 'deliveryTime', message: 'time' };
  return null;
}

// The POST /api/orders/checkout body. Fields the option does not use are sent empty so a
// stale address from another option never reaches the order.
export function checkoutPayload(form, option, items, subtotal) {
  const address = Boolean(option.needsAddress);
  const appointment = Boolean(option.needsAppointment);
  return {
    cartItems: items.map((item) => ({
      productId: item.productId,
      productTypeId: item.productTypeId ?? null,
      quantity: item.quantity,
    })),
    customerName: form.customerName.trim(),
    deliveryOption: option.id,
    deliveryAddress: address ? form.deliveryAddress.trim() : '',
    phoneNumber: appointment ? form.phoneNumber.trim() : '',
    deliveryDate: appointment ? form.deliveryDate : '',
    deliveryTime: appointment ? form.deliveryTime : '',
    // Local delivery goes to served ZIP codes only; the server says which (and refuses others).
    deliveryZip: appointment ? (form.deliveryZip || '').trim() : '',
    ageConfirmed: form.ageConfirmed === true,
    specialInstructions: (form.specialInstructions || '').trim(),
    deliveryFee: deliveryFee(option, subtotal),
    total: orderTotal(option, subtotal),
  };
}

export const EMPTY_FORM = {
  customerName: '',
  deliveryAddress: '',
  phoneNumber: '',
  deliveryDate: '',
  deliveryTime: '',
  deliveryZip: '',
  ageConfirmed: false,
  specialInstructions: '',
};

// The customer's saved details (GET /api/auth/me, kept on My Account) fill the checkout fields
// still empty; what the shopper typed is never overwritten.
const SAVED_DETAILS = [
  ['customerName', 'name'],
  ['phoneNumber', 'phone'],
  ['deliveryAddress', 'deliveryAddress'],
  ['deliveryZip', 'deliveryZip'],
];

export function prefillCheckout(form, me) {
  if (!me) return form;
  const missing = SAVED_DETAILS.filter(([field, saved]) => !form[field] && me[saved]);
  if (!missing.length) return form;
  return { ...form, ...Object.fromEntries(missing.map(([field, saved]) => [field, me[saved]])) };
}
