// Delivery options, fees and checkout validation (spec sections 5 and 9). Pure functions so
// the drawer and its tests share one source; the server recomputes every figure anyway and
// answers 409 'Prices have changed...' when ours differs.

export const FREE_DELIVERY_FROM = 60;

export const DELIVERY_OPTIONS = [
  { id: 'pickup', label: 'Store Pickup', description: 'Pick up your order at our store', fee: 0 },
  { id: 'shipping', label: 'Standard Shipping', description: '3-5 business days', fee: 8 },
  { id: 'delivery', label: 'Local Delivery', description: 'Delivered in {area}', fee: 20 },
];

const OPTION_BY_ID = Object.fromEntries(DELIVERY_OPTIONS.map((o) => [o.id, o]));

export const NEEDS_ADDRESS = new Set(['shipping', 'delivery']);
export const NEEDS_APPOINTMENT = new Set(['delivery']);

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

export function deliveryFee(option, subtotal) {
  const spec = OPTION_BY_ID[option];
  if (!spec || spec.fee === 0) return 0;
  return cents(subtotal) >= cents(FREE_DELIVERY_FROM) ? 0 : spec.fee;
}

// How much more the shopper must buy before the option's fee is waived; 0 when it already is
// (or the option is always free).
export function amountToFreeDelivery(option, subtotal) {
  const spec = OPTION_BY_ID[option];
  if (!spec || spec.fee === 0) return 0;
  return Math.max(0, cents(FREE_DELIVERY_FROM) - cents(subtotal)) / 100;
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
  if (!OPTION_BY_ID[option]) return { field: 'deliveryOption', message: MESSAGES.option };
  if (blank(form.customerName)) return { field: 'customerName', message: MESSAGES.name };
  if (NEEDS_ADDRESS.has(option) && blank(form.deliveryAddress)) {
    return { field: 'deliveryAddress', message: MESSAGES.address };
  }
  if (NEEDS_APPOINTMENT.has(option)) {
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
  const address = NEEDS_ADDRESS.has(option);
  const appointment = NEEDS_APPOINTMENT.has(option);
  return {
    cartItems: items.map((item) => ({
      productId: item.productId,
      productTypeId: item.productTypeId ?? null,
      quantity: item.quantity,
    })),
    customerName: form.customerName.trim(),
    deliveryOption: option,
    deliveryAddress: address ? form.deliveryAddress.trim() : '',
    phoneNumber: appointment ? form.phoneNumber.trim() : '',
    deliveryDate: appointment ? form.deliveryDate : '',
    deliveryTime: appointment ? form.deliveryTime : '',
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
  specialInstructions: '',
};
