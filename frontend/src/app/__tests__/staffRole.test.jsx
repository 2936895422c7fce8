import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockFetch } from '../../test/fetch';
import { createTestQueryClient, makeToken } from '../../test/render';
import { AppProviders } from '../App';
import { AppRoutes } from '../routes';

const STAFF = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'staff' };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const EMPTY_PRODUCTS = { products: [], pagination: { page: 1, limit: 12, totalItems: 0, totalPages: 0, hasNextPage: false } };
const EMPTY_ORDERS = {
  orders: [],
  counts: { pending: 0, completed: 0, cancelled: 0 },
  pagination: { page: 1, limit: 25, totalItems: 0, totalPages: 0, hasNextPage: false },
};

function renderApp(route, user) {
  localStorage.setItem('token', makeToken(user));
  localStorage.setItem('user', JSON.stringify(user));
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

const api = (extra = {}) =>
  mockFetch({
    'GET /api/hero/images': { status: 200, body: [] },
    'GET /api/products': { status: 200, body: EMPTY_PRODUCTS },
    'GET /api/orders': { status: 200, body: EMPTY_ORDERS },
    'GET /api/announcements': { status: 200, body: { latestOrderId: 0, latestRideId: 0, orders: [], rides: [] } },
    ...extra,
  });

test("a staff member's navigation holds their part only: no cart, no ride button", async () => {
  api();
  renderApp('/', STAFF);
  const nav = await screen.findByRole('navigation', { name: 'Admin' });
  const tabs = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  expect(tabs).toEqual(['Products', 'Orders', 'Rides', 'Deliveries']);
  expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /request ride/i })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
});

test('an admin keeps every tab', async () => {
  api();
  renderApp('/', ADMIN);
  const nav = await screen.findByRole('navigation', { name: 'Admin' });
  const tabs = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  expect(tabs).toEqual(expect.arrayContaining(['Dashboard', 'Products', 'Orders', 'Rides', 'Hero', 'Users', 'Settings', 'Activity']));
});

test.each(['/dashboard', '/users', '/settings', '/activity', '/hero', '/account'])(
  'a staff member gets Access Denied at %s and nothing of it is fetched',
  async (route) => {
    const fetchMock = api();
    renderApp(route, STAFF);
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page')).toBeInTheDocument();
    const called = fetchMock.mock.calls.map(([url]) => url);
    expect(called.filter((url) => /reports|auth\/users|settings|activity|hero\/images\?/.test(url))).toEqual([]);
  },
);

test('a staff member opens the Orders page of the back office', async () => {
  api();
  renderApp('/orders', STAFF);
  expect(await screen.findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
});

test("a staff member's open Orders page asks for the news; a customer's My Orders never does", async () => {
  const fetchMock = api();
  renderApp('/orders', STAFF);
  await screen.findByRole('heading', { name: 'All Orders' });
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/announcements'))).toBe(true));
  cleanup();
  localStorage.clear();

  const customerFetch = api({
    'GET /api/orders': {
      status: 200,
      body: { orders: [], pagination: { page: 1, limit: 6, totalItems: 0, totalPages: 0, hasNextPage: false } },
    },
  });
  renderApp('/orders', { id: 2, name: 'Cy', email: 'cy@example.com', role: 'customer' });
  await screen.findByRole('heading', { name: 'My Orders' });
  expect(customerFetch.mock.calls.some(([url]) => url.startsWith('/api/announcements'))).toBe(false);
});
