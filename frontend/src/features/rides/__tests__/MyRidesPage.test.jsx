import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { MyRidesPage } from '..';

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };

const RIDE = {
  id: 5,
  name: 'Ada',
  phone: '714',
  address: '1 Main St',
  dropoff_address: '2 Oak Ave',
  pickup_date: '2026-11-23',
  pickup_time: '10:30',
  item_description: 'A sofa',
  status: 'in_progress',
  created_at: '2026-11-22T18:04:05Z',
  updated_at: '2026-11-22T18:04:05Z',
};

test('lists own requests with status, dates and addresses', async () => {
  const fetchMock = mockFetch({
    'GET /api/rides': {
      status: 200,
      body: { rides: [RIDE], pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1, hasNextPage: false } },
    },
  });
  renderWithProviders(<MyRidesPage />, { user: CUSTOMER, route: '/rides' });
  expect(screen.getByRole('heading', { name: 'My Ride Requests' })).toBeInTheDocument();
  const card = (await screen.findByRole('heading', { name: 'Ride #5' })).closest('article');
  expect(await within(card).findByText('In Progress')).toBeInTheDocument();
  expect(within(card).getByText('Mon, Nov 23, 2026 at 10:30 AM')).toBeInTheDocument();
  expect(within(card).getByText('1 Main St')).toBeInTheDocument();
  expect(within(card).getByText('2 Oak Ave')).toBeInTheDocument();
  expect(within(card).getByText('Sun, Nov 22, 2026 at 10:04 AM')).toBeInTheDocument();
  const url = fetchMock.mock.calls.map(([u]) => new URL(u, 'http://localhost')).find((u) => u.pathname === '/api/rides');
  expect([url.searchParams.get('page'), url.searchParams.get('limit')]).toEqual(['1', '12']);
});

test('empty state button opens the ride request modal', async () => {
  mockFetch({
    'GET /api/rides': {
      status: 200,
      body: { rides: [], pagination: { page: 1, limit: 12, totalItems: 0, totalPages: 0, hasNextPage: false } },
    },
    'GET /api/rides/settings/pricing': { status: 200, body: { ride_pricing_description: 'Flat.' } },
    // The form asks for the saved name and phone.
    'GET /api/auth/me': { status: 200, body: CUSTOMER },
  });
  const { user } = renderWithProviders(<MyRidesPage />, { user: CUSTOMER, route: '/rides' });
  await user.click(await screen.findByRole('button', { name: 'Request a Ride' }));
  expect(await screen.findByRole('dialog', { name: 'Request a Ride' })).toBeInTheDocument();
});

test('a failed load shows the rides error', async () => {
  mockFetch({ 'GET /api/rides': { status: 500, body: {} } });
  renderWithProviders(<MyRidesPage />, { user: CUSTOMER, route: '/rides' });
  expect(await screen.findByText('Failed to fetch rides')).toBeInTheDocument();
});
