// Checkout validation over the delivery options the server serves (GET /api/shop/info
// `deliveryOptions`: {id, label, fee, freeFrom, description, needsAddress, needsAppointment}),
// and the bodies of the quote and of checkout. Pure functions so the drawer and its tests share
// one source; no fee, tax, discount or message is written or computed here: every figure is the
// quote's (POST /api/orders/quote), and the messages are shop info's `checkoutMessages`.

const blank = (value) => !String(value ?? '').trim();

// First problem in the order the server checks them (cart, option, name, address, state, phone,
// date, time), worded with the server's own `messages` (shop info's `checkoutMessages`), so the
// shopper sees the same message either side would give. `today` is 'YYYY-MM-DD' in the shop's
// zone; ISO dates compare correctly as strings.
// `day` is what is known of the chosen delivery day: {problem} (the served sentence for a day
// outside the bookable range, '' when inside) and {times, isLoaded} (the server's offered times),
// and {phone}: the server's refusal of the phone typed ('' when none).
export function validateCheckout(form, option, items, today, messages, day = NO_DAY) {
  const field = firstProblem(form, option, items, today, day);
  if (!field) return null;
  return { field: field.name, message: field.text ?? messages[field.message] };
}

const NO_DAY = { problem: '', times: [], isLoaded: false, phone: '' };

// The field at fault and the key of its message in `checkoutMessages` (or its `text`), or null.
function firstProblem(form, option, items, today, day) {
  if (!items || items.length === 0) return { name: 'cart', message: 'cartEmpty' };
  if (!option) return { name: 'deliveryOption', message: 'option' };
  if (blank(form.customerName)) return { name: 'customerName', message: 'name' };
  if (option.needsAddress && blank(form.deliveryAddress)) return { name: 'deliveryAddress', message: 'address' };
  // A shipment is taxed at its state's rate: the state is asked for with the address.
  if (option.id === 'shipping' && blank(form.shippingState)) return { name: 'shippingState', message: 'state' };
  if (option.needsAppointment) return appointmentProblem(form, today, day);
  // A phone given for pickup (to text the shop on arrival), refused by the server's rule.
  return day.phone ? { name: 'phoneNumber', text: day.phone } : null;
}

function appointmentProblem(form, today, day) {
  if (blank(form.phoneNumber)) return { name: 'phoneNumber', message: 'phone' };
  if (day.phone) return { name: 'phoneNumber', text: day.phone };
  if (blank(form.deliveryDate)) return { name: 'deliveryDate', message: 'date' };
  if (form.deliveryDate < today) return { name: 'deliveryDate', message: 'datePast' };
  if (day.problem) return { name: 'deliveryDate', text: day.problem };
  if (blank(form.deliveryTime)) return { name: 'deliveryTime', message: 'time' };
  // A time the server no longer offers that day (the hour filled up meanwhile).
  if (day.isLoaded && !day.times.includes(form.deliveryTime)) return { name: 'deliveryTime', message: 'time' };
  return null;
}

const cartItemsOf = (items) =>
  items.map((item) => ({
    productId: item.productId,
    productTypeId: item.productTypeId ?? null,
    quantity: item.quantity,
  }));

// The fields of the body that decide the figures, as checkout sends them: the ZIP of a booked
// delivery (taxed at its place's rate), the state of a shipment, the one promo code.
function placeFields(form, option) {
  const appointment = Boolean(option?.needsAppointment);
  return {
    deliveryZip: appointment ? (form.deliveryZip || '').trim() : '',
    shippingState: option?.id === 'shipping' ? (form.shippingState || '').trim().toUpperCase() : '',
  };
}

// The POST /api/orders/quote body for the lines that can be ordered (`items`), under `option`
// (one served delivery option), or null when there is nothing to quote.
export function quoteBody(form, option, items, promoCode) {
  if (!items || !items.length || !option) return null;
  return {
    cartItems: cartItemsOf(items),
    deliveryOption: option.id,
    ...placeFields(form, option),
    promoCode: (promoCode || '').trim(),
  };
}

// The POST /api/orders/checkout body. Fields the option does not use are sent empty so a
// stale address from another option never reaches the order. `deliveryFee` and `total` are the
// quote's, as shown: the server refuses an order whose figures moved since (409).
export function checkoutPayload(form, option, items, quote, promoCode) {
  const address = Boolean(option.needsAddress);
  const appointment = Boolean(option.needsAppointment);
  return {
    cartItems: cartItemsOf(items),
    customerName: form.customerName.trim(),
    deliveryOption: option.id,
    deliveryAddress: address ? form.deliveryAddress.trim() : '',
    // A pickup carries the phone too (the shop texts about it; the Today card shows it).
    phoneNumber: appointment || option.id === 'pickup' ? form.phoneNumber.trim() : '',
    deliveryDate: appointment ? form.deliveryDate : '',
    deliveryTime: appointment ? form.deliveryTime : '',
    // Local delivery goes to served ZIP codes only; the server says which (and refuses others).
    ...placeFields(form, option),
    promoCode: (promoCode || '').trim(),
    ageConfirmed: form.ageConfirmed === true,
    specialInstructions: (form.specialInstructions || '').trim(),
    deliveryFee: quote.deliveryFee,
    total: quote.total,
  };
}

export const EMPTY_FORM = {
  customerName: '',
  deliveryAddress: '',
  phoneNumber: '',
  deliveryDate: '',
  deliveryTime: '',
  deliveryZip: '',
  shippingState: '',
  ageConfirmed: false,
  dateOfBirth: '',
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
