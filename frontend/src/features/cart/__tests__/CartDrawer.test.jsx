import { screen, waitFor, within } from '@testing-library/react';
import { fakeQuote } from '../../../test/quote';
import { bodyOf, checkoutCalls, quoteCalls, toCheckout } from './harness';
import { ORDER, SHOP, renderDrawer, widget } from './drawerFixtures';

const mint = { id: 4, name: 'Mint', price: 25, availability: true, quantity: 5 };
const vape = { id: 2, name: 'Vape', price: 20, availability: true, quantity: 9, types: [mint], images: [], thumbnails: [] };

describe('cart step', () => {
  test('lines with type, unit price, line total and subtotal', async () => {
    renderDrawer([
      [widget, null, 2],
      [vape, mint, 1],
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByText('Mint')).toBeInTheDocument();
    expect(within(dialog).getByText('$25.00 each')).toBeInTheDocument();
    expect(await within(dialog).findByText('$20.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$45.00'));
    expect(within(dialog).getByRole('img', { name: 'Widget' })).toHaveAttribute('width', '64');
  });

  test('minus is disabled at 1; plus stops at stock with the stock message', async () => {
    const { user } = renderDrawer([[widget, null, 1]]);
    const minus = await screen.findByRole('button', { name: 'Decrease quantity of Widget' });
    expect(minus).toBeDisabled();
    const plus = screen.getByRole('button', { name: 'Increase quantity of Widget' });
    await user.click(plus);
    await user.click(plus);
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$30.00'));
    expect(minus).toBeEnabled();
    await user.click(plus);
    expect(await screen.findByText('Only 3 items available in stock for Widget')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$30.00'));
  });

  test('the stock message names the type', async () => {
    const { user } = renderDrawer([[vape, mint, 5]]);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Vape - Mint' }));
    expect(await screen.findByText('Only 5 items available in stock for Vape - Mint')).toBeInTheDocument();
  });

  test("plus stops at the served units-per-order limit with the server's sentence", async () => {
    const plenty = { ...widget, quantity: 50 };
    const most = SHOP.maxUnitsPerLine;
    const { user } = renderDrawer([[plenty, null, most - 1]]);
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Widget' });
    await user.click(plus);
    await waitFor(() => expect(plus).toHaveAttribute('data-at-limit', 'true'));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(`$${most * 10}.00`));
    await user.click(plus);
    expect(await screen.findByText(`You can order at most ${most} of Widget per order.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(`$${most * 10}.00`));
  });

  test('the limit is the one the server serves, for a type too', async () => {
    const { user } = renderDrawer([[vape, mint, 1]], { 'GET /api/shop/info': { status: 200, body: { ...SHOP, maxUnitsPerLine: 2 } } });
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Vape - Mint' });
    await user.click(plus);
    await waitFor(() => expect(plus).toHaveAttribute('data-at-limit', 'true'));
    await user.click(plus);
    expect(await screen.findByText('You can order at most 2 of Vape - Mint per order.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$50.00'));
  });

  test('no limit served (null): plus goes on to the stock', async () => {
    const { user } = renderDrawer([[vape, mint, 4]], { 'GET /api/shop/info': { status: 200, body: { ...SHOP, maxUnitsPerLine: null } } });
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Vape - Mint' });
    await user.click(plus);
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$125.00'));
    expect(plus).toHaveAttribute('data-at-limit', 'true');
  });

  test('a line already over the limit says so until it is lowered', async () => {
    const { user } = renderDrawer([[vape, mint, 4]], { 'GET /api/shop/info': { status: 200, body: { ...SHOP, maxUnitsPerLine: 3 } } });
    expect(await screen.findByText('You can order at most 3 of Vape - Mint per order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Vape - Mint' }));
    expect(screen.queryByText('You can order at most 3 of Vape - Mint per order.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$75.00'));
  });

  test('remove shows a toast and the empty state', async () => {
    const { user } = renderDrawer([[widget, null, 1]]);
    await user.click(await screen.findByRole('button', { name: 'Remove Widget' }));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});

describe('lines the shop no longer sells', () => {
  const unpriced = { ...widget, id: 8, name: 'Hookah', price: null };
  const lamp = { ...widget, id: 9, name: 'Lamp', price: 12 };

  test("a line without a price says so in the server's words, counts nothing and stops Checkout until removed", async () => {
    const { user } = renderDrawer([
      [unpriced, null, 2],
      [widget, null, 1],
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    const noPrice = SHOP.cartLineMessages.noPrice.replace('{name}', 'Hookah');
    expect(await within(dialog).findByText(noPrice)).toBeInTheDocument();
    expect(within(dialog).queryByText('$0.00 each')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$10.00'));

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SHOP.cartLineMessages.review);
    const remove = screen.getByRole('button', { name: 'Remove Hookah' });
    expect(remove).toHaveFocus();
    expect(remove).toHaveAccessibleDescription(noPrice);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('radio', { name: 'Store Pickup' })).toBeInTheDocument();
  });

  test('a product withdrawn since it was added shows once read again; Place Order is refused with a one-click Remove', async () => {
    let answerLamp;
    const { user, fetchMock } = renderDrawer(
      [
        [lamp, null, 1],
        [widget, null, 1],
      ],
      {
        // The server's answer arrives once the shopper is on the checkout form.
        'GET /api/products/9': () =>
          new Promise((resolve) => {
            answerLamp = resolve;
          }),
        'POST /api/orders/checkout': { status: 201, body: { message: 'Order placed successfully', order: ORDER } },
      },
    );
    await toCheckout(user, 'Store Pickup');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$22.00'));
    answerLamp({ status: 200, body: { ...lamp, availability: false } });
    const withdrawn = SHOP.cartLineMessages.notForSale.replace('{name}', 'Lamp');
    expect(await screen.findByText(withdrawn)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$10.00'));

    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SHOP.cartLineMessages.review);
    expect(screen.getByRole('button', { name: 'Remove Lamp' })).toHaveFocus();
    expect(checkoutCalls(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Lamp' }));
    expect(screen.queryByText(withdrawn)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(1));
    expect(bodyOf(checkoutCalls(fetchMock)[0][1]).cartItems).toEqual([{ productId: 1, productTypeId: null, quantity: 1 }]);
  }, 20000);
});

describe('steps', () => {
  test('cart -> delivery -> checkout, Back twice, and closing resets to the cart step', async () => {
    const { user } = renderDrawer([[widget, null, 1]]);
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('dialog', { name: 'Delivery Options' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a delivery option');
    await user.click(screen.getByRole('radio', { name: 'Store Pickup' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Delivery Options' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Store Pickup' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test("fees: FREE, each option's fee as quoted, and the served threshold", async () => {
    const { user, fetchMock } = renderDrawer([[widget, null, 1]]);
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const dialog = screen.getByRole('dialog', { name: 'Delivery Options' });
    expect(await within(dialog).findByText('$8.00')).toBeInTheDocument();
    expect(within(dialog).getByText('FREE')).toBeInTheDocument();
    expect(within(dialog).getByText('$20.00')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Free from $60.00')).toHaveLength(2);
    // Each fee is the server's: one quote per option, none computed here.
    const options = quoteCalls(fetchMock).map(([, init]) => init.body.deliveryOption);
    expect(options).toEqual(expect.arrayContaining(['pickup', 'shipping', 'delivery']));
    expect(within(dialog).getByText(/Orange County/)).toBeInTheDocument();
  });

  test('the fees and thresholds shown are the ones the server serves', async () => {
    const served = {
      ...SHOP,
      deliveryOptions: SHOP.deliveryOptions.map((o) => (o.id === 'shipping' ? { ...o, fee: 9.5, freeFrom: 100 } : o)),
    };
    const { user } = renderDrawer([[widget, null, 1]], {
      'GET /api/shop/info': { status: 200, body: served },
      'POST /api/orders/quote': fakeQuote([widget], { options: served.deliveryOptions }),
    });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const dialog = screen.getByRole('dialog', { name: 'Delivery Options' });
    expect(await within(dialog).findByText('$9.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Free from $100.00')).toBeInTheDocument();
  });

  test('at a $60 subtotal shipping and delivery are free', async () => {
    const big = { ...widget, price: 30 };
    const { user } = renderDrawer([[big, null, 2]]);
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getAllByText('FREE')).toHaveLength(3));
    expect(screen.queryByText(/Free from/)).not.toBeInTheDocument();
  });
});
