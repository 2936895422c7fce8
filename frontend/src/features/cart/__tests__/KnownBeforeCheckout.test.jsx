// What is known before checkout is said at once (issue 42, item 3): the pending caps the quote
// serves show when the drawer opens, a refusal is brought into view beside what it is about, and
// Place Order names the first problem in the form's order. Pickup carries the profile's phone.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeQuote } from '../../../test/quote';
import { CUSTOMER, PHONE_INVALID, bodyOf, checkoutCalls, renderDrawer, toCheckout } from './harness';

const widget = { id: 1, name: 'Widget', price: 10, availability: true, quantity: 3, types: [], images: [], thumbnails: [] };
const PENDING_CAP =
  'You already have 3 orders waiting to be completed. Please wait until one is completed or cancelled before placing another.';

// The quote as the server answers a customer holding three pending orders.
function capped(url, init) {
  const answer = fakeQuote([widget])(url, init);
  return { ...answer, body: { ...answer.body, pending: { orders: 3, value: 30, message: PENDING_CAP } } };
}

test('the pending-orders refusal shows as the drawer opens, and Checkout brings it into view', async () => {
  const { user } = renderDrawer([[widget, null, 1]], { 'POST /api/orders/quote': capped });

  const said = await screen.findByRole('alert');
  expect(said).toHaveTextContent(PENDING_CAP);
  await user.click(screen.getByRole('button', { name: 'Checkout' }));

  expect(said).toHaveFocus();
  expect(screen.queryByRole('radio', { name: 'Store Pickup' })).not.toBeInTheDocument();
});

test("the checkout's refusal of the whole cart is said on top of the form and focused", async () => {
  const { user, fetchMock } = renderDrawer([[widget, null, 1]], {
    'POST /api/orders/checkout': { status: 400, body: { message: PENDING_CAP, errors: { cartItems: [PENDING_CAP] } } },
  });
  await toCheckout(user, 'Store Pickup');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
  await user.click(screen.getByRole('button', { name: 'Place Order' }));

  await waitFor(() => expect(document.getElementById('checkout-form-error')).toHaveFocus());
  expect(screen.getByRole('alert')).toHaveTextContent(PENDING_CAP);
  expect(checkoutCalls(fetchMock)).toHaveLength(1);
}, 20000);

test('with phone "12345" and no date, Place Order names the phone first', async () => {
  const { user, fetchMock } = renderDrawer([[widget, null, 1]]);
  await toCheckout(user, 'Local Delivery');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
  await user.type(screen.getByLabelText('Delivery Address'), '1 Main St');
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '12345' } });
  await user.click(screen.getByRole('button', { name: 'Place Order' }));

  await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveFocus());
  expect(screen.getByRole('alert')).toHaveTextContent(PHONE_INVALID);
  expect(checkoutCalls(fetchMock)).toHaveLength(0);
}, 20000);

test("a pickup carries the profile's phone to the order", async () => {
  const saved = { ...CUSTOMER, phone: '(714) 555-0142', deliveryAddress: '', deliveryZip: '' };
  const { user, fetchMock } = renderDrawer([[widget, null, 1]], {
    'GET /api/auth/me': { status: 200, body: saved },
    'POST /api/orders/checkout': { status: 201, body: { order: { id: 9, items: [] }, message: 'Order placed successfully' } },
  });
  await toCheckout(user, 'Store Pickup');
  await waitFor(() => expect(screen.getByLabelText('Phone Number (optional)')).toHaveValue('(714) 555-0142'));
  await user.click(screen.getByRole('button', { name: 'Place Order' }));

  await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(1));
  const body = bodyOf(checkoutCalls(fetchMock)[0][1]);
  expect(body.deliveryOption).toBe('pickup');
  expect(body.phoneNumber).toBe('(714) 555-0142');
  // The confirmation page says it; no toast lies over its summary.
  await waitFor(() => expect(screen.queryByText('Order placed successfully')).not.toBeInTheDocument());
}, 20000);
