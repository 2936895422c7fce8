import { checkoutPayload, quoteBody, validateCheckout } from '../checkoutRules';
import { createAttemptKeys } from '../idempotency';
import SHOP from '../../../test/fixtures/shopInfo.json';

// The options as the server serves them (the fixture is checked against the server).
const opt = (id) => SHOP.deliveryOptions.find((o) => o.id === id) ?? null;

const TODAY = '2026-11-22';
const ITEMS = [{ cartKey: '1', productId: 1, productTypeId: null, quantity: 2 }];
const FULL = {
  customerName: 'Ada Buyer',
  deliveryAddress: '1 Main St',
  shippingState: 'CA',
  phoneNumber: '714-555-0100',
  deliveryDate: TODAY,
  deliveryTime: '14:00',
  specialInstructions: '',
};

describe('validateCheckout', () => {
  const message = (form, option, items = ITEMS) => {
    const problem = validateCheckout({ ...FULL, ...form }, opt(option), items, TODAY, SHOP.checkoutMessages);
    return problem && problem.message;
  };

  test('every checkout message, in the server order', () => {
    expect(message({}, 'delivery', [])).toBe('Your cart is empty');
    expect(message({}, '')).toBe('Please select a delivery option');
    expect(message({ customerName: '  ' }, 'pickup')).toBe('Please enter your name for the order');
    expect(message({ deliveryAddress: '' }, 'shipping')).toBe('Please enter your delivery address');
    expect(message({ shippingState: ' ' }, 'shipping')).toBe(SHOP.checkoutMessages.state);
    expect(message({ deliveryAddress: '' }, 'delivery')).toBe('Please enter your delivery address');
    expect(message({ phoneNumber: '' }, 'delivery')).toBe('Please enter your phone number for delivery');
    expect(message({ deliveryDate: '' }, 'delivery')).toBe('Please select a delivery date');
    expect(message({ deliveryDate: '2026-11-21' }, 'delivery')).toBe(SHOP.checkoutMessages.datePast);
    expect(message({ deliveryTime: '' }, 'delivery')).toBe('Please select a delivery time');
  });

  test("the day's served problem and a time the server no longer offers stop the order", () => {
    const far = { problem: SHOP.checkoutMessages.dateTooFar, times: [], isLoaded: true };
    expect(validateCheckout(FULL, opt('delivery'), ITEMS, TODAY, SHOP.checkoutMessages, far)).toEqual({
      field: 'deliveryDate',
      message: SHOP.checkoutMessages.dateTooFar,
    });
    const filled = { problem: '', times: ['15:00'], isLoaded: true };
    expect(validateCheckout(FULL, opt('delivery'), ITEMS, TODAY, SHOP.checkoutMessages, filled)).toEqual({
      field: 'deliveryTime',
      message: SHOP.checkoutMessages.time,
    });
    const offered = { problem: '', times: ['14:00'], isLoaded: true };
    expect(validateCheckout(FULL, opt('delivery'), ITEMS, TODAY, SHOP.checkoutMessages, offered)).toBeNull();
  });

  test('what each option does not need is not asked for', () => {
    const bare = { customerName: 'Ada', deliveryAddress: '', phoneNumber: '', deliveryDate: '', deliveryTime: '' };
    expect(validateCheckout(bare, opt('pickup'), ITEMS, TODAY)).toBeNull();
    expect(validateCheckout({ ...bare, deliveryAddress: 'x', shippingState: 'NV' }, opt('shipping'), ITEMS, TODAY)).toBeNull();
  });

  test('today is a valid delivery date', () => {
    expect(validateCheckout(FULL, opt('delivery'), ITEMS, TODAY)).toBeNull();
  });

  test('the problem names the field to focus', () => {
    expect(validateCheckout({ ...FULL, phoneNumber: '' }, opt('delivery'), ITEMS, TODAY, SHOP.checkoutMessages).field).toBe('phoneNumber');
  });
});

// A quote as the server answers it: checkout sends its fee and total as they were shown.
const QUOTE = { subtotal: 30, discount: 0, deliveryFee: 8, exciseTax: 0, salesTax: 2.63, total: 40.63 };

test('checkout payload sends the lines, the option fields only, and the quoted fee and total', () => {
  const items = [
    { productId: 1, productTypeId: null, quantity: 2 },
    { productId: 2, productTypeId: 7, quantity: 1 },
  ];
  const form = { ...FULL, customerName: ' Ada ', deliveryZip: '92840', shippingState: ' nv ' };
  const payload = checkoutPayload(form, opt('shipping'), items, QUOTE, ' RADIO10 ');
  expect(payload).toEqual({
    cartItems: [
      { productId: 1, productTypeId: null, quantity: 2 },
      { productId: 2, productTypeId: 7, quantity: 1 },
    ],
    customerName: 'Ada',
    deliveryOption: 'shipping',
    deliveryAddress: '1 Main St',
    phoneNumber: '',
    deliveryDate: '',
    deliveryTime: '',
    deliveryZip: '',
    shippingState: 'NV',
    promoCode: 'RADIO10',
    ageConfirmed: false,
    specialInstructions: '',
    deliveryFee: 8,
    total: 40.63,
  });
});

test('the quote body carries what decides the figures: lines, option, ZIP of a delivery, state of a shipment, code', () => {
  const items = [{ productId: 1, productTypeId: null, quantity: 2 }];
  const form = { ...FULL, deliveryZip: ' 92840 ', shippingState: 'ca' };
  expect(quoteBody(form, opt('delivery'), items, 'X')).toEqual({
    cartItems: items,
    deliveryOption: 'delivery',
    deliveryZip: '92840',
    shippingState: '',
    promoCode: 'X',
  });
  expect(quoteBody(form, opt('shipping'), items, '')).toMatchObject({ deliveryZip: '', shippingState: 'CA', promoCode: '' });
  expect(quoteBody(form, opt('pickup'), [], '')).toBeNull();
  expect(quoteBody(form, null, items, '')).toBeNull();
});

test('local delivery sends the ZIP code trimmed; the age confirmation is sent only as true or false', () => {
  const items = [{ productId: 1, productTypeId: null, quantity: 1 }];
  const payload = checkoutPayload({ ...FULL, deliveryZip: ' 92840 ', ageConfirmed: true }, opt('delivery'), items, QUOTE);
  expect(payload).toMatchObject({ deliveryZip: '92840', ageConfirmed: true, phoneNumber: '714-555-0100', deliveryTime: '14:00' });
  expect(checkoutPayload({ ...FULL, ageConfirmed: 'yes' }, opt('pickup'), items, QUOTE)).toMatchObject({
    deliveryZip: '',
    ageConfirmed: false,
  });
});

test('attempt keys: same body keeps its key, a changed body or a reset makes a new one', () => {
  let n = 0;
  const keys = createAttemptKeys(() => `key-${(n += 1)}`);
  expect(keys.keyFor({ a: 1 })).toBe('key-1');
  expect(keys.keyFor({ a: 1 })).toBe('key-1');
  expect(keys.keyFor({ a: 2 })).toBe('key-2');
  keys.reset();
  expect(keys.keyFor({ a: 2 })).toBe('key-3');
});
