import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import AdminOrdersPage from '../AdminOrdersPage';
import SHOP_INFO from '../../../../test/fixtures/shopInfo.json';
import { splitHandovers } from '../handovers';
import { order } from './orderBuilder';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

// Deliberately out of order: the view must not depend on the answer's order.
const TODAY = [
  order(31, { deliveryTime: '18:30' }),
  order(32, {
    deliveryOption: 'pickup',
    deliveryAddress: '',
    deliveryDate: null,
    deliveryTime: '',
    createdAt: '2026-11-23T19:00:00Z',
    idNotice: 'Bring a valid photo ID (21+)',
  }),
  order(33, { deliveryTime: '10:15', idNotice: 'ID will be checked at delivery (21+)' }),
  order(34, { deliveryOption: 'pickup', deliveryAddress: '', deliveryDate: null, deliveryTime: '', createdAt: '2026-11-23T16:00:00Z' }),
  order(35, { deliveryTime: '14:00', status: 'completed' }),
];

test('Today lists deliveries in time order (handed-over ones last), then pickups, each with what the handover needs', async () => {
  const fetchMock = mockFetch({
    'GET /api/orders': {
      status: 200,
      body: {
        orders: TODAY,
        counts: { pending: 4, completed: 1, cancelled: 0 },
        pagination: { page: 1, limit: 50, totalItems: 5, totalPages: 1, hasNextPage: false },
      },
    },
  });
  renderWithProviders(<AdminOrdersPage />, { user: admin, route: '/orders?due=today' });

  expect(screen.getByRole('heading', { name: 'Today', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  const deliveries = await screen.findByRole('list', { name: /Deliveries/ });
  const times = within(deliveries)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-labelledby'));
  // #35 was handed over already: after the two still to go.
  expect(times).toEqual(['handover-33-title', 'handover-31-title', 'handover-35-title']);
  expect(
    within(deliveries)
      .getAllByText(/^\d{1,2}:\d{2} (AM|PM)$/)
      .map((n) => n.textContent),
  ).toEqual(['10:15 AM', '6:30 PM', '2:00 PM']);

  const pickups = screen.getByRole('list', { name: /Pickups/ });
  expect(
    within(pickups)
      .getAllByRole('article')
      .map((card) => card.getAttribute('aria-labelledby')),
  ).toEqual(['handover-34-title', 'handover-32-title']);

  const first = within(deliveries).getByRole('article', { name: 'Order #33' });
  expect(within(first).getByText('Buyer 33')).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: '(714) 555-0133' })).toHaveAttribute('href', 'tel:7145550133');
  expect(within(first).getByText('33 Main St, Anaheim, CA 92801')).toBeInTheDocument();
  expect(within(first).getByText('Cloud Vape - Mint × 2')).toBeInTheDocument();
  expect(within(first).getByRole('note')).toHaveTextContent('ID will be checked at delivery (21+)');
  expect(within(first).getByRole('button', { name: 'Complete order 33' })).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'Print order 33' })).toHaveAttribute('href', '/orders/print?id=33');
  expect(within(pickups).getByRole('article', { name: 'Order #32' })).toHaveTextContent('Bring a valid photo ID (21+)');
  expect(within(pickups).getByRole('article', { name: 'Order #34' })).not.toHaveTextContent('photo ID');

  const sent = new URL(fetchMock.mock.calls.find(([url]) => url.startsWith('/api/orders'))[0], 'http://localhost').searchParams;
  expect(sent.get('due')).toBe('today');
  expect(sent.get('limit')).toBe('50');
  expect(screen.getByRole('link', { name: 'Print pick lists' })).toHaveAttribute('href', '/orders/print?due=today');
});

test('an empty day says so', async () => {
  mockFetch({
    'GET /api/orders': {
      status: 200,
      body: {
        orders: [],
        counts: { pending: 0, completed: 0, cancelled: 0 },
        pagination: { page: 1, limit: 50, totalItems: 0, totalPages: 0, hasNextPage: false },
      },
    },
  });
  renderWithProviders(<AdminOrdersPage />, { user: admin, route: '/orders?due=today' });
  expect(await screen.findByText('Nothing to hand over today')).toBeInTheDocument();
});

test('splitHandovers groups by the served options, sorts by booked time (no time last) and pickups by placing time', () => {
  const { deliveries, pickups, others } = splitHandovers(
    [
      { id: 1, deliveryOption: 'delivery', deliveryTime: '' },
      { id: 2, deliveryOption: 'delivery', deliveryTime: '09:00' },
      { id: 3, deliveryOption: 'pickup', createdAt: '2026-11-23T20:00:00Z' },
      { id: 4, deliveryOption: 'pickup', createdAt: '2026-11-23T08:00:00Z' },
      { id: 5, deliveryOption: 'shipping' },
      { id: 6, deliveryOption: 'delivery', deliveryTime: '09:00' },
    ],
    SHOP_INFO.deliveryOptions,
  );
  expect(deliveries.map((o) => o.id)).toEqual([2, 6, 1]);
  expect(pickups.map((o) => o.id)).toEqual([4, 3]);
  expect(others.map((o) => o.id)).toEqual([5]);
});

test('orders still to hand over come first in each group, handed-over ones after them', () => {
  const { deliveries, pickups } = splitHandovers(
    [
      { id: 1, deliveryOption: 'delivery', deliveryTime: '09:00', status: 'completed' },
      { id: 2, deliveryOption: 'delivery', deliveryTime: '15:00', status: 'pending' },
      { id: 3, deliveryOption: 'pickup', createdAt: '2026-11-23T08:00:00Z', status: 'completed' },
      { id: 4, deliveryOption: 'pickup', createdAt: '2026-11-23T20:00:00Z', status: 'pending' },
    ],
    SHOP_INFO.deliveryOptions,
  );
  expect(deliveries.map((o) => o.id)).toEqual([2, 1]);
  expect(pickups.map((o) => o.id)).toEqual([4, 3]);
});
