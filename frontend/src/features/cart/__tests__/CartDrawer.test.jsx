import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import SERVER_SHOP_INFO from '../../../test/fixtures/shopInfo.json';
import { networkError } from '../../../test/fetch';
import { todayLA } from '../../../lib/format';
import { fakeQuote } from '../../../test/quote';
import {
  PHONE_INVALID,
  bodyOf,
  callsTo,
  checkoutCalls,
  header,
  plusDays,
  quoteCalls,
  renderDrawer as renderWith,
  toCheckout,
} from './harness';

// The operator's details and delivery options as the server serves them.
// The bookable days as the server would serve them today (the fixture's are a fixed day's).
const SHOP = { ...SERVER_SHOP_INFO, deliveryLatestDate: plusDays(todayLA(), 30) };
const IN_RANGE = plusDays(todayLA(), 2);

const widget = { id: 1, name: 'Widget', price: 10, availability: true, quantity: 3, types: [], images: [], thumbnails: ['/media/w.jpg'] };
const mint = { id: 4, name: 'Mint', price: 25, availability: true, quantity: 5 };
const vape = { id: 2, name: 'Vape', price: 20, availability: true, quantity: 9, types: [mint], images: [], thumbnails: [] };

const renderDrawer = (lines, handlers = {}) => renderWith(lines, { 'GET /api/shop/info': { status: 200, body: SHOP }, ...handlers });

const ORDER = {
  id: 42,
  customerName: 'Ada Buyer',
  createdAt: '2026-11-22T18:04:05Z',
  status: 'pending',
  deliveryOption: 'pickup',
  deliveryAddress: '',
  phoneNumber: '',
  deliveryDate: null,
  deliveryTime: '',
  specialInstructions: '',
  subtotal: 20,
  deliveryFee: 0,
  total: 20,
  items: [{ productId: 1, productTypeId: null, productName: 'Widget', productTypeName: null, quantity: 2, price: 10, subtotal: 20 }],
};

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

describe('checkout form', () => {
  test('the delivery rules are read again when checkout opens, once the copy in hand is over a minute old', async () => {
    const { user, fetchMock, queryClient } = renderDrawer([[widget, null, 1]]);
    const shopInfoReads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/shop/info').length;
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await user.click(await screen.findByRole('radio', { name: 'Store Pickup' }));
    expect(shopInfoReads()).toBe(1);
    queryClient.setQueryData(['shop-info'], SHOP, { updatedAt: Date.now() - 2 * 60 * 1000 });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(shopInfoReads()).toBe(2));
  });

  test('every validation message for local delivery, and the summary with the fee', async () => {
    const { user, fetchMock } = renderDrawer([[widget, null, 1]]);
    await toCheckout(user, 'Local Delivery');
    const place = screen.getByRole('button', { name: 'Place Order' });
    const alertText = () => screen.getByRole('alert').textContent;

    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$30.00'));
    expect(screen.getByText('Delivery Fee')).toBeInTheDocument();
    expect(screen.getByLabelText('Delivery Date')).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));

    await user.click(place);
    expect(alertText()).toBe('Please enter your name for the order');
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
    await user.click(place);
    expect(alertText()).toBe('Please enter your delivery address');
    await user.type(screen.getByLabelText('Delivery Address'), '1 Main St');
    await user.click(place);
    expect(alertText()).toBe('Please enter your phone number for delivery');
    await user.type(screen.getByLabelText('Phone Number'), '714-555-0100');
    await user.click(place);
    expect(alertText()).toBe('Please select a delivery date');
    fireEvent.change(screen.getByLabelText('Delivery Date'), { target: { value: '2000-01-01' } });
    await user.click(place);
    expect(alertText()).toBe('Delivery date cannot be earlier than today');
    fireEvent.change(screen.getByLabelText('Delivery Date'), { target: { value: '2999-12-31' } });
    await user.click(place);
    expect(alertText()).toBe(SHOP.checkoutMessages.dateTooFar);
    fireEvent.change(screen.getByLabelText('Delivery Date'), { target: { value: IN_RANGE } });
    await user.click(place);
    expect(alertText()).toBe('Please select a delivery time');
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
    // The far day was never asked about: it is outside the served range.
    expect(callsTo(fetchMock, 'delivery-times').map(([url]) => url)).toEqual([`/api/shop/delivery-times?date=${IN_RANGE}`]);
  });

  test('a phone number the server would refuse is flagged while typing and stops Place Order, with no order sent', async () => {
    const { user, fetchMock } = renderDrawer([[widget, null, 1]]);
    await toCheckout(user, 'Local Delivery');
    await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
    await user.type(screen.getByLabelText('Delivery Address'), '1 Main St');
    const phone = screen.getByLabelText('Phone Number');
    await user.type(phone, '555-01');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(PHONE_INVALID));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Delivery Date'), { target: { value: IN_RANGE } });
    await user.selectOptions(screen.getByLabelText('Delivery Time'), await screen.findByRole('option', { name: '2:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    // Said once, at the field, which takes the focus; no toast, no order request.
    expect(await screen.findByRole('alert')).toHaveTextContent(PHONE_INVALID);
    expect(screen.getAllByText(PHONE_INVALID)).toHaveLength(1);
    expect(phone).toHaveFocus();
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
  }, 20000);

  test('pickup asks for a name and, optionally, a phone; fee line hidden when free', async () => {
    const { user } = renderDrawer([[widget, null, 1]]);
    await toCheckout(user, 'Store Pickup');
    expect(screen.queryByLabelText('Delivery Address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number (optional)')).toBeInTheDocument();
    expect(screen.queryByText('Delivery Fee')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$10.00'));
  });
});

describe('placing the order', () => {
  test('success: payload, key, storage, cart cleared, drawer closed, confirmation route', async () => {
    const { user, fetchMock } = renderDrawer([[widget, null, 2]], {
      'POST /api/orders/checkout': { status: 201, body: { message: 'Order placed successfully', order: ORDER } },
    });
    await toCheckout(user, 'Store Pickup');
    await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order-confirmation'));
    const [[, init]] = checkoutCalls(fetchMock);
    expect(init.method).toBe('POST');
    expect(bodyOf(init)).toMatchObject({
      cartItems: [{ productId: 1, productTypeId: null, quantity: 2 }],
      customerName: 'Ada Buyer',
      deliveryOption: 'pickup',
      deliveryFee: 0,
      total: 20,
    });
    expect(header(init, 'Idempotency-Key')).toEqual(expect.any(String));
    expect(header(init, 'Authorization')).toMatch(/^Bearer /);
    expect(JSON.parse(sessionStorage.getItem('lastOrder'))).toEqual(ORDER);
    expect(JSON.parse(localStorage.getItem('cart') || '[]')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('a 21+ item asks for the age confirmation; local delivery sends the ZIP code', async () => {
    const vapeLiquid = { ...widget, id: 5, name: 'Liquid', price: 70, categoryId: 'juices' };
    const { user, fetchMock } = renderDrawer([[vapeLiquid, null, 1]], {
      'POST /api/orders/checkout': { status: 201, body: { message: 'Order placed successfully', order: ORDER } },
    });
    await toCheckout(user, 'Local Delivery');
    expect(await screen.findByText(SHOP.idNotices.delivery)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full Name'), 'Ada Buyer');
    await user.type(screen.getByLabelText('Delivery Address'), '1 Main St');
    await user.type(screen.getByLabelText('Phone Number'), '714-555-0100');
    fireEvent.change(screen.getByLabelText('Delivery Date'), { target: { value: IN_RANGE } });
    await user.selectOptions(screen.getByLabelText('Delivery Time'), await screen.findByRole('option', { name: '2:00 PM' }));
    await user.type(screen.getByLabelText('ZIP Code'), '92840');
    await user.click(screen.getByLabelText('I am 21 or older'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(checkoutCalls(fetchMock)).toHaveLength(1));
    expect(bodyOf(checkoutCalls(fetchMock)[0][1])).toMatchObject({ deliveryOption: 'delivery', deliveryZip: '92840', ageConfirmed: true });
  });

  test('no age question when nothing in the cart is 21+', async () => {
    const { user } = renderDrawer([[{ ...widget, categoryId: 'party-supplies' }, null, 1]]);
    await toCheckout(user, 'Store Pickup');
    expect(screen.queryByLabelText('I am 21 or older')).not.toBeInTheDocument();
  });

  test('"Please wait..." while placing, and no second request', async () => {
    let answer;
    const { user, fetchMock } = renderDrawer([[widget, null, 1]], {
      'POST /api/orders/checkout': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await toCheckout(user, 'Store Pickup');
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const waiting = await screen.findByRole('button', { name: 'Please wait...' });
    expect(waiting).toBeDisabled();
    fireEvent.submit(waiting.closest('form'));
    expect(checkoutCalls(fetchMock)).toHaveLength(1);
    answer({ status: 201, body: { message: 'Order placed successfully', order: ORDER } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order-confirmation'));
  });

  test('a retry after a network error sends the same key; an edit makes a new one', async () => {
    let attempt = 0;
    const offline = networkError();
    const { user, fetchMock } = renderDrawer([[widget, null, 1]], {
      'POST /api/orders/checkout': (...args) => {
        attempt += 1;
        if (attempt === 1) return offline(...args);
        if (attempt === 2) return { status: 409, body: { message: 'Only 1 items available in stock for Widget' } };
        return { status: 201, body: { message: 'Order placed successfully', order: ORDER } };
      },
    });
    await toCheckout(user, 'Store Pickup');
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    const place = screen.getByRole('button', { name: 'Place Order' });

    await user.click(place);
    expect(await screen.findByText('Error placing order. Please try again.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Only 1 items available in stock for Widget')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Special Instructions (optional)'), 'Ring twice');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order-confirmation'));

    const keys = checkoutCalls(fetchMock).map(([, init]) => header(init, 'Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  test('a server error without a message shows the generic text and keeps the cart', async () => {
    const { user } = renderDrawer([[widget, null, 1]], {
      'POST /api/orders/checkout': { status: 500, body: {} },
    });
    await toCheckout(user, 'Store Pickup');
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Failed to place order')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  test('a price change reported by the server is shown', async () => {
    const { user } = renderDrawer([[widget, null, 1]], {
      'POST /api/orders/checkout': { status: 409, body: { message: 'Prices have changed. Please review your cart.' } },
    });
    await toCheckout(user, 'Store Pickup');
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Prices have changed. Please review your cart.')).toBeInTheDocument();
  });
});
