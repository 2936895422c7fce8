import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { OrdersPage } from '..';

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };

function order(id, extra = {}) {
  return {
    id,
    customerName: 'Ada',
    createdAt: '2026-11-22T18:04:05Z',
    status: 'pending',
    deliveryOption: 'pickup',
    deliveryFee: 0,
    subtotal: 10,
    total: 10,
    items: [{ productId: 1, productTypeId: null, productName: `Item ${id}`, productTypeName: null, quantity: 1, price: 10, subtotal: 10 }],
    ...extra,
  };
}

const page = (orders, pageNo, totalItems, hasNextPage) => ({
  status: 200,
  body: { orders, pagination: { page: pageNo, limit: 6, totalItems, totalPages: Math.ceil(totalItems / 6), hasNextPage } },
});

test('count of total, both pages loaded by infinite scroll, 6 per page', async () => {
  const first = [1, 2, 3, 4, 5, 6].map((id) => order(id));
  const fetchMock = mockFetch({
    'GET /api/orders': (url) =>
      new URL(url, 'http://localhost').searchParams.get('page') === '2' ? page([order(7), order(8)], 2, 8, false) : page(first, 1, 8, true),
  });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
  // The page is not scrollable in jsdom, so the second page is fetched at once.
  expect(await screen.findByText('Showing 8 of 8 orders')).toBeInTheDocument();
  const urls = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((u) => u.pathname === '/api/orders');
  expect(urls.map((u) => [u.searchParams.get('page'), u.searchParams.get('limit')])).toEqual([
    ['1', '6'],
    ['2', '6'],
  ]);
});

test('an order: LA time, status, lines with type, delivery, fee and total with 2 decimals', async () => {
  mockFetch({
    'GET /api/orders': page(
      [
        order(42, {
          status: 'completed',
          deliveryOption: 'delivery',
          deliveryFee: 20,
          total: 45.5,
          items: [
            { productId: 1, productTypeId: 3, productName: 'Vape', productTypeName: 'Mint', quantity: 2, price: 12.75, subtotal: 25.5 },
          ],
        }),
      ],
      1,
      1,
      false,
    ),
  });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  const card = (await screen.findByRole('heading', { name: 'Order #42' })).closest('article');
  expect(within(card).getByText('Sun, Nov 22, 2026 at 10:04 AM')).toBeInTheDocument();
  expect(await within(card).findByText('Completed')).toBeInTheDocument();
  expect(within(card).getByText('Vape')).toBeInTheDocument();
  expect(within(card).getByText(/Mint/)).toBeInTheDocument();
  expect(within(card).getByText(/× 2 @ \$12\.75/)).toBeInTheDocument();
  expect(within(card).getByText('$25.50')).toBeInTheDocument();
  expect(within(card).getByText('Local Delivery')).toBeInTheDocument();
  expect(within(card).getByText('$20.00')).toBeInTheDocument();
  expect(within(card).getByText('$45.50')).toBeInTheDocument();
  expect(screen.getByText('Showing 1 of 1 order')).toBeInTheDocument();
});

test('the older single-product order shape, without a fee line', async () => {
  mockFetch({
    'GET /api/orders': {
      status: 200,
      body: [{ id: 3, product: { name: 'Old Pipe' }, quantity: 2, total: 30, status: 'pending', createdAt: '2025-01-05T20:00:00Z' }],
    },
  });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  const card = (await screen.findByRole('heading', { name: 'Order #3' })).closest('article');
  expect(within(card).getByText('Old Pipe')).toBeInTheDocument();
  expect(within(card).getByText(/× 2 @ \$15\.00/)).toBeInTheDocument();
  expect(within(card).getAllByText('$30.00')).toHaveLength(3);
  expect(within(card).queryByText('Delivery Fee')).not.toBeInTheDocument();
  expect(within(card).getByText('Sun, Jan 5, 2025 at 12:00 PM')).toBeInTheDocument();
});

test('empty state', async () => {
  mockFetch({ 'GET /api/orders': page([], 1, 0, false) });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
});

test('a failed load shows the error toast', async () => {
  mockFetch({ 'GET /api/orders': { status: 500, body: {} } });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  expect(await screen.findByText('Failed to fetch orders')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test("a 21+ order in My Orders carries the server's ID notice", async () => {
  mockFetch({ 'GET /api/orders': page([order(43, { idCheckRequired: true, idNotice: 'Bring ID (served words)' })], 1, 1, false) });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  const card = (await screen.findByRole('heading', { name: 'Order #43' })).closest('article');
  expect(within(card).getByTestId('id-notice').textContent).toBe('Bring ID (served words)');
});
