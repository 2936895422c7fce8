import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch, networkError } from '../../../../test/fetch';
import AdminOrdersPage from '../AdminOrdersPage';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const order = (id, status, extra = {}) => ({
  id,
  userId: 5,
  userEmail: `buyer${id}@example.com`,
  customerName: `Buyer ${id}`,
  createdAt: '2026-11-22T18:04:05Z',
  status,
  deliveryOption: 'delivery',
  deliveryAddress: '1 Main St, Anaheim',
  phoneNumber: '555-0100',
  deliveryDate: '2026-11-23',
  deliveryTime: '14:00',
  specialInstructions: '',
  subtotal: 40,
  deliveryFee: 20,
  total: 60,
  items: [{ productId: 3, productTypeId: 21, productName: 'Cloud Vape', productTypeName: 'Mint', quantity: 2, price: 20, subtotal: 40 }],
  ...extra,
});

const page = (orders, totalItems = orders.length) => ({
  status: 200,
  body: { orders, pagination: { page: 1, limit: 6, totalItems, totalPages: 1, hasNextPage: false } },
});

// The row's detail drawer: the order card with its actions.
async function openOrder(user, id) {
  await user.click(await screen.findByRole('button', { name: `Open order ${id}` }));
  return screen.findByRole('dialog', { name: `Order #${id}` });
}

test('lists all orders as table rows, each opening its details with actions only on pending ones', async () => {
  const fetchMock = mockFetch({ 'GET /api/orders': page([order(2, 'pending'), order(1, 'completed')]) });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  expect(screen.getByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
  expect(await screen.findByText('2 orders in total')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Orders' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['All', 'Order', 'Date', 'Customer', 'Option', 'Items', 'Total', 'Status']);
  const row = within(table).getByRole('row', { name: /#2/ });
  // Number, placed day and time in the shop's zone, customer, option with the booked time, units, total, status.
  expect(
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    '',
    'Sun, Nov 22, 2026' + '10:04 AM',
    'Buyer 2' + 'buyer2@example.com',
    'Local Delivery' + 'Mon, Nov 23, 2026 at 2:00 PM',
    '2 items',
    '$60.00',
    'Pending',
  ]);
  expect(within(table).getByRole('row', { name: /#1/ })).toHaveTextContent('Completed');
  expect(fetchMock.mock.calls.map(([url]) => url).find((url) => url.startsWith('/api/orders'))).toMatch(/limit=25/);

  const pending = within(await openOrder(user, 2)).getByRole('article', { name: 'Order #2' });
  expect(within(pending).getByText('buyer2@example.com')).toBeInTheDocument();
  expect(within(pending).getByText(/Cloud Vape - Mint × 2/)).toBeInTheDocument();
  expect(within(pending).getByTestId('admin-order-2-deliveryFee')).toHaveTextContent('$20.00');
  expect(within(pending).getByTestId('admin-order-2-total')).toHaveTextContent('$60.00');
  expect(within(pending).getByText('Mon, Nov 23, 2026')).toBeInTheDocument();
  expect(within(pending).getByText('2:00 PM')).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: 'Complete order 2' })).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: 'Cancel order 2' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Close' }));

  // A click on the row itself opens it too.
  await user.click(within(table).getByText('Buyer 1'));
  const done = within(await screen.findByRole('dialog', { name: 'Order #1' })).getByRole('article', { name: 'Order #1' });
  expect(within(done).getByText('Completed')).toBeInTheDocument();
  expect(within(done).queryByRole('button')).not.toBeInTheDocument();
});

test('complete asks first, says inventory is updated and an email goes out, then refreshes the list', async () => {
  let completed = false;
  const fetchMock = mockFetch({
    'GET /api/orders': () => page([order(2, completed ? 'completed' : 'pending')]),
    'PUT /api/orders/2/complete': () => {
      completed = true;
      return { status: 200, body: { message: 'Order completed. Inventory updated.', order: order(2, 'completed') } };
    },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  const drawer = await openOrder(user, 2);
  await user.click(within(drawer).getByRole('button', { name: 'Complete order 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Complete Order' });
  expect(dialog).toHaveTextContent('Mark order #2 as completed? Inventory will be updated. An email goes out to the customer.');
  await user.click(within(dialog).getByRole('button', { name: 'Complete' }));

  expect(await screen.findByText('Order completed. Inventory updated.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Complete order 2' })).not.toBeInTheDocument());
  expect(within(screen.getByRole('dialog', { name: 'Order #2' })).getByText('Completed')).toBeInTheDocument();
  expect(fetchMock.mock.calls.filter(([url]) => url.includes('/api/orders?')).length).toBeGreaterThanOrEqual(2);
});

test('a refused cancel shows the server message', async () => {
  mockFetch({
    'GET /api/orders': page([order(2, 'pending')]),
    'PUT /api/orders/2/cancel': { status: 409, body: { message: 'Only pending orders can be cancelled.' } },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  await openOrder(user, 2);
  await user.click(await screen.findByRole('button', { name: 'Cancel order 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
  expect(dialog).toHaveTextContent('Cancel order #2? Its items go back to stock. An email goes out to the customer.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));

  expect(await screen.findByText('Only pending orders can be cancelled.')).toBeInTheDocument();
});

test('without a server message the failure toasts use their own texts', async () => {
  mockFetch({
    'GET /api/orders': page([order(2, 'pending')]),
    'PUT /api/orders/2/cancel': networkError(),
    'PUT /api/orders/2/complete': { status: 500, body: {} },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  await openOrder(user, 2);
  await user.click(await screen.findByRole('button', { name: 'Cancel order 2' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Order' })).getByRole('button', { name: 'Cancel Order' }));
  expect(await screen.findByText('Failed to cancel order')).toBeInTheDocument();

  await user.click(await screen.findByRole('button', { name: 'Complete order 2' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Complete Order' })).getByRole('button', { name: 'Complete' }));
  expect(await screen.findByText('Failed to complete order')).toBeInTheDocument();
});

test('an empty shop says there are no orders', async () => {
  mockFetch({ 'GET /api/orders': page([]) });
  renderWithProviders(<AdminOrdersPage />, { user: admin });
  expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  expect(screen.getByText('0 orders in total')).toBeInTheDocument();
});
