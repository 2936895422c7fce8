import { fireEvent, screen, waitFor } from '@testing-library/react';
import { networkError } from '../../../test/fetch';
import { PHONE_INVALID, bodyOf, callsTo, checkoutCalls, header, toCheckout } from './harness';
import { IN_RANGE, ORDER, SHOP, renderDrawer, widget } from './drawerFixtures';

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
