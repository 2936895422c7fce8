import { amountToFreeDelivery, checkoutPayload, deliveryFee, orderTotal, validateCheckout } from '../checkoutRules';
import { createAttemptKeys } from '../idempotency';
import SHOP from '../../../test/fixtures/shopInfo.json';

// The options as the server serves them (the fixture is checked against the server).
const opt = (id) => SHOP.deliveryOptions.find((o) => o.id === id) ?? null;

const TODAY = '2026-11-22';
const ITEMS = [{ cartKey: '1', productId: 1, productTypeId: null, quantity: 2 }];
const FULL = {
  customerName: 'Ada Buyer',
  deliveryAddress: '1 Main St',
  phoneNumber: '714-555-0100',
  deliveryDate: TODAY,
  deliveryTime: '14:00',
  specialInstructions: '',
};

describe('deliveryFee', () => {
  test('pickup is always free', () => {
    expect(deliveryFee(opt('pickup'), 0)).toBe(0);
    expect(deliveryFee(opt('pickup'), 10)).toBe(0);
  });

  test.each([
    ['shipping', 59.99, 8],
    ['shipping', 60, 0],
    ['shipping', 60.01, 0],
    ['delivery', 59.99, 20],
    ['delivery', 60, 0],
    ['delivery', 0, 20],
  ])('%s at subtotal %s costs %s', (option, subtotal, fee) => {
    expect(deliveryFee(opt(option), subtotal)).toBe(fee);
  });

  test('an option the server makes free from a threshold waives it there, one without none never does', () => {
    const custom = { id: 'courier', fee: 12.5, freeFrom: null, needsAddress: true, needsAppointment: false };
    expect(deliveryFee(custom, 1000)).toBe(12.5);
    expect(amountToFreeDelivery(custom, 10)).toBe(0);
    expect(deliveryFee({ ...custom, freeFrom: 100 }, 100)).toBe(0);
  });

  test('a float sum that lands on 60 counts as 60', () => {
    expect(deliveryFee(opt('shipping'), 0.1 + 0.2 + 59.7)).toBe(0);
  });

  test('no option has no fee', () => {
    expect(deliveryFee(null, 10)).toBe(0);
  });
});

test('amount to free delivery and totals', () => {
  expect(amountToFreeDelivery(opt('shipping'), 59.99)).toBe(0.01);
  expect(amountToFreeDelivery(opt('delivery'), 45.5)).toBe(14.5);
  expect(amountToFreeDelivery(opt('delivery'), 60)).toBe(0);
  expect(amountToFreeDelivery(opt('pickup'), 1)).toBe(0);
  expect(orderTotal(opt('delivery'), 59.99)).toBe(79.99);
  expect(orderTotal(opt('shipping'), 60)).toBe(60);
});

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
    expect(validateCheckout({ ...bare, deliveryAddress: 'x' }, opt('shipping'), ITEMS, TODAY)).toBeNull();
  });

  test('today is a valid delivery date', () => {
    expect(validateCheckout(FULL, opt('delivery'), ITEMS, TODAY)).toBeNull();
  });

  test('the problem names the field to focus', () => {
    expect(validateCheckout({ ...FULL, phoneNumber: '' }, opt('delivery'), ITEMS, TODAY, SHOP.checkoutMessages).field).toBe('phoneNumber');
  });
});

test('checkout payload sends the lines, the option fields only, fee and total', () => {
  const items = [
    { productId: 1, productTypeId: null, quantity: 2 },
    { productId: 2, productTypeId: 7, quantity: 1 },
  ];
  const payload = checkoutPayload({ ...FULL, customerName: ' Ada ', deliveryZip: '92840' }, opt('shipping'), items, 30);
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
    ageConfirmed: false,
    specialInstructions: '',
    deliveryFee: 8,
    total: 38,
  });
});

test('local delivery sends the ZIP code trimmed; the age confirmation is sent only as true or false', () => {
  const items = [{ productId: 1, productTypeId: null, quantity: 1 }];
  const payload = checkoutPayload({ ...FULL, deliveryZip: ' 92840 ', ageConfirmed: true }, opt('delivery'), items, 10);
  expect(payload).toMatchObject({ deliveryZip: '92840', ageConfirmed: true, phoneNumber: '714-555-0100', deliveryTime: '14:00' });
  expect(checkoutPayload({ ...FULL, ageConfirmed: 'yes' }, opt('pickup'), items, 10)).toMatchObject({
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
