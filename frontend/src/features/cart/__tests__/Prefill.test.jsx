import { screen, waitFor } from '@testing-library/react';
import { prefillCheckout } from '../checkoutRules';
import { CUSTOMER, renderDrawer, toCheckout } from './harness';

const widget = { id: 1, name: 'Widget', price: 10, availability: true, quantity: 3, types: [], images: [], thumbnails: [] };
const SAVED = { ...CUSTOMER, phone: '(714) 555-0142', deliveryAddress: '12 Main St, Garden Grove, CA', deliveryZip: '92840' };

test("the checkout form opens filled with the customer's saved details", async () => {
  const { user } = renderDrawer([[widget, null, 1]], {
    'GET /api/auth/me': { status: 200, body: SAVED },
    'GET /api/shop/delivery-zip/92840': { status: 200, body: { zip: '92840', served: true, message: 'We deliver to 92840.' } },
  });
  await toCheckout(user, 'Local Delivery');

  await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Buyer'));
  expect(screen.getByLabelText('Delivery Address')).toHaveValue('12 Main St, Garden Grove, CA');
  expect(screen.getByLabelText('ZIP Code')).toHaveValue('92840');
  expect(screen.getByLabelText(/Phone/)).toHaveValue('(714) 555-0142');
});

test('what the shopper typed is kept; only empty fields are filled', () => {
  const form = { customerName: 'Someone Else', phoneNumber: '', deliveryAddress: '', deliveryZip: '', deliveryDate: '' };

  const filled = prefillCheckout(form, SAVED);

  expect(filled).toEqual({
    customerName: 'Someone Else',
    phoneNumber: '(714) 555-0142',
    deliveryAddress: '12 Main St, Garden Grove, CA',
    deliveryZip: '92840',
    deliveryDate: '',
  });
  expect(prefillCheckout(filled, SAVED)).toBe(filled);
  expect(prefillCheckout(form, undefined)).toBe(form);
});
