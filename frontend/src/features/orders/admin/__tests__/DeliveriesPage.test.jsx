import { screen, within } from '@testing-library/react';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import DeliveriesPage from '../DeliveriesPage';
import { order } from './orderBuilder';

const staff = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'staff' };

// The server answers in booked-time order; the page keeps it.
function server(orders, handlers = {}) {
  let state = orders;
  const fetchMock = mockFetch({
    'GET /api/orders/deliveries': () => ({ status: 200, body: { date: '2026-11-23', orders: state } }),
    'POST /api/orders/41/handover': (url, init) => {
      const status = init.body.outcome === 'delivered' ? 'completed' : init.body.cancel ? 'cancelled' : 'pending';
      state = state.map((o) => (o.id === 41 ? { ...o, status } : o));
      return {
        status: 200,
        body: { message: status === 'cancelled' ? 'Delivery failed; order cancelled.' : 'Order handed over.', order: state[0] },
      };
    },
    ...handlers,
  });
  return fetchMock;
}

const DAY = [
  order(41, {
    deliveryTime: '10:15',
    checks: { requiredFields: ['idType', 'birthYear'], messages: [] },
    idNotice: 'ID will be checked at delivery (21+)',
    phoneNumber: '(714) 555-0141',
  }),
  order(42, { deliveryTime: '12:00', deliveryAddress: '9 Elm St #2, Anaheim, CA 92801', specialInstructions: 'Gate code 1234' }),
  order(43, { deliveryTime: '15:30', status: 'completed', handedOverAt: '2026-11-23T20:00:00Z', handedOverBy: 'Sam' }),
];

test("the day's deliveries in booked-time order: map and call links, items and what to check at the door", async () => {
  const fetchMock = server(DAY);
  renderWithProviders(<DeliveriesPage />, { user: staff, route: '/deliveries' });
  expect(screen.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeInTheDocument();
  const cards = await screen.findAllByRole('article');
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Buyer 41 #41', 'Buyer 42 #42', 'Buyer 43 #43']);
  expect(within(cards[0]).getByText('10:15 AM')).toBeInTheDocument();

  const map = within(cards[1]).getByRole('link', { name: '9 Elm St #2, Anaheim, CA 92801' });
  expect(map).toHaveAttribute('href', 'https://maps.google.com/?q=9%20Elm%20St%20%232%2C%20Anaheim%2C%20CA%2092801');
  expect(within(cards[0]).getByRole('link', { name: 'Call (714) 555-0141' })).toHaveAttribute('href', 'tel:7145550141');
  expect(within(cards[1]).getByText('Gate code 1234')).toBeInTheDocument();
  expect(within(within(cards[0]).getByRole('list', { name: 'Items of order 41' })).getByText('2 × Cloud Vape - Mint')).toBeInTheDocument();

  const checks = within(cards[0]).getByRole('list', { name: 'Checks at the door for order 41' });
  expect(checks).toHaveTextContent('Photo ID: note its type and the year of birth (21+)');
  expect(within(cards[0]).getByText('ID will be checked at delivery (21+)')).toBeInTheDocument();
  // A delivery already made shows who made it and offers nothing more.
  expect(within(cards[2]).getByText('Handed over Mon, Nov 23, 2026 at 12:00 PM by Sam')).toBeInTheDocument();
  expect(within(cards[2]).queryByRole('button')).not.toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders/deliveries')).toBe(true);
});

test('Delivered hands the order over with its ID check', async () => {
  const fetchMock = server(DAY);
  const { user } = renderWithProviders(<DeliveriesPage />, { user: staff, route: '/deliveries' });
  const [first] = await screen.findAllByRole('article');
  await user.click(await within(first).findByRole('button', { name: 'Delivered' }));
  const form = await screen.findByRole('dialog', { name: 'Hand over order #41' });
  await user.selectOptions(within(form).getByLabelText('ID type'), 'State ID card');
  await user.type(within(form).getByLabelText('Year of birth on the ID'), '1990');
  await user.click(within(form).getByRole('button', { name: 'Complete hand-over' }));
  expect(await screen.findByText('Order handed over.')).toBeInTheDocument();
  expect(writeCalls(fetchMock).map(([, init]) => init.body)).toEqual([{ outcome: 'delivered', idType: 'State ID card', birthYear: 1990 }]);
});

test('Could not deliver records why, and cancels with the stock returned when the staff member chooses', async () => {
  const fetchMock = server(DAY);
  const { user } = renderWithProviders(<DeliveriesPage />, { user: staff, route: '/deliveries' });
  const [first] = await screen.findAllByRole('article');
  await user.click(await within(first).findByRole('button', { name: 'Could not deliver' }));
  const form = await screen.findByRole('dialog', { name: 'Could not deliver order #41' });
  await user.click(within(form).getByRole('button', { name: 'Record failed delivery' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Choose why the delivery failed.');
  expect(writeCalls(fetchMock)).toEqual([]);

  expect(within(form).getByLabelText('Keep it pending (try again)')).toBeChecked();
  await user.click(within(form).getByLabelText('No valid ID'));
  await user.click(within(form).getByLabelText('Cancel it and return the stock'));
  await user.click(within(form).getByRole('button', { name: 'Record failed delivery' }));
  expect(await screen.findByText('Delivery failed; order cancelled.')).toBeInTheDocument();
  expect(writeCalls(fetchMock).map(([, init]) => init.body)).toEqual([{ outcome: 'failed', reason: 'No valid ID', cancel: true }]);
});

test('no delivery booked says so', async () => {
  server([]);
  renderWithProviders(<DeliveriesPage />, { user: staff, route: '/deliveries' });
  expect(await screen.findByText('No local delivery is booked for this day.')).toBeInTheDocument();
});
