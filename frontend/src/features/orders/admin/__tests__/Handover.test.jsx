import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import AdminOrdersPage from '../AdminOrdersPage';
import { order } from './orderBuilder';

const staff = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'staff' };
const SIGNATURE = 'data:image/png;base64,c2lnbmVk';

// One order list kept by the test's server: each write answers and changes it.
function server(orders, handlers = {}) {
  const state = { orders };
  const page = () => ({
    status: 200,
    body: {
      orders: state.orders,
      counts: { pending: state.orders.length, completed: 0, cancelled: 0 },
      pagination: { page: 1, limit: 25, totalItems: state.orders.length, totalPages: 1, hasNextPage: false },
    },
  });
  const update = (id, change, message = 'Order handed over.') => {
    state.orders = state.orders.map((o) => (o.id === id ? { ...o, ...change } : o));
    return { status: 200, body: { message, order: state.orders.find((o) => o.id === id) } };
  };
  const fetchMock = mockFetch({ 'GET /api/orders': page, ...handlers(update) });
  return fetchMock;
}

beforeEach(() => {
  // jsdom draws nothing: the pad's canvas answers a context that records nothing and a PNG.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    scale() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    clearRect() {},
  });
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(SIGNATURE);
});
afterEach(() => jest.restoreAllMocks());

const pickup = (id, extra) => order(id, { deliveryOption: 'pickup', deliveryAddress: '', deliveryDate: null, deliveryTime: '', ...extra });

test('Mark ready on a pending pickup: the card shows when it was made ready, and the button goes', async () => {
  const fetchMock = server([pickup(12)], (update) => ({
    'PUT /api/orders/12/ready': () => update(12, { readyAt: '2026-11-23T18:15:00Z' }, 'Order marked ready. The customer was emailed.'),
  }));
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: staff, route: '/orders' });
  await user.click(await screen.findByRole('button', { name: 'Open order 12' }));
  const drawer = await screen.findByRole('dialog', { name: 'Order #12' });
  // A delivery is not made ready: only a pickup offers it.
  await user.click(within(drawer).getByRole('button', { name: 'Mark order 12 ready' }));
  expect(await screen.findByText('Order marked ready. The customer was emailed.')).toBeInTheDocument();
  expect(await within(drawer).findByText('Ready since Mon, Nov 23, 2026 at 10:15 AM')).toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: 'Mark order 12 ready' })).not.toBeInTheDocument();
  // The list says so too.
  expect(screen.getByRole('button', { name: 'Open order 12' }).closest('tr')).toHaveTextContent(/Ready$/);
  expect(writeCalls(fetchMock).map(([url, init]) => `${init.method} ${url}`)).toEqual(['PUT /api/orders/12/ready']);
});

test('a delivery offers Hand over but not Mark ready', async () => {
  server([order(13)], () => ({}));
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: staff, route: '/orders' });
  await user.click(await screen.findByRole('button', { name: 'Open order 13' }));
  const drawer = await screen.findByRole('dialog', { name: 'Order #13' });
  expect(within(drawer).getByRole('button', { name: 'Hand over order 13' })).toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: 'Mark order 13 ready' })).not.toBeInTheDocument();
});

test('an order with an ID check: Complete gives way to Hand over, which refuses to send without the checks', async () => {
  const fetchMock = server(
    [
      pickup(14, {
        checks: { requiredFields: ['idType', 'birthYear', 'signature'], messages: [] },
        idNotice: 'Bring a valid photo ID (21+)',
      }),
    ],
    (update) => ({
      'POST /api/orders/14/handover': (url, init) =>
        update(14, { status: 'completed', handedOverAt: '2026-11-23T19:00:00Z', handedOverBy: 'Sam', ...init.body }),
    }),
  );
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: staff, route: '/orders' });
  await user.click(await screen.findByRole('button', { name: 'Open order 14' }));
  const drawer = await screen.findByRole('dialog', { name: 'Order #14' });
  expect(within(drawer).queryByRole('button', { name: 'Complete order 14' })).not.toBeInTheDocument();
  await user.click(within(drawer).getByRole('button', { name: 'Hand over order 14' }));
  const form = await screen.findByRole('dialog', { name: 'Hand over order #14' });
  expect(within(form).queryByLabelText("Recipient's name")).not.toBeInTheDocument();

  await user.click(within(form).getByRole('button', { name: 'Complete hand-over' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Complete every check before handing the order over.');
  expect(within(form).getByText('Please record the ID type.')).toBeInTheDocument();
  expect(within(form).getByText('Please record the signature.')).toBeInTheDocument();
  expect(writeCalls(fetchMock)).toEqual([]);

  await user.selectOptions(within(form).getByLabelText('ID type'), "Driver's license");
  expect(within(form).queryByText('Please record the ID type.')).not.toBeInTheDocument();
  await user.type(within(form).getByLabelText('Year of birth on the ID'), '1990');
  const pad = within(form).getByRole('img', { name: "Recipient's signature: not signed yet" });
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
  fireEvent.pointerUp(pad, { clientX: 40, clientY: 30, pointerId: 1 });
  expect(within(form).getByRole('img', { name: "Recipient's signature: signed" })).toBeInTheDocument();
  await user.click(within(form).getByRole('button', { name: 'Complete hand-over' }));

  expect(await screen.findByText('Order handed over.')).toBeInTheDocument();
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/orders/14/handover');
  expect(init.body).toEqual({ outcome: 'delivered', idType: "Driver's license", birthYear: 1990, signature: SIGNATURE });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hand over order #14' })).not.toBeInTheDocument());
  expect(await within(drawer).findByText('Handed over Mon, Nov 23, 2026 at 11:00 AM by Sam')).toBeInTheDocument();
});

test('a field the server still misses is asked, under its own message', async () => {
  const fetchMock = server([order(15, { checks: { requiredFields: ['idType', 'birthYear'], messages: [] } })], () => ({
    'POST /api/orders/15/handover': {
      status: 400,
      body: { message: "Record the recipient's name.", errors: { recipientName: ['This field is required.'] } },
    },
  }));
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: staff, route: '/orders' });
  await user.click(await screen.findByRole('button', { name: 'Open order 15' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Order #15' })).getByRole('button', { name: 'Hand over order 15' }));
  const form = await screen.findByRole('dialog', { name: 'Hand over order #15' });
  await user.selectOptions(within(form).getByLabelText('ID type'), 'Passport');
  await user.type(within(form).getByLabelText('Year of birth on the ID'), '1985');
  await user.click(within(form).getByRole('button', { name: 'Complete hand-over' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent("Record the recipient's name.");
  expect(within(form).getByLabelText("Recipient's name")).toHaveAccessibleDescription('This field is required.');
  expect(writeCalls(fetchMock)).toHaveLength(1);
});
