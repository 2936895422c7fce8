// The compliance rules in the cart: the quote's blocked lines said beside their line (each
// message once), what the hand-over will ask (GET /api/compliance/check's notices), and
// checkout's 400 naming each refused line (`errors.cartItems`) beside it.
import { screen, waitFor, within } from '@testing-library/react';
import { fakeQuote } from '../../../test/quote';
import { bodyOf, checkoutCalls, renderDrawer, toCheckout } from './harness';

const mango = { id: 1, name: 'Mango Ice', categoryId: 'juices', price: 20, availability: true, quantity: 9, types: [], images: [] };
const tobacco = { id: 2, name: 'Classic Tobacco', categoryId: 'juices', price: 18, availability: true, quantity: 9, types: [], images: [] };
const FLAVOURED = 'Flavoured e-liquids cannot be sold in California (SB 793).';

// The quote of the lines, with Mango blocked by two entries of the same rule message.
function blockingQuote(products) {
  const quote = fakeQuote(products);
  return (url, init) => {
    const answer = quote(url, init);
    const blocked = [
      { productId: 1, productTypeId: null, message: FLAVOURED },
      { productId: 1, productTypeId: null, message: FLAVOURED },
    ];
    return { ...answer, body: { ...answer.body, blocked } };
  };
}

test("the quote's blocked line shows its message beside the line, once, and stops the checkout", async () => {
  const { user } = renderDrawer(
    [
      [mango, null, 1],
      [tobacco, null, 1],
    ],
    { 'POST /api/orders/quote': blockingQuote([mango, tobacco]) },
  );
  const lines = await screen.findByRole('list', { name: 'Cart items' });
  const mangoLine = (await within(lines).findByText('Mango Ice')).closest('li');
  await waitFor(() => expect(within(mangoLine).getAllByTestId('cart-line-blocked')).toHaveLength(1));
  expect(within(mangoLine).getByTestId('cart-line-blocked')).toHaveTextContent(FLAVOURED);
  const tobaccoLine = within(lines).getByText('Classic Tobacco').closest('li');
  expect(within(tobaccoLine).queryByTestId('cart-line-blocked')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Checkout' }));
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(screen.queryByRole('radio', { name: 'Store Pickup' })).not.toBeInTheDocument();
});

test('the notices of the cart’s products say what the hand-over will ask', async () => {
  renderDrawer([[tobacco, null, 1]], {
    'GET /api/compliance/check': {
      status: 200,
      body: { blocked: [], notices: [{ productId: 2, productTypeId: null, message: 'Bring a photo ID (21+).' }] },
    },
  });
  const notes = await screen.findByRole('note', { name: 'At hand-over' });
  expect(notes).toHaveTextContent('Bring a photo ID (21+).');
});

test("checkout's 400 names each refused line beside it, with a Remove", async () => {
  const refusal = {
    status: 400,
    body: {
      message: `Mango Ice: ${FLAVOURED}`,
      code: 'invalid',
      errors: { cartItems: [`Mango Ice: ${FLAVOURED}`] },
    },
  };
  const { user, fetchMock } = renderDrawer(
    [
      [mango, null, 1],
      [tobacco, null, 1],
    ],
    {
      'POST /api/orders/checkout': refusal,
      'GET /api/auth/me': { status: 200, body: { id: 7, name: 'Ada Buyer', dateOfBirth: '1990-01-01' } },
    },
  );
  await screen.findByRole('list', { name: 'Cart items' });
  await toCheckout(user, 'Store Pickup');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
  const refused = await screen.findByRole('list', { name: 'Items that cannot be sold here' });
  expect(within(refused).getByTestId('cart-line-refused')).toHaveTextContent(`Mango Ice: ${FLAVOURED}`);
  expect(checkoutCalls(fetchMock)).toHaveLength(1);
  await user.click(within(refused).getByRole('button', { name: 'Remove Mango Ice' }));
  expect(screen.queryByText('Mango Ice', { selector: '.cart-line__name' })).not.toBeInTheDocument();
});

test('a 21+ cart whose customer has no date of birth is asked for it, and checkout sends it', async () => {
  const vape = { ...tobacco, ageRestricted: true };
  const placed = { status: 201, body: { message: 'Order placed', order: { id: 9, items: [] } } };
  const { user, fetchMock } = renderDrawer([[vape, null, 1]], {
    'GET /api/auth/me': { status: 200, body: { id: 7, name: 'Ada Buyer', dateOfBirth: null } },
    'POST /api/orders/checkout': placed,
  });
  await screen.findByRole('list', { name: 'Cart items' });
  await toCheckout(user, 'Store Pickup');
  const birth = await screen.findByLabelText('Date of birth');
  await user.type(birth, '1990-05-04');
  await user.click(screen.getByLabelText(/I am 21 or older/));
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
  await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(1));
  expect(bodyOf(checkoutCalls(fetchMock)[0][1]).dateOfBirth).toBe('1990-05-04');
});
