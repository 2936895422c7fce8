// The drawer and the shop's sale rules: the 21+ confirmation, shipping closed to goods that
// cannot be mailed, the ZIP check, the delivery dates and times the served rules allow, and the
// server's refusals shown beside the form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import SHOP from '../../../test/fixtures/shopInfo.json';
import { todayLA } from '../../../lib/format';
import { bodyOf, checkoutCalls, plusDays, renderDrawer, toCheckout } from './harness';

const vape = {
  id: 11,
  name: 'Mango Ice',
  price: 20,
  availability: true,
  quantity: 9,
  categoryId: 'disposables',
  ageRestricted: true,
  shippable: false,
};
const pipe = {
  id: 12,
  name: 'Glass Spoon',
  price: 30,
  availability: true,
  quantity: 9,
  categoryId: 'glass-pipe',
  ageRestricted: true,
  shippable: true,
};
const balloons = {
  id: 13,
  name: 'Balloons',
  price: 5,
  availability: true,
  quantity: 9,
  categoryId: 'party-supplies',
  ageRestricted: false,
  shippable: true,
};

const AGE_MESSAGE = 'Please confirm you are 21 or older to order age-restricted products.';
const ORDER = {
  id: 77,
  customerName: 'Ada',
  createdAt: '2026-11-24T20:00:00Z',
  status: 'pending',
  deliveryOption: 'pickup',
  deliveryAddress: '',
  phoneNumber: '',
  deliveryDate: null,
  deliveryTime: '',
  deliveryZip: '',
  specialInstructions: '',
  idCheckRequired: true,
  ageConfirmedAt: '2026-11-24T20:00:00Z',
  idNotice: SHOP.idNotices.pickup,
  subtotal: 30,
  deliveryFee: 0,
  total: 30,
  items: [{ productId: 12, productTypeId: null, productName: 'Glass Spoon', productTypeName: null, quantity: 1, price: 30, subtotal: 30 }],
};

// Rules as the server would serve them now: the earliest delivery tomorrow at 14:07.
function rulesFromTomorrow() {
  const tomorrow = plusDays(todayLA(), 1);
  return { ...SHOP, deliveryEarliest: `${tomorrow}T14:07-08:00`, deliveryLatestDate: plusDays(tomorrow, 29) };
}

describe('the 21+ confirmation', () => {
  test('a cart without restricted products shows no age box', async () => {
    const { user } = renderDrawer([[balloons, null, 1]]);
    await toCheckout(user, 'Store Pickup');
    expect(screen.queryByRole('checkbox', { name: 'I am 21 or older' })).not.toBeInTheDocument();
  });

  test('a restricted cart shows the box, says what it confirms, and sends ageConfirmed', async () => {
    const { user, fetchMock } = renderDrawer(
      [
        [pipe, null, 1],
        [balloons, null, 1],
      ],
      {
        'POST /api/orders/checkout': { status: 201, body: { message: 'Order placed successfully', order: ORDER } },
      },
    );
    await toCheckout(user, 'Store Pickup');
    const box = screen.getByRole('checkbox', { name: 'I am 21 or older' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Glass Spoon is sold to adults only. Tick this to confirm that you, the person placing this order, are at least 21 years old.',
    );
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order-confirmation'));
    expect(bodyOf(checkoutCalls(fetchMock)[0][1])).toMatchObject({ ageConfirmed: true, deliveryOption: 'pickup' });
  });

  test("left unticked, the server's refusal is shown beside the box, which takes the focus", async () => {
    const { user, fetchMock } = renderDrawer([[pipe, null, 1]], {
      'POST /api/orders/checkout': { status: 400, body: { message: AGE_MESSAGE, errors: { ageConfirmed: [AGE_MESSAGE] } } },
    });
    await toCheckout(user, 'Store Pickup');
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AGE_MESSAGE);
    const box = screen.getByRole('checkbox', { name: 'I am 21 or older' });
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(checkoutCalls(fetchMock)[0][1]).ageConfirmed).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  test('when the server asks although the cart did not know, the box appears', async () => {
    const oldCopy = { ...balloons, id: 14, name: 'Old Copy', ageRestricted: undefined, categoryId: 'party-supplies' };
    const { user } = renderDrawer([[oldCopy, null, 1]], {
      'POST /api/orders/checkout': { status: 400, body: { message: AGE_MESSAGE, errors: { ageConfirmed: [AGE_MESSAGE] } } },
    });
    await toCheckout(user, 'Store Pickup');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('checkbox', { name: 'I am 21 or older' })).toHaveFocus();
  });
});

describe('shipping closed to goods that cannot be mailed', () => {
  test('shown unavailable with the reason before the shopper picks it', async () => {
    const { user } = renderDrawer([
      [balloons, null, 1],
      [vape, null, 1],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const shipping = screen.getByRole('radio', { name: 'Standard Shipping' });
    expect(shipping).toBeDisabled();
    expect(shipping).toHaveAccessibleDescription(
      expect.stringContaining("Mango Ice can't be shipped. Please choose pickup or local delivery."),
    );
    const label = shipping.closest('label');
    expect(within(label).getByText('Unavailable')).toBeInTheDocument();
    expect(within(label).queryByText(/more for free shipping/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Store Pickup' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Local Delivery' })).toBeEnabled();
  });

  test('a shippable cart can be shipped', async () => {
    const { user } = renderDrawer([[pipe, null, 1]]);
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('radio', { name: 'Standard Shipping' })).toBeEnabled();
    expect(screen.queryByText(/can't be shipped/)).not.toBeInTheDocument();
  });

  test("a refusal from the server (flags changed since) is shown in the server's words", async () => {
    const message = "Glass Spoon can't be shipped. Please choose pickup or local delivery.";
    const { user } = renderDrawer([[pipe, null, 1]], {
      'POST /api/orders/checkout': { status: 400, body: { message, errors: { deliveryOption: [message] } } },
    });
    await toCheckout(user, 'Standard Shipping');
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.type(screen.getByLabelText('Delivery Address'), '1 Main St');
    await user.type(screen.getByLabelText('State (2 letters, like CA)'), 'CA');
    await user.click(screen.getByRole('checkbox', { name: 'I am 21 or older' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('local delivery', () => {
  const served = { zip: '92840', served: true, message: 'We deliver to 92840.' };
  const outside = {
    zip: '90210',
    served: false,
    message: 'Sorry, local delivery is only available in Orange County. 90210 is outside our delivery area.',
  };

  function deliveryDrawer(handlers = {}) {
    return renderDrawer([[balloons, null, 2]], {
      'GET /api/shop/info': { status: 200, body: rulesFromTomorrow() },
      'GET /api/shop/delivery-zip/92840': { status: 200, body: served },
      'GET /api/shop/delivery-zip/90210': { status: 200, body: outside },
      'GET /api/shop/delivery-zip/9284x': { status: 400, body: { message: 'Please enter a valid 5-digit ZIP code' } },
      ...handlers,
    });
  }

  test("the ZIP field says at once, in the server's words, whether the ZIP is served", async () => {
    const { user, fetchMock } = deliveryDrawer();
    await toCheckout(user, 'Local Delivery');
    const zip = screen.getByLabelText('ZIP Code');
    await user.type(zip, '9284');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('delivery-zip'))).toHaveLength(0);
    await user.type(zip, '0');
    await waitFor(() => expect(zip).toHaveAccessibleDescription('We deliver to 92840.'));
    await user.clear(zip);
    await user.type(zip, '90210');
    await waitFor(() => expect(zip).toHaveAccessibleDescription(outside.message));
    await user.clear(zip);
    await user.type(zip, '9284x');
    await waitFor(() => expect(zip).toHaveAccessibleDescription('Please enter a valid 5-digit ZIP code'));
  });

  test("dates from the earliest day to the last; each day offers the server's times, a day outside none", async () => {
    const rules = rulesFromTomorrow();
    const tomorrow = rules.deliveryEarliest.slice(0, 10);
    const later = plusDays(tomorrow, 1);
    const full = plusDays(tomorrow, 2);
    const noTimes = 'No delivery times are left on this day. Please choose a later date.';
    const served = {
      [tomorrow]: { times: ['14:30', '15:00'], message: '' },
      [later]: { times: ['10:00', '10:30'], message: '' },
      [full]: { times: [], message: noTimes },
    };
    const { user, fetchMock } = deliveryDrawer({
      'GET /api/shop/delivery-times': (url) => {
        const date = new URL(url, 'http://localhost').searchParams.get('date');
        return { status: 200, body: { date, ...served[date] } };
      },
    });
    await toCheckout(user, 'Local Delivery');
    const date = screen.getByLabelText('Delivery Date');
    expect(date).toHaveAttribute('min', tomorrow);
    expect(date).toHaveAttribute('max', rules.deliveryLatestDate);
    const times = () =>
      within(screen.getByLabelText('Delivery Time'))
        .getAllByRole('option')
        .map((o) => o.textContent);

    fireEvent.change(date, { target: { value: tomorrow } });
    await waitFor(() => expect(times()).toEqual(['Select a time', '2:30 PM', '3:00 PM']));
    await user.selectOptions(screen.getByLabelText('Delivery Time'), '2:30 PM');

    // A time the new day does not offer is dropped.
    fireEvent.change(date, { target: { value: later } });
    await waitFor(() => expect(times()).toEqual(['Select a time', '10:00 AM', '10:30 AM']));
    expect(screen.getByLabelText('Delivery Time')).toHaveValue('');

    // A day the server has no time for says why, in its words, at the date.
    fireEvent.change(date, { target: { value: full } });
    await waitFor(() => expect(date).toHaveAccessibleDescription(noTimes));
    expect(times()).toEqual(['Select a time']);

    // A day past the last bookable one offers nothing and says so before asking the server.
    fireEvent.change(date, { target: { value: plusDays(rules.deliveryLatestDate, 200) } });
    expect(date).toHaveAccessibleDescription(SHOP.checkoutMessages.dateTooFar);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(times()).toEqual(['Select a time']);
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).includes('delivery-times')).map(([url]) => url);
    expect(asked).toEqual([tomorrow, later, full].map((d) => `/api/shop/delivery-times?date=${d}`));
  }, 20000);

  test('the payload carries the ZIP; the server refusals (phone, hours, full hour) show beside the field', async () => {
    const rules = rulesFromTomorrow();
    const day = plusDays(rules.deliveryEarliest.slice(0, 10), 1);
    const refusals = [
      [400, 'phoneNumber', 'Please enter a valid phone number', 'Phone Number'],
      [400, 'deliveryTime', 'Local delivery runs from 10:00 AM to 8:00 PM. Please choose a time in that window.', 'Delivery Time'],
      [409, 'deliveryTime', 'That delivery time is full. Please choose another time.', 'Delivery Time'],
      [400, 'deliveryZip', outside.message, 'ZIP Code'],
    ];
    let attempt = 0;
    const { user, fetchMock } = deliveryDrawer({
      'POST /api/orders/checkout': () => {
        const [status, field, message] = refusals[attempt];
        attempt += 1;
        return { status, body: { message, errors: { [field]: [message] } } };
      },
    });
    await toCheckout(user, 'Local Delivery');
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.type(screen.getByLabelText('Delivery Address'), '1 Main St, Garden Grove');
    await user.type(screen.getByLabelText('ZIP Code'), '92840');
    await user.type(screen.getByLabelText('Phone Number'), '714-555-0100');
    fireEvent.change(screen.getByLabelText('Delivery Date'), { target: { value: day } });
    await user.selectOptions(screen.getByLabelText('Delivery Time'), await screen.findByRole('option', { name: '10:00 AM' }));

    for (const [, , message, label] of refusals) {
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByLabelText(label)).toHaveFocus();
      // Typing again clears the refusal; the same form is sent again.
      await user.type(screen.getByLabelText('Special Instructions (optional)'), 'x');
    }
    expect(bodyOf(checkoutCalls(fetchMock)[0][1])).toMatchObject({
      deliveryOption: 'delivery',
      deliveryZip: '92840',
      phoneNumber: '714-555-0100',
      deliveryDate: day,
      deliveryTime: '10:00',
      ageConfirmed: false,
    });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  }, 20000);
});
