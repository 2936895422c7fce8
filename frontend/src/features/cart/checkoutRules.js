// Checkout arithmetic and validation over the delivery options the server serves
// (GET /api/shop/info `deliveryOptions`: {id, label, fee, freeFrom, description, needsAddress,
// needsAppointment}). Pure functions so the drawer and its tests share one source; no fee or
// threshold is written here, and the server recomputes every figure anyway (409 'Prices have
// changed...' when ours differs).

export const MESSAGES = {
  cartEmpty: 'Your cart is empty',
  option: 'Please select a delivery option',
  name: 'Please enter your name for the order',
  address: 'Please enter your delivery address',
  phone: 'Please enter your phone number for delivery',
  date: 'Please select a delivery date',
  datePast: 'Delivery date cannot be earlier than today',
  time: 'Please select a delivery time',
};

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
// date, time), so the shopper sees the same message either side would give. `today` is
// 'YYYY-MM-DD' in Los Angeles; ISO dates compare correctly as strings.
export function validateCheckout(form, option, items, today) {
  if (!items || items.length === 0) return { field: 'cart', message: MESSAGES.cartEmpty };
  if (!option) return { field: 'deliveryOption', message: MESSAGES.option };
  if (blank(form.customerName)) return { field: 'customerName', message: MESSAGES.name };
  if (option.needsAddress && blank(form.deliveryAddress)) {
    return { field: 'deliveryAddress', message: MESSAGES.address };
  }
  if (option.needsAppointment) {
    if (blank(form.phoneNumber)) return { field: 'phoneNumber', message: MESSAGES.phone };
    if (blank(form.deliveryDate)) return { field: 'deliveryDate', message: MESSAGES.date };
    if (form.deliveryDate < today) return { field: 'deliveryDate', message: MESSAGES.datePast };
    if (blank(form.deliveryTime)) return { field: 'deliveryTime', message: MESSAGES.time };
  }
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
