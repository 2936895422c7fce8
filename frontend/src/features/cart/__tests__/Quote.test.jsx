// The cart's figures are the server's quote (POST /api/orders/quote): each line shown, the
// promo code and its refusal in the server's words, the sale price, and checkout sending the
// code and the quoted figures.
import { screen, waitFor, within } from '@testing-library/react';
import SHOP from '../../../test/fixtures/shopInfo.json';
import { fakeQuote } from '../../../test/quote';
import { bodyOf, checkoutCalls, quoteCalls, renderDrawer, toCheckout } from './harness';

const juice = { id: 1, name: 'Mango Juice', price: 20, compareAtPrice: 25, availability: true, quantity: 9, types: [], images: [] };

// The code the server takes (10% off) and its refusals, as the server words them.
function promo(code) {
  if (code === 'RADIO10') return { applied: true, discount: 2, message: '' };
  if (code === 'OLD') return { applied: false, message: 'This code expired on Nov 1, 2026.' };
  return { applied: false, message: 'We do not know this code.' };
}

// The CDTFA example: $20.00, CECET $2.50, 8% sales tax on the subtotal only.
const QUOTED = fakeQuote([juice], { salesTaxRate: 8, excise: 2.5, promo });

const ORDER = {
  id: 77,
  customerName: 'Ada Buyer',
  status: 'pending',
  deliveryOption: 'pickup',
  subtotal: 20,
  discount: 2,
  deliveryFee: 0,
  exciseTax: 2.5,
  salesTax: 1.44,
  total: 21.94,
  items: [],
};

test('the cart shows each line of the quote, the sale price struck through, and no figure of its own', async () => {
  renderDrawer([[juice, null, 1]], { 'POST /api/orders/quote': QUOTED });
  const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
  await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$24.10'));
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$20.00');
  expect(screen.getByTestId('cart-exciseTax')).toHaveTextContent('$2.50');
  expect(screen.getByTestId('cart-salesTax')).toHaveTextContent('$1.60');
  expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();
  expect(within(dialog).getByText('Sale')).toBeInTheDocument();
  expect(within(dialog).getByText('$25.00').tagName).toBe('S');
});

test("a refused code says why in the server's words; an accepted one shows the discount and can be removed", async () => {
  const { user, fetchMock } = renderDrawer([[juice, null, 1]], { 'POST /api/orders/quote': QUOTED });
  const field = await screen.findByLabelText('Promo code');
  await user.type(field, 'OLD');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('This code expired on Nov 1, 2026.')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();

  await user.clear(field);
  await user.type(field, 'RADIO10');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.getByTestId('cart-discount')).toHaveTextContent('-$2.00'));
  expect(screen.getByText('Discount (RADIO10)')).toBeInTheDocument();
  expect(screen.getByTestId('cart-total')).toHaveTextContent('$21.94');
  expect(quoteCalls(fetchMock).some(([, init]) => bodyOf(init).promoCode === 'RADIO10')).toBe(true);

  await user.click(screen.getByRole('button', { name: 'Remove code' }));
  await waitFor(() => expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument());
});

test('checkout shows the same lines and sends the code with the quoted fee and total', async () => {
  const { user, fetchMock } = renderDrawer([[juice, null, 1]], {
    'POST /api/orders/quote': QUOTED,
    'POST /api/orders/checkout': { status: 201, body: ORDER },
  });
  await user.type(await screen.findByLabelText('Promo code'), 'RADIO10');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.getByTestId('cart-discount')).toBeInTheDocument());
  await toCheckout(user, 'Store Pickup');
  await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$21.94'));
  expect(screen.getByTestId('checkout-discount')).toHaveTextContent('-$2.00');
  expect(screen.getByTestId('checkout-exciseTax')).toHaveTextContent('$2.50');
  expect(screen.getByTestId('checkout-salesTax')).toHaveTextContent('$1.44');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
  await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(1));
  expect(bodyOf(checkoutCalls(fetchMock)[0][1])).toMatchObject({ promoCode: 'RADIO10', deliveryFee: 0, total: 21.94 });
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order-confirmation'));
});

test('a code the quote refuses is not sent with the order', async () => {
  const { user, fetchMock } = renderDrawer([[juice, null, 1]], {
    'POST /api/orders/quote': QUOTED,
    'POST /api/orders/checkout': { status: 201, body: ORDER },
  });
  await user.type(await screen.findByLabelText('Promo code'), 'OLD');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await screen.findByText('This code expired on Nov 1, 2026.');
  await toCheckout(user, 'Store Pickup');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
  await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(1));
  expect(bodyOf(checkoutCalls(fetchMock)[0][1])).toMatchObject({ promoCode: '', total: 24.1 });
});

test('a shipment asks for its state and the quote is asked for that state', async () => {
  const { user, fetchMock } = renderDrawer([[juice, null, 1]], { 'POST /api/orders/quote': QUOTED });
  await toCheckout(user, 'Standard Shipping');
  expect(screen.getByText('Shipping Fee')).toBeInTheDocument();
  await user.type(screen.getByLabelText('State (2 letters, like CA)'), 'nv');
  await waitFor(() =>
    expect(
      quoteCalls(fetchMock).some(([, init]) => bodyOf(init).shippingState === 'NV' && bodyOf(init).deliveryOption === 'shipping'),
    ).toBe(true),
  );
});

test('a shipment without its state is stopped with the served sentence, beside the field', async () => {
  const { user, fetchMock } = renderDrawer([[juice, null, 1]], { 'POST /api/orders/quote': QUOTED });
  await toCheckout(user, 'Standard Shipping');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
  await user.type(screen.getByLabelText('Delivery Address'), '1 Main St, Reno');
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
  const state = screen.getByLabelText('State (2 letters, like CA)');
  await waitFor(() => expect(state).toHaveAccessibleDescription(SHOP.checkoutMessages.state));
  expect(state).toHaveFocus();
  expect(checkoutCalls(fetchMock)).toHaveLength(0);
});

test("the server's refusal of the quote at Place Order lands beside the field it names", async () => {
  const NOT_A_STATE = 'Please choose the state to ship to';
  const { user, fetchMock } = renderDrawer([[juice, null, 1]], {
    'POST /api/orders/quote': (url, init) =>
      init.body.shippingState === 'ZZ'
        ? { status: 400, body: { message: NOT_A_STATE, errors: { shippingState: [NOT_A_STATE] } } }
        : QUOTED(url, init),
  });
  await toCheckout(user, 'Standard Shipping');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
  await user.type(screen.getByLabelText('Delivery Address'), '1 Main St, Reno');
  await user.type(screen.getByLabelText('State (2 letters, like CA)'), 'zz');
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
  const state = screen.getByLabelText('State (2 letters, like CA)');
  await waitFor(() => expect(state).toHaveAccessibleDescription(NOT_A_STATE));
  expect(state).toHaveFocus();
  expect(checkoutCalls(fetchMock)).toHaveLength(0);
});
