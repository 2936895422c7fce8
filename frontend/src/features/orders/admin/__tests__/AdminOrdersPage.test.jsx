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

test('lists all orders with the total and actions only on pending ones', async () => {
  const fetchMock = mockFetch({ 'GET /api/orders': page([order(2, 'pending'), order(1, 'completed')]) });
  renderWithProviders(<AdminOrdersPage />, { user: admin });

  expect(screen.getByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
  expect(await screen.findByText('2 orders in total')).toBeInTheDocument();
  const pending = screen.getByRole('article', { name: 'Order #2' });
  const done = screen.getByRole('article', { name: 'Order #1' });
  expect(within(pending).getByText('Buyer 2')).toBeInTheDocument();
  expect(within(pending).getByText('buyer2@example.com')).toBeInTheDocument();
  expect(within(pending).getByText(/Cloud Vape - Mint × 2/)).toBeInTheDocument();
  expect(within(pending).getByText('Delivery fee: $20.00')).toBeInTheDocument();
  expect(within(pending).getByText('Total: $60.00')).toBeInTheDocument();
  // The delivery day and time in words, not '2026-11-23' and '14:00'.
  expect(within(pending).getByText('Mon, Nov 23, 2026')).toBeInTheDocument();
  expect(within(pending).getByText('2:00 PM')).toBeInTheDocument();
  expect(await within(pending).findByText('Pending')).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: 'Complete order 2' })).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: 'Cancel order 2' })).toBeInTheDocument();
  expect(within(done).getByText('Completed')).toBeInTheDocument();
  expect(within(done).queryByRole('button')).not.toBeInTheDocument();
  expect(fetchMock.mock.calls.map(([url]) => url).find((url) => url.startsWith('/api/orders'))).toMatch(/limit=6/);
});

test('complete asks first, says inventory is updated, then refreshes the list', async () => {
  let completed = false;
  const fetchMock = mockFetch({
    'GET /api/orders': () => page([order(2, completed ? 'completed' : 'pending')]),
    'PUT /api/orders/2/complete': () => {
      completed = true;
      return { status: 200, body: { message: 'Order completed. Inventory updated.', order: order(2, 'completed') } };
    },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  await user.click(await screen.findByRole('button', { name: 'Complete order 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Complete Order' });
  expect(dialog).toHaveTextContent('Inventory will be updated.');
  await user.click(within(dialog).getByRole('button', { name: 'Complete' }));

  expect(await screen.findByText('Order completed. Inventory updated.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Complete order 2' })).not.toBeInTheDocument());
  expect(fetchMock.mock.calls.filter(([url]) => url.includes('/api/orders?')).length).toBeGreaterThanOrEqual(2);
});

test('a refused cancel shows the server message', async () => {
  mockFetch({
    'GET /api/orders': page([order(2, 'pending')]),
    'PUT /api/orders/2/cancel': { status: 409, body: { message: 'Only pending orders can be cancelled.' } },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  await user.click(await screen.findByRole('button', { name: 'Cancel order 2' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Order' })).getByRole('button', { name: 'Cancel Order' }));

  expect(await screen.findByText('Only pending orders can be cancelled.')).toBeInTheDocument();
});

test('without a server message the failure toasts use their own texts', async () => {
  mockFetch({
    'GET /api/orders': page([order(2, 'pending')]),
    'PUT /api/orders/2/cancel': networkError(),
    'PUT /api/orders/2/complete': { status: 500, body: {} },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

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
