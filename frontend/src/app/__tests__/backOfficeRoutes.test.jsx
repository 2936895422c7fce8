import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockFetch } from '../../test/fetch';
import { createTestQueryClient, makeToken } from '../../test/render';
import { AppProviders } from '../App';
import { AppRoutes } from '../routes';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

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

const EMPTY_REPORT = {
  from: '2026-10-25',
  to: '2026-11-23',
  totals: { orders: 0, revenue: '0.00', averageOrder: '0.00' },
  days: [],
  byCategory: [],
  topProducts: [],
  byStatus: { pending: 0, completed: 0, cancelled: 0 },
  byDeliveryOption: {},
};

test('customers get Access Denied on the dashboard and never call the reports', async () => {
  const fetchMock = mockFetch({ 'GET /api/hero/images': { status: 200, body: [] } });
  renderApp('/dashboard', CUSTOMER);
  expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url]) => url.includes('/reports'))).toBe(false);
});

test('customers get Access Denied on the print view, which has no app header', async () => {
  mockFetch({});
  renderApp('/orders/print?id=3', CUSTOMER);
  expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
});

test('admins reach the dashboard at /dashboard and the print view at /orders/print, the latter without the header', async () => {
  mockFetch({
    'GET /api/reports/sales': { status: 200, body: EMPTY_REPORT },
    'GET /api/orders': {
      status: 200,
      body: { orders: [], counts: { pending: 0, completed: 0, cancelled: 0 }, pagination: { page: 1, hasNextPage: false } },
    },
  });
  const { unmount } = renderApp('/dashboard', ADMIN);
  // The dashboard's chunk brings its chart library: more than findBy's default second on a busy machine.
  expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 10000 })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
  unmount();

  renderApp('/orders/print?id=3', ADMIN);
  expect(await screen.findByText('No orders to print')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
});

test('the Activity page: admins reach it at /activity, customers get Access Denied and never call the history', async () => {
  const fetchMock = mockFetch({
    'GET /api/hero/images': { status: 200, body: [] },
    'GET /api/auth/users': {
      status: 200,
      body: { users: [], pagination: { page: 1, limit: 100, totalItems: 0, totalPages: 0, hasNextPage: false, nextCursor: null } },
    },
    'GET /api/activity': {
      status: 200,
      body: { entries: [], kinds: [], pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0, hasNextPage: false } },
    },
  });
  const { unmount } = renderApp('/activity', CUSTOMER);
  expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url]) => url.includes('/activity'))).toBe(false);
  unmount();

  renderApp('/activity', ADMIN);
  expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText('No activity yet')).toBeInTheDocument();
});

test('Promotions and Taxes: admins reach them, customers get Access Denied and never call them', async () => {
  const fetchMock = mockFetch({
    'GET /api/hero/images': { status: 200, body: [] },
    'GET /api/promotions': { status: 200, body: [] },
    'GET /api/reports/taxes': {
      status: 200,
      body: { from: '2026-10-01', to: '2026-10-31', taxableSales: 0, salesTax: 0, exciseSales: 0, exciseTax: 0, byRate: [] },
    },
  });
  for (const path of ['/promotions', '/taxes']) {
    const { unmount } = renderApp(path, CUSTOMER);
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    unmount();
  }
  expect(fetchMock.mock.calls.some(([url]) => /promotions|reports\/taxes/.test(url))).toBe(false);

  const { unmount } = renderApp('/promotions', ADMIN);
  expect(await screen.findByRole('heading', { name: 'Promotions', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText('No promotions yet')).toBeInTheDocument();
  unmount();
  renderApp('/taxes', ADMIN);
  expect(await screen.findByRole('heading', { name: 'Taxes', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText('No taxed sales in this period.')).toBeInTheDocument();
});
